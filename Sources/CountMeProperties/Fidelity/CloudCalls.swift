import CloudFake
import CountMeCore
import FirestoreCloud
import Foundation
import Generators
import PropertyHarness

/// A sequence of calls on one user's food items, answered by `CloudFake` and by Firestore.
///
/// A sequence of calls on one user's food items, by that user or another, each answered by
/// `CloudFake` and by Firestore: what the cloud fidelity check compares, answer by answer.
struct CloudCalls: Sendable, Equatable {
  /// One call. Slots 0 to 2 are `users/alice/foodItems/d0` to `d2`.
  enum Call: Sendable, Equatable {
    /// A write of slot `slot` by `caller`, its document naming `owner` (nil: no `userId`).
    case set(slot: Int, caller: String, owner: String?, calories: Int)
    /// A read of slot `slot` by `caller`.
    case get(slot: Int, caller: String)
    /// A deletion of slot `slot` by `caller`.
    case delete(slot: Int, caller: String)
    /// A download by `caller` of alice's food items changed after the `afterWrite`-th write that
    /// landed (0: from the start; past the last, the last).
    case changes(caller: String, afterWrite: Int)

    var json: JSON {
      switch self {
      case .set(let slot, let caller, let owner, let calories):
        return .object([
          ("set", .integer(Int64(slot))), ("caller", .string(caller)),
          ("owner", owner.map(JSON.string) ?? .null),
          ("calories", .integer(Int64(calories))),
        ])
      case .get(let slot, let caller):
        return .object([("get", .integer(Int64(slot))), ("caller", .string(caller))])
      case .delete(let slot, let caller):
        return .object([("delete", .integer(Int64(slot))), ("caller", .string(caller))])
      case .changes(let caller, let afterWrite):
        return .object([("changes", .integer(Int64(afterWrite))), ("caller", .string(caller))])
      }
    }
  }

  /// The calls, in order.
  var calls: [Call]

  var json: JSON { .array(calls.map(\.json)) }

  /// The path of slot `slot`, for user `owner`.
  static func path(_ slot: Int, of owner: String) -> DocumentPath {
    DocumentPath(uid: owner, collection: "foodItems", documentId: "d\(slot)")
  }

  /// The document a write of `calories` naming `owner` holds.
  static func document(owner: String?, calories: Int) -> CloudDocument {
    var fields: [String: Any] = [
      "name": "Oats", "calories": Double(calories) + 0.5, "servings": Int64(2),
      "at": Timestamp(seconds: 1_767_225_600, nanoseconds: 125_000_000),
    ]
    if let owner { fields["userId"] = owner }
    return CloudDocument(fields)
  }

  /// One call by alice (mostly) or mallory, on one of three slots.
  static let call: Generator<Call> = Generator { source in
    let caller = try source.draw(Gen.frequency([(4, Gen.constant("alice")), (1, Gen.constant("mallory"))]))
    let slot = try source.draw(Gen.int(in: 0...2))
    let kind = try source.draw(
      Gen.frequency([(5, Gen.constant(0)), (2, Gen.constant(1)), (2, Gen.constant(2)), (3, Gen.constant(3))]))
    switch kind {
    case 0:
      let owner = try source.draw(
        Gen.frequency([
          (5, Gen.constant("alice" as String?)), (1, Gen.constant("mallory")), (1, Gen.constant(nil)),
        ]))
      return .set(slot: slot, caller: caller, owner: owner, calories: try source.draw(Gen.int(in: 0...999)))
    case 1: return .get(slot: slot, caller: caller)
    case 2: return .delete(slot: slot, caller: caller)
    default: return .changes(caller: caller, afterWrite: try source.draw(Gen.int(in: 0...4)))
    }
  }

  /// Up to 12 calls (none is a case that trivially agrees); the shrinker removes any of them.
  static let generator: Generator<Tagged<CloudCalls>> = Gen.array(of: call, count: 0...12, averageExtra: 6)
    .map {
      Tagged(CloudCalls(calls: $0), tags: ["CloudCalls.\(min($0.count, 6))+"])
    }
}
