import CountMeCore
import Foundation

/// The cloud a multi-device simulation syncs through, call by call: the fake, or the emulator.
///
/// The cloud a multi-device simulation syncs through, call by call: `CloudFake` in memory, or a
/// real Firestore (the emulator) with the same faults injected on the way.
///
/// A simulation is generic over it, so the fake's path costs no more than before and both clouds answer the
/// same calls.
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
  /// The writes and deletions that have reached the documents so far, another client's included.
  ///
  /// While it stays the same, so do `document(at:)`'s and `revision(at:)`'s answers.
  var changesLanded: Int { get }

  /// Writes `document` at `path` as user `uid`, under the rules and the fault plan.
  mutating func set(_ document: CloudDocument, at path: DocumentPath, as uid: String, now: Date)
    -> CloudFake.Response

  /// Every document of `owner`'s `collection` written after revision `after`, read as `uid`.
  ///
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

  /// Says whose calls follow, and at which scenario step, for a recorder to draw them.
  ///
  /// Says that the calls from here on are `device`'s (nil: another client's) at scenario step
  /// `step` (nil: after the steps): a recorder draws them so; every other cloud ignores it.
  mutating func turn(device: Int?, step: Int?)

  /// Judges an app's `collection` owner-only by its path, where this cloud's rules say nothing of it.
  ///
  /// The fake's rules know CountMe's collections; an app's collection the harness has no rules
  /// file for is judged by the path's owner alone (`AccessRules.including`). The emulator's rules
  /// are the file it runs under: it ignores this.
  mutating func admit(ownerOnly collection: String)
}

extension SimulationCloud {
  /// `changes(in:of:as:after:now:)` of the caller's own collection.
  public mutating func changes(in collection: String, as uid: String, after: Int, now: Date)
    -> (response: CloudFake.Response, changes: [CloudChange])
  {
    changes(in: collection, of: nil, as: uid, after: after, now: now)
  }

  /// Nothing: only a recorder draws turns.
  public mutating func turn(device: Int?, step: Int?) {}

  /// Nothing: a cloud with rules of its own (the emulator's file) keeps them.
  public mutating func admit(ownerOnly collection: String) {}
}

extension CloudFake: SimulationCloud {
  /// Every write and deletion that landed (`writes`).
  public var changesLanded: Int { writes.count }

  /// `rules`, and `collection` owner-only unless they rule it already.
  public mutating func admit(ownerOnly collection: String) { rules = rules.including(collection) }

  /// None: the fake answers only what it models.
  public var problems: [String] { [] }
}

/// A cloud that wraps another and sends every requirement it does not implement to `base`.
///
/// A cloud that wraps another and changes only some of its answers (a recorder, a deliberately
/// broken fake): every requirement it does not implement itself goes to `base`.
public protocol ForwardingCloud: SimulationCloud {
  /// The cloud underneath.
  associatedtype Base: SimulationCloud
  /// The cloud every call it does not handle itself goes to.
  var base: Base { get set }
}

extension ForwardingCloud {
  /// `base`'s.
  public var plan: FaultPlan {
    get { base.plan }
    set { base.plan = newValue }
  }
  /// `base`'s.
  public var faultsEnabled: Bool {
    get { base.faultsEnabled }
    set { base.faultsEnabled = newValue }
  }
  /// `base`'s.
  public var online: Bool {
    get { base.online }
    set { base.online = newValue }
  }
  /// `base`'s.
  public var calls: Int { base.calls }
  /// `base`'s.
  public var changesLanded: Int { base.changesLanded }
  /// `base`'s.
  public var problems: [String] { base.problems }

  /// `base`'s.
  public mutating func set(_ document: CloudDocument, at path: DocumentPath, as uid: String, now: Date)
    -> CloudFake.Response
  { base.set(document, at: path, as: uid, now: now) }
  /// `base`'s.
  public mutating func changes(
    in collection: String, of owner: String?, as uid: String, after: Int, now: Date
  ) -> (response: CloudFake.Response, changes: [CloudChange]) {
    base.changes(in: collection, of: owner, as: uid, after: after, now: now)
  }
  /// `base`'s.
  public mutating func delete(at path: DocumentPath, as uid: String, now: Date) -> CloudFake.Response {
    base.delete(at: path, as: uid, now: now)
  }
  /// `base`'s.
  public mutating func writeAsAnotherClient(_ document: CloudDocument, at path: DocumentPath, now: Date) {
    base.writeAsAnotherClient(document, at: path, now: now)
  }
  /// `base`'s.
  public mutating func admit(ownerOnly collection: String) { base.admit(ownerOnly: collection) }
  /// `base`'s.
  public func document(at path: DocumentPath) -> CloudDocument? { base.document(at: path) }
  /// `base`'s.
  public func revision(at path: DocumentPath) -> Int? { base.revision(at: path) }
  /// `base`'s.
  public mutating func turn(device: Int?, step: Int?) { base.turn(device: device, step: step) }
}
