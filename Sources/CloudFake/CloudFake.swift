import CountMeCore
import Foundation

/// An in-memory Firestore for simulations: documents by path, owner-only rules, injected faults,
/// and a trace of every call.
///
/// Deterministic: no clock, no randomness; time is passed in.
///
/// Rules: `rules` decides every call that reaches the cloud (an injected fault that keeps a call
/// from landing fails it on the way), as Firestore would under the file it mirrors (by default
/// `firestore.rules`: the caller's uid must equal the path's uid, and a document written must carry
/// `userId` equal to it); a refused call is `permissionDenied`. A download of changes is a list of
/// the collection, judged as a query, never filtered. A document is stored as Firestore stores
/// it (`StoredPrecision`: timestamps to the microsecond).
public struct CloudFake: Sendable {
  /// One call, as the trace shows it.
  public struct Call: Equatable, Sendable, CustomStringConvertible {
    /// Virtual seconds since the simulation started.
    public let time: Double
    /// `set`, `get` (a download of changes) or `delete`.
    public let operation: String
    /// The document called on.
    public let documentPath: DocumentPath
    /// What happened: ok, a fault, offline, or the rules' refusal.
    public let outcome: String
    /// The document's path, as reports print it.
    ///
    /// NB: formatted when read, not at every call: a simulation makes millions of calls and
    /// reads the trace only to report one.
    public var path: String { documentPath.description }
    /// How reports print it.
    public var description: String { "t=\(time)s \(operation) \(path): \(outcome)" }
  }

  /// The result of a call and when the caller learns it.
  public struct Response: Sendable {
    /// Success, or the error the caller sees.
    public let result: Result<Void, SyncError>
    /// Seconds after the call started.
    public let latency: Double
    /// Whether the call took effect in the cloud: a write landed, even when its acknowledgement was
    /// lost and the caller sees an error.
    public let landed: Bool

    /// Creates a `Response` from its parts; `landed` defaults to whether `result` is a success.
    public init(result: Result<Void, SyncError>, latency: Double, landed: Bool? = nil) {
      self.result = result
      self.latency = latency
      self.landed = landed ?? ((try? result.get()) != nil)
    }
  }

  /// How the trace shows a call the owner-only rules refused (an injected `permissionDenied` fault
  /// shows as the fault's name instead).
  public static let rulesRefusal = "permission denied (rules: owner only)"

  /// Every document, by path (made from `stored` when read: for a run's end, not for every call).
  public var documents: [DocumentPath: CloudDocument] { stored.mapValues(\.document) }
  /// Every document with the revision of its last write, by path.
  ///
  /// One table, so a write looks its path up once for each, not once for the document and again for the
  /// revision.
  private var stored: [DocumentPath: Stored] = [:]
  private struct Stored {
    let document: CloudDocument
    let revision: Int
  }
  /// Every call, in order.
  public private(set) var trace: [Call] = []
  /// Every write that landed, in order: path and the document's `version` field (if any).
  public private(set) var writes: [(path: DocumentPath, version: Int?)] = []
  /// The revision of each document's last write.
  ///
  /// The count of writes that had landed in its user's collection when it did, the order
  /// `changes(in:as:after:now:)` reads them in.
  ///
  /// NB: counted per collection, as a device's cursors are (one per collection it syncs). With one
  /// count for the whole cloud, a collection's first document had revision 1 only when it was the
  /// user's first write, which the log world never made (its log comes first), so a device whose
  /// item cursors started at 1 missed nothing the properties saw. Made from `stored` when read, as
  /// `documents`; `revision(at:)` looks one up.
  public var revisions: [DocumentPath: Int] { stored.mapValues(\.revision) }
  /// The last revision of each user's collection.
  private var lastRevision: [CollectionOfUser: Int] = [:]
  /// The faults of successive calls.
  public var plan: FaultPlan
  /// When false (after a scenario, while draining) no fault is injected.
  public var faultsEnabled = true
  /// When false every call fails with `networkUnavailable` and nothing lands.
  public var online = true
  /// The security rules every call is judged by.
  public var rules = AccessRules.recommended
  /// The calls made so far, faulted or not: the number of the next call in `plan`.
  public private(set) var calls = 0
  private let start: Date

  /// Creates a `CloudFake` from its parts.
  public init(plan: FaultPlan = FaultPlan(), start: Date) {
    self.plan = plan
    self.start = start
  }

  /// Writes `document` at `path` as user `uid`, under the rules and the fault plan.
  public mutating func set(_ document: CloudDocument, at path: DocumentPath, as uid: String, now: Date)
    -> Response
  {
    let method: AccessRules.Method = stored[path] == nil ? .create : .update
    let owner: AccessRules.WrittenOwner
    switch document.fields["userId"] {
    case nil: owner = .missing
    case let text as String: owner = .string(text)
    default: owner = .notAString
    }
    return call("set", path, method, uid: uid, now: now, writtenOwner: owner) { $0.land(document, at: path) }
  }

