import CloudFake
import CountMeWorlds
import FirestoreCloud
import Foundation
import Generators
import PropertyHarness

/// One request to judge under one rule file: what the rules property asks `CloudFake` and
/// Firestore alike.
struct RuleCheck: Sendable, Equatable {
  /// A rule file of the repository, and the rules `CloudFake` mirrors it with.
  enum File: String, Sendable, CaseIterable {
    /// `firestore.rules`, the rules we recommend.
    case recommended
    /// `rules/seed-002.rules`, seed 002's, verbatim.
    case seed002

    /// The file's path from the repository's root.
    var path: String { self == .recommended ? RulesFile.recommendedPath : "rules/seed-002.rules" }
    /// `CloudFake`'s rules for it.
    var fakeRules: AccessRules { self == .recommended ? .recommended : .seed002 }
  }

  /// What a document written holds in `userId`.
  enum Owner: String, Sendable, CaseIterable {
    /// The path's user.
    case pathUser
    /// The caller (the path's user when nobody is signed in).
    case caller
    /// A third user.
    case other
    /// No `userId` at all.
    case missing
    /// `userId` written as a number.
    case number
  }

  /// The rule file.
  var file: File
  /// What is asked.
  var method: FirestoreRequest.Method
  /// The path below the database's documents: a document's for every method but `list`.
  var segments: [String]
  /// The caller: the path's user (`alice`), another (`mallory`), or nobody.
  var caller: String?
  /// What a write's document holds in `userId` (ignored by reads and deletions).
  var owner: Owner
  /// True when a document is at the path (or, for a list, in the collection) beforehand.
  var existing: Bool

  /// The path's user, whose data it is.
  static let pathUser = "alice"
  /// The user who is not the path's.
  static let otherUser = "mallory"

  /// True for a request that writes a document.
  var writes: Bool { [.create, .update, .patch].contains(method) }

  /// The `userId` the written document holds, as the rules read it.
  var writtenOwner: AccessRules.WrittenOwner {
    guard writes else { return .none }
    switch owner {
    case .pathUser: return .string(Self.pathUser)
    case .caller: return .string(caller ?? Self.pathUser)
    case .other: return .string("eve")
    case .missing: return .missing
    case .number: return .notAString
    }
  }

  /// The method the rules judge: a patch is a create where nothing is, else an update.
  var ruleMethod: AccessRules.Method {
    switch method {
    case .get: return .get
    case .list: return .list
    case .create: return .create
    case .update: return .update
    case .delete: return .delete
    case .patch: return existing ? .update : .create
    }
  }

  /// How reports and corpus files show it.
  var json: JSON {
    .object([
      ("rules", .string(file.path)), ("method", .string(method.rawValue)),
      ("path", .string(segments.joined(separator: "/"))), ("caller", caller.map(JSON.string) ?? .null),
      ("userId", writes ? .string(owner.rawValue) : .null), ("existing", .bool(existing)),
    ])
  }
}

extension RuleCheck {
  /// Requests of every method, by every kind of caller, on every collection.
  ///
  /// Requests under either file: every method, by the path's user, another or nobody, on every
  /// collection the app writes and one it does not, at the top level and in a subcollection, and
  /// (rarely) outside `users/`; a written `userId` of every kind; the document there or not.
  static let generator: Generator<Tagged<RuleCheck>> = Generator { source in
    let file = try source.draw(Gen.element(of: File.allCases))
    let method = try source.draw(Gen.element(of: FirestoreRequest.Method.allCases))
    let caller = try source.draw(Gen.element(of: [pathUser, otherUser, nil] as [String?]))
    let collection = try source.draw(Gen.element(of: AccessRules.appCollections + ["secrets"]))
    let shape = try source.draw(
      Gen.frequency([(8, Gen.constant(0)), (2, Gen.constant(1)), (1, Gen.constant(2))]))
    var segments: [String]
    switch shape {
    case 0: segments = ["users", pathUser, collection, "d1"]
    case 1: segments = ["users", pathUser, collection, "d1", "notes", "n1"]
    default: segments = ["settings", "d1"]
    }
    if method == .list { segments.removeLast() }
    let owner = try source.draw(Gen.element(of: Owner.allCases))
    let existing = try source.draw(Gen.bool())
    let check = RuleCheck(
      file: file, method: method, segments: segments, caller: caller, owner: owner, existing: existing)
    let who = caller == nil ? "nobody" : caller == pathUser ? "owner" : "other"
    return Tagged(check, tags: ["Rules.\(file.rawValue).\(method.rawValue).\(who)"])
  }
}

extension RuleCheck {
  /// The check a corpus file holds (the form `json` writes).
  ///
  /// - Throws: `InputDecodingError` naming the key of a problem.
  static func decode(_ json: JSON) throws -> RuleCheck {
    let reader = try JSONReader(json, path: "input")
    let rules = try reader.string("rules")
    guard let file = File.allCases.first(where: { $0.path == rules }) else {
      throw reader.fail(
        "rules", "expected \(File.allCases.map { "\"\($0.path)\"" }.joined(separator: " or "))")
    }
    guard let method = FirestoreRequest.Method(rawValue: try reader.string("method")) else {
      throw reader.fail("method", "expected one of \(FirestoreRequest.Method.allCases.map(\.rawValue))")
    }
    let segments = try reader.string("path").split(separator: "/", omittingEmptySubsequences: false).map(
      String.init)
    guard segments.count >= 2, !segments.contains(where: \.isEmpty) else {
      throw reader.fail("path", "expected a path of segments such as users/alice/foodItems/d1")
    }
    guard (method == .list) == (segments.count % 2 == 1) else {
      throw reader.fail("path", method == .list ? "a list names a collection" : "\(method) names a document")
    }
    let caller = try reader.optionalString("caller")
    guard caller == nil || caller == pathUser || caller == otherUser else {
      throw reader.fail("caller", "expected \"\(pathUser)\", \"\(otherUser)\" or null")
    }
    let owner = try reader.optionalString("userId").map { text -> Owner in
      guard let owner = Owner(rawValue: text) else {
        throw reader.fail("userId", "expected one of \(Owner.allCases.map(\.rawValue))")
      }
      return owner
    }
    return RuleCheck(
      file: file, method: method, segments: segments, caller: caller, owner: owner ?? .pathUser,
      existing: try reader.optionalBool("existing"))
  }
}
