import CountMeCore

/// A Firestore rule set as data: which requests it allows.
///
/// `CloudFake` decides by one; each of the repository's rule files has its value here (`recommended` is
/// `firestore.rules`, `seed002` is `rules/seed-002.rules`), and the rules property holds each value's
/// decisions to Firestore's own under its file.
///
/// What it models of Firestore's rules: a match on `users/{userId}/{collection}/{documentId}` (or
/// any depth below a collection matched with `{document=**}`); `read` (get, list) and `write`
/// (create, update, delete); the conditions the two files use; a list judged as the query, never
/// filtered (a list is allowed only when the condition holds without reading a document).
public struct AccessRules: Sendable, Equatable {
  /// What a request asks, by the rules' names.
  public enum Method: String, Sendable, CaseIterable {
    case get, list, create, update, delete
  }

  /// What must hold for a grant to allow a request.
  public enum Condition: String, Sendable {
    /// The caller is signed in, as anyone (`request.auth != null`).
    case signedIn
    /// The caller is signed in as the path's user.
    case owner
    /// The caller is the path's user, and the document written holds `userId`: a string equal to it.
    case ownerNamedInDocument
    /// The caller is signed in, and the document written holds `userId` equal to the caller (seed
    /// 002's create rule: the path's user does not matter).
    case callerNamedInDocument
  }

  /// Some methods allowed under one condition.
  public struct Grant: Sendable, Equatable {
    /// The methods it allows.
    public let methods: [Method]
    /// When.
    public let condition: Condition

    /// A grant of `methods` when `condition` holds.
    public init(_ methods: [Method], if condition: Condition) {
      self.methods = methods
      self.condition = condition
    }
  }

  /// The grants of one collection under `users/{userId}/`.
  public struct CollectionRule: Sendable, Equatable {
    /// The collection's name.
    public let collection: String
    /// True when the rule matches documents at any depth below the collection (`{document=**}`).
    public let anyDepth: Bool
    /// What it allows.
    public let grants: [Grant]

    /// A rule for `collection`.
    public init(_ collection: String, anyDepth: Bool = false, grants: [Grant]) {
      self.collection = collection
      self.anyDepth = anyDepth
      self.grants = grants
    }
  }

  /// What the `userId` of a document written is, as the rules read it.
  public enum WrittenOwner: Sendable, Equatable {
    /// No document is written (a read or a deletion).
    case none
    /// The document has no `userId`.
    case missing
    /// `userId` is this string.
    case string(String)
    /// `userId` is there but not a string.
    case notAString
  }

  /// One request, as the rules see it.
  public struct Request: Sendable, Equatable {
    /// What is asked.
    public let method: Method
    /// The path's segments below the database's documents; an odd number names a collection.
    ///
    /// The path's segments below the database's documents, e.g. `["users", "alice", "foodItems", "f1"]`
    /// (a list names a collection: an odd number of segments).
    public let segments: [String]
    /// The caller's uid; nil when nobody is signed in.
    public let caller: String?
    /// The written document's `userId`.
    public let writtenOwner: WrittenOwner

    /// Creates a `Request` from its parts.
    public init(_ method: Method, segments: [String], caller: String?, writtenOwner: WrittenOwner = .none) {
      self.method = method
      self.segments = segments
      self.caller = caller
      self.writtenOwner = writtenOwner
    }
  }

  /// The rules of each collection; a request no rule matches is refused.
  public let collections: [CollectionRule]

  /// A rule set of these collections' rules.
  public init(_ collections: [CollectionRule]) { self.collections = collections }

  /// True when the rules allow `request`.
  public func allows(_ request: Request) -> Bool {
    let segments = request.segments
    guard segments.count >= 3, segments[0] == "users" else { return false }
    // A document's path has an even number of segments, a collection's (a list) an odd one.
    let listsCollection = segments.count % 2 == 1
    guard listsCollection == (request.method == .list) else { return false }
    // How far below the collection the documents concerned are: 1 for `users/u/c/d`, and for a
    // list of `users/u/c`; 3 for a document of a subcollection, `users/u/c/d/s/e`.
    let depth = segments.count - 3 + (listsCollection ? 1 : 0)
    return allows(
      request.method, owner: segments[1], collection: segments[2], depth: depth, caller: request.caller,
      writtenOwner: request.writtenOwner)
  }

  /// True when the rules allow `method` on the document at `path`, or on its collection for a list.
  ///
  /// True when the rules allow `method` on the document at `path` (its collection, for a list):
  /// `allows(_:)` for the paths `CloudFake` serves, with no path to split.
  public func allows(_ method: Method, _ path: DocumentPath, caller: String?, writtenOwner: WrittenOwner)
    -> Bool
  {
    allows(
      method, owner: path.uid, collection: path.collection, depth: 1, caller: caller,
      writtenOwner: writtenOwner)
  }

  private func allows(
    _ method: Method, owner: String, collection: String, depth: Int, caller: String?,
    writtenOwner: WrittenOwner
  ) -> Bool {
    // Every condition the files use asks for a caller.
    guard let caller else { return false }
    // NB: loops, not nested `contains(where:)` closures, which a debug build paid for at every
    // call: every `CloudFake` call asks this.
    for rule in collections where rule.collection == collection {
      guard rule.anyDepth ? depth >= 1 : depth == 1 else { continue }
      for grant in rule.grants where grant.methods.contains(method) {
        if holds(grant.condition, caller: caller, owner: owner, writtenOwner: writtenOwner) { return true }
      }
    }
    return false
  }

  private func holds(_ condition: Condition, caller: String, owner: String, writtenOwner: WrittenOwner)
    -> Bool
  {
    switch condition {
    case .signedIn: return true
    case .owner: return caller == owner
    case .ownerNamedInDocument: return caller == owner && writtenOwner == .string(owner)
    case .callerNamedInDocument: return writtenOwner == .string(caller)
    }
  }
}

extension AccessRules {
  /// The collections the app writes, each its owner's alone.
  public static let appCollections = ["profile", "dailyLogs", "foodItems", "exerciseItems", "customMeals"]

  /// `firestore.rules`: owner only by path for the app's five collections; a document written
  /// names its owner.
  public static let recommended = AccessRules(
    appCollections.map { collection in
      CollectionRule(
        collection,
        grants: [
          Grant([.get, .list, .delete], if: .owner), Grant([.create, .update], if: .ownerNamedInDocument),
        ])
    })

  /// `rules/seed-002.rules`, verbatim.
  ///
  /// The owner reads and writes the profile (at any depth), daily logs, food items and custom meals; anyone
  /// signed in may also create a daily log, food item or custom meal in anyone's collection when it names
  /// them; nothing else is allowed.
  public static let seed002 = AccessRules(
    [CollectionRule("profile", anyDepth: true, grants: [Grant(Method.allCases, if: .owner)])]
      + ["dailyLogs", "foodItems", "customMeals"].map { collection in
        CollectionRule(
          collection,
          grants: [Grant(Method.allCases, if: .owner), Grant([.create], if: .callerNamedInDocument)])
      })
}

extension AccessRules {
  /// These rules, and an app's own `collection` owner-only (every method, by the path's owner) unless they rule it already.
  ///
  /// How the fake judges an app's collection the harness has no rules file for: by the path's
  /// owner alone, reading nothing of a document (which owner field a document names is the rules
  /// audit's to judge, on the emulator).
  public func including(_ collection: String) -> AccessRules {
    guard !collections.contains(where: { $0.collection == collection }) else { return self }
    return AccessRules(
      collections + [CollectionRule(collection, grants: [Grant(Method.allCases, if: .owner)])])
  }
}
