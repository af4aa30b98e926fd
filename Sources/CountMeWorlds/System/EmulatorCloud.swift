import CloudFake
import CountMeCore
import FirestoreCloud
import Foundation

/// A multi-device simulation's cloud on a real Firestore, the emulator.
///
/// A multi-device simulation's cloud on a real Firestore (the emulator): every call goes to
/// Firestore, signed in as its caller and judged by the project's rules, with the plan's faults
/// injected on the way as `CloudFake` injects them (a fault that keeps a call from landing fails
/// it before it is sent; a lost acknowledgement sends it and then fails).
///
/// Revisions are numbered back as the fake numbers them: Firestore stamps each write with the
/// server's time (`FirestoreRESTStore.setStampedAndWait`); the k-th write that landed in a user's
/// collection is revision k, and a download after revision k asks Firestore for what was stamped
/// after the k-th write's time. So the devices' cursors, and everything a run records, are the
/// fake's, and what a download returns is Firestore's.
///
/// An answer the fake never gives (a connection refused, a document that does not read back, a
/// server time out of order) is kept in `problems`: the run that reads it fails naming it, rather
/// than judging a device that met a broken emulator.
package struct EmulatorCloud: SimulationCloud {
  /// The faults of successive calls.
  package var plan: FaultPlan
  /// When false (after a scenario, while draining) no fault is injected.
  package var faultsEnabled = true
  /// When false every call fails with `networkUnavailable` and none is sent.
  package var online = true
  /// The calls made so far, faulted or not: the number of the next call in `plan`.
  package private(set) var calls = 0
  /// The writes and deletions that landed so far (numbered or removed in `revisions`).
  package private(set) var changesLanded = 0
  /// What Firestore answered that the fake never would, in order.
  package var problems: [String] { notes.problems }

  private let store: FirestoreRESTStore
  /// Each user's collection's landed writes: their server times, in order (revision k is the k-th).
  private var stamps: [CollectionOfUser: [Int]] = [:]
  /// The revision of a write, by its collection and server time.
  private var revisionOfStamp: [CollectionOfUser: [Int: Int]] = [:]
  /// The revision of each document's last write; none after a deletion.
  private var revisions: [DocumentPath: Int] = [:]
  /// The problems, and the documents as last read back from Firestore.
  ///
  /// Kept by reference, as reading the cloud is not a call and changes nothing a copy of the cloud would
  /// disagree on.
  private let notes = Notes()

  private final class Notes {
    var problems: [String] = []
    /// Each document as last read back, with the revision it was read at.
    var readBack: [DocumentPath: (revision: Int, document: CloudDocument)] = [:]
  }

  /// A cloud on `store`'s project, which must hold no documents yet, with `plan`'s faults.
  package init(_ store: FirestoreRESTStore, plan: FaultPlan = FaultPlan()) {
    self.store = store
    self.plan = plan
  }

  /// Writes `document` at `path` as `uid`, stamped with the server's time.
  package mutating func set(_ document: CloudDocument, at path: DocumentPath, as uid: String, now: Date)
    -> CloudFake.Response
  {
    call(path) { cloud in
      cloud.landed(try cloud.store.setStampedAndWait(document, at: path, as: uid), at: path)
    }
  }

  /// What Firestore returns for `owner`'s `collection` stamped after revision `after`'s write.
  package mutating func changes(
    in collection: String, of owner: String?, as uid: String, after: Int, now: Date
  ) -> (response: CloudFake.Response, changes: [CloudChange]) {
    let owner = owner ?? uid
    let query = DocumentPath(uid: owner, collection: collection, documentId: "(changes after \(after))")
    let key = CollectionOfUser(uid: owner, collection: collection)
    var found: [CloudChange] = []
    let response = call(query) { cloud in
      // A cursor past the last write (a device that skips ahead) asks after the last one, and
      // what comes back is numbered and cut as the fake cuts it: revisions after `after` only.
      let written = cloud.stamps[key, default: []]
      let cursor = after <= 0 || written.isEmpty ? 0 : written[min(after, written.count) - 1]
      let read = try cloud.store.changesAndWait(in: collection, of: owner, as: uid, after: cursor)
      found = read.map { cloud.numbered($0, in: key) }.filter { $0.revision > after }
    }
    guard case .success = response.result else { return (response, []) }
    return (response, found)
  }

  /// Deletes the document at `path` as `uid`.
  package mutating func delete(at path: DocumentPath, as uid: String, now: Date) -> CloudFake.Response {
    call(path) { cloud in
      try cloud.store.deleteDocumentAndWait(at: path, as: uid)
      cloud.revisions[path] = nil
      cloud.changesLanded += 1
    }
  }

  /// Writes `document` at `path` past the rules (the emulator's administrator), stamped.
  package mutating func writeAsAnotherClient(_ document: CloudDocument, at path: DocumentPath, now: Date) {
    do {
      landed(try store.setStampedAndWait(document, at: path, as: path.uid, bypassingRules: true), at: path)
    } catch {
      notes.problems.append("Firestore refused another client's write of \(path): \(error)")
    }
  }

  /// The document at `path` as Firestore holds it.
  ///
  /// Read back once a revision (a list of its collection, past the rules), since a device's pass asks before
  /// and after.
  package func document(at path: DocumentPath) -> CloudDocument? {
    guard let revision = revisions[path] else { return nil }
    if let known = notes.readBack[path], known.revision == revision { return known.document }
    let key = CollectionOfUser(uid: path.uid, collection: path.collection)
    do {
      let all = try store.changesAndWait(
        in: path.collection, of: path.uid, as: nil, after: 0, bypassingRules: true)
      for change in all {
        let numbered = numbered(change, in: key)
        notes.readBack[numbered.path] = (numbered.revision, numbered.document)
      }
    } catch {
      notes.problems.append("Firestore did not read back \(path): \(error)")
    }
    guard let known = notes.readBack[path], known.revision == revision else {
      notes.problems.append("Firestore does not hold \(path) at revision \(revision)")
      return nil
    }
    return known.document
  }

  /// The revision of the last write of the document at `path`, or nil.
  package func revision(at path: DocumentPath) -> Int? { revisions[path] }

  /// Numbers the write stamped `stamp` at `path` as its collection's next revision.
  private mutating func landed(_ stamp: Int, at path: DocumentPath) {
    let key = CollectionOfUser(uid: path.uid, collection: path.collection)
    if let last = stamps[key]?.last, stamp <= last {
      notes.problems.append(
        "Firestore stamped a write of \(path) at \(stamp) µs, not after the last at \(last) µs")
    }
    stamps[key, default: []].append(stamp)
    let revision = stamps[key, default: []].count
    revisionOfStamp[key, default: [:]][stamp] = revision
    revisions[path] = revision
    changesLanded += 1
  }

  /// `change` with its server time numbered back as a revision.
  private func numbered(_ change: CloudChange, in key: CollectionOfUser) -> CloudChange {
    guard let revision = revisionOfStamp[key]?[change.revision] else {
      notes.problems.append(
        "Firestore returned \(change.path) stamped \(change.revision) µs, which no write made")
      return change
    }
    return CloudChange(revision: revision, path: change.path, document: change.document)
  }

  /// One call on `path`, unless its fault stops it on the way.
  ///
  /// One call on `path`: offline, or failed on the way by its fault, it is not sent; otherwise
  /// `send` sends it and Firestore's answer decides, the fault's error replacing a success.
  private mutating func call(_ path: DocumentPath, send: (inout EmulatorCloud) throws -> Void)
    -> CloudFake.Response
  {
    let fault = faultsEnabled ? plan.fault(forCall: calls) : .none
    calls += 1
    guard online else { return CloudFake.Response(result: .failure(.networkUnavailable), latency: 0) }
    if let error = fault.error, !fault.writeLands {
      return CloudFake.Response(result: .failure(error), latency: fault.latency, landed: false)
    }
    do {
      try send(&self)
    } catch SyncError.permissionDenied {
      return CloudFake.Response(result: .failure(.permissionDenied(path: path.description)), latency: 0)
    } catch {
      notes.problems.append("Firestore answered a call on \(path) with \(error)")
      let failure = error as? SyncError ?? .networkUnavailable
      return CloudFake.Response(result: .failure(failure), latency: 0)
    }
    return CloudFake.Response(
      result: fault.error.map { .failure($0) } ?? .success(()), latency: fault.latency, landed: true)
  }

  /// A user's collection: what a query reads and revisions count in.
  private struct CollectionOfUser: Hashable, CustomStringConvertible {
    let uid: String
    let collection: String
    var description: String { "users/\(uid)/\(collection)" }
  }
}
