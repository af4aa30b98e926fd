import CountMeCore
import Foundation

/// The cloud a multi-device simulation syncs through, call by call: `CloudFake` in memory, or a
/// real Firestore (the emulator) with the same faults injected on the way. A simulation is generic
/// over it, so the fake's path costs no more than before and both clouds answer the same calls.
///
/// Revisions are the fake's: per user's collection, the count of writes that had landed in it when a
/// document was written. A cloud that numbers writes otherwise (Firestore's server times) numbers
/// them back, so the devices' cursors, and everything a run records, are the same on both.
public protocol SimulationCloud {
  /// The faults of successive calls.
  var plan: FaultPlan { get set }
  /// When false (after a scenario, while draining) no fault is injected.
  var faultsEnabled: Bool { get set }
  /// When false every call fails with `networkUnavailable` and nothing lands.
  var online: Bool { get set }
  /// The calls made so far, faulted or not: the number of the next call in `plan`.
  var calls: Int { get }

  /// Writes `document` at `path` as user `uid`, under the rules and the fault plan.
  mutating func set(_ document: CloudDocument, at path: DocumentPath, as uid: String, now: Date)
    -> CloudFake.Response

  /// Every document of user `owner`'s `collection` (the caller's own when nil) written after
  /// revision `after`, in revision order, read as `uid` under the rules and the fault plan.
  mutating func changes(
    in collection: String, of owner: String?, as uid: String, after: Int, now: Date
  ) -> (response: CloudFake.Response, changes: [CloudChange])

  /// Deletes the document at `path` as user `uid`, under the rules and the fault plan.
  mutating func delete(at path: DocumentPath, as uid: String, now: Date) -> CloudFake.Response

  /// Writes `document` at `path` as another client would: past the rules and the faults.
  mutating func writeAsAnotherClient(_ document: CloudDocument, at path: DocumentPath, now: Date)

  /// The document at `path` as the cloud holds it (no rules, no fault, no call), or nil.
  func document(at path: DocumentPath) -> CloudDocument?

  /// The revision of the last write of the document at `path`, or nil when there is none.
  func revision(at path: DocumentPath) -> Int?

  /// What the cloud answered that no simulation may judge a device by (a broken emulator), in
  /// order; the fake has none.
  var problems: [String] { get }
}

extension SimulationCloud {
  /// `changes(in:of:as:after:now:)` of the caller's own collection.
  public mutating func changes(in collection: String, as uid: String, after: Int, now: Date)
    -> (response: CloudFake.Response, changes: [CloudChange])
  {
    changes(in: collection, of: nil, as: uid, after: after, now: now)
  }
}

extension CloudFake: SimulationCloud {
  /// The revision of the last write of the document at `path`, or nil.
  public func revision(at path: DocumentPath) -> Int? { revisions[path] }

  /// None: the fake answers only what it models.
  public var problems: [String] { [] }
}