  /// Writes `document` at `path` as another client would, past the rules and the faults.
  ///
  /// Writes `document` at `path` as another client would (an older app, another platform, a bug):
  /// past the rules and the faults, as a landed write with its own revision.
  public mutating func writeAsAnotherClient(_ document: CloudDocument, at path: DocumentPath, now: Date) {
    trace.append(
      Call(
        time: now.timeIntervalSince(start), operation: "set", documentPath: path,
        outcome: "written by another client"))
    land(document, at: path)
  }

  /// Every document of user `owner`'s `collection` written after revision `after`, in revision order.
  ///
  /// Every document of user `owner`'s `collection` (by default the caller's own) written after
  /// revision `after`, in revision order: what a device asks for when it syncs.
  ///
  /// Read as `uid`, a list the rules judge whole (another user's collection is refused, never filtered); the
  /// fault plan applies (a faulty read returns nothing).
  public mutating func changes(
    in collection: String, of owner: String? = nil, as uid: String, after: Int, now: Date
  ) -> (response: Response, changes: [CloudChange]) {
    let owner = owner ?? uid
    let query = DocumentPath(uid: owner, collection: collection, documentId: "(changes after \(after))")
    var found: [CloudChange] = []
    let response = call("get", query, .list, uid: uid, now: now, writtenOwner: .none) { cloud in
      found = cloud.stored.compactMap { path, entry in
        guard path.uid == owner, path.collection == collection, entry.revision > after else { return nil }
        return CloudChange(revision: entry.revision, path: path, document: entry.document)
      }
      found.sort { $0.revision < $1.revision }
    }
    guard case .success = response.result else { return (response, []) }
    return (response, found)
  }

  private mutating func land(_ document: CloudDocument, at path: DocumentPath) {
    writes.append((path, document.fields["version"] as? Int))
    let collection = CollectionOfUser(uid: path.uid, collection: path.collection)
    let revision = Self.increment(&lastRevision[collection, default: 0])
    stored[path] = Stored(document: StoredPrecision.stored(document), revision: revision)
  }

  /// `count` plus one, stored and returned: a dictionary's entry counted up with one lookup.
  private static func increment(_ count: inout Int) -> Int {
    count += 1
    return count
  }

  /// A user's collection, which a query reads and revisions count in.
  private struct CollectionOfUser: Hashable {
    let uid: String
    let collection: String
  }

  /// Deletes the document at `path` as user `uid`, under the rules and the fault plan.
  public mutating func delete(at path: DocumentPath, as uid: String, now: Date) -> Response {
    call("delete", path, .delete, uid: uid, now: now, writtenOwner: .none) {
      $0.stored[path] = nil
      $0.writes.append((path, nil))
    }
  }

  /// The document at `path`, or nil.
  public func document(at path: DocumentPath) -> CloudDocument? { stored[path]?.document }

  /// The revision of the last write of the document at `path`, or nil.
  public func revision(at path: DocumentPath) -> Int? { stored[path]?.revision }

  /// The document at `path` read as `uid` under the rules (no fault, no trace): nil when there is
  /// none, `permissionDenied` when the rules refuse the read.
  public func read(at path: DocumentPath, as uid: String) -> Result<CloudDocument?, SyncError> {
    guard rules.allows(.get, path, caller: uid, writtenOwner: .none) else {
      return .failure(.permissionDenied(path: path.description))
    }
    return .success(stored[path]?.document)
  }

  private mutating func call(
    _ name: String, _ path: DocumentPath, _ method: AccessRules.Method, uid: String, now: Date,
    writtenOwner: AccessRules.WrittenOwner, apply: (inout CloudFake) -> Void
  ) -> Response {
    let time = now.timeIntervalSince(start)
    let fault = faultsEnabled ? plan.fault(forCall: calls) : .none
    calls += 1
    func record(_ outcome: String) {
      trace.append(Call(time: time, operation: name, documentPath: path, outcome: outcome))
    }
    guard online else {
      record("offline")
      return Response(result: .failure(.networkUnavailable), latency: 0)
    }
    // A fault that keeps the call from landing fails it on the way, before the rules see it: a
    // real Firestore's rules judge only what reaches them, and the emulator cloud injects it so.
    if let error = fault.error, !fault.writeLands {
      record(fault.rawValue)
      return Response(result: .failure(error), latency: fault.latency, landed: false)
    }
    guard rules.allows(method, path, caller: uid, writtenOwner: writtenOwner) else {
      record(Self.rulesRefusal)
      return Response(result: .failure(.permissionDenied(path: path.description)), latency: 0)
    }
    if fault.writeLands { apply(&self) }
    record(
      fault == .none
        ? "ok" : fault == .lostAcknowledgement ? "landed, acknowledgement lost" : fault.rawValue)
    return Response(
      result: fault.error.map { .failure($0) } ?? .success(()), latency: fault.latency,
      landed: fault.writeLands)
  }
}
