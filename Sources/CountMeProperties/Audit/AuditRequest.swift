import Generators
import PropertyHarness

/// One request of a rules audit: who asks what of one document of the described collection.
///
/// The document is the path's owner's, at `users/{owner}/{collection}/{id}` (a `list`: the
/// collection); a write sends it as the app writes it, naming another user as its owner, or
/// without one of its fields.
public struct AuditRequest: Sendable, Equatable {
  /// Who asks.
  public enum Caller: String, Sendable, CaseIterable {
    /// The path's user, whose document it is.
    case owner
    /// Another user, signed in.
    case stranger
    /// Nobody signed in.
    case nobody
  }

  /// What is asked, by the names the rules use.
  public enum Method: String, Sendable, CaseIterable {
    case get, list, create, update, delete

    var writes: Bool { self == .create || self == .update }
  }

  /// What a write sends.
  public enum Written: String, Sendable, CaseIterable {
    /// The document the app writes for the entity.
    case asWritten
    /// The app's document for the entity made for another user.
    case namingAnother
    /// The app's document without one of its fields (`missing`).
    case missingField
  }

  /// Who asks.
  public var caller: Caller
  /// What is asked.
  public var method: Method
  /// The slot of the entity (`0..<slots` of the description).
  public var slot: Int
  /// What a write sends (reads and deletions send nothing).
  public var written: Written
  /// With `missingField`, which field goes: the `missing`-th of its names in order, wrapping.
  public var missing: Int

  /// Requests by every caller, of every method, on every slot of `slots`, every kind of write.
  ///
  /// Shrinking toward the owner's get of slot 0 (what a hole shrinks to, the request alone).
  static func generator(slots: Int) -> Generator<Tagged<AuditRequest>> {
    Generator { source in
      let caller = try source.draw(Gen.element(of: Caller.allCases))
      let method = try source.draw(Gen.element(of: Method.allCases))
      let slot = try source.draw(Gen.int(in: 0...max(0, slots - 1), shrinkingToward: 0))
      let written = try source.draw(Gen.element(of: Written.allCases))
      let missing = try source.draw(Gen.int(in: 0...15, shrinkingToward: 0))
      let request = AuditRequest(
        caller: caller, method: method, slot: slot, written: method.writes ? written : .asWritten,
        missing: method.writes && written == .missingField ? missing : 0)
      return Tagged(request, tags: ["Audit.\(caller.rawValue)", "Audit.\(method.rawValue)"])
    }
  }

  /// How reports show it: `{"caller": "stranger", "method": "get", "slot": 0}`, a write's document too.
  var json: JSON {
    var members: [(String, JSON)] = [
      ("caller", .string(caller.rawValue)), ("method", .string(method.rawValue)),
      ("slot", .integer(Int64(slot))),
    ]
    if method.writes { members.append(("written", .string(written.rawValue))) }
    if method.writes, written == .missingField { members.append(("missing", .integer(Int64(missing)))) }
    return .object(members)
  }
}
