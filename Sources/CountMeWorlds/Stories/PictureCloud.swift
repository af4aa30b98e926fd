import CloudFake
import CountMeCore
import Foundation

/// A simulation's cloud that draws each turn and call as it goes.
///
/// A simulation's cloud that draws as it goes: each turn the world announces and each call with
/// its answer (`SyncStory`), the faults it injects named as such.
///
/// It forwards everything to the cloud underneath, the fake or Firestore, and changes no answer.
struct PictureCloud<Base: SimulationCloud>: ForwardingCloud {
  var base: Base
  package private(set) var story = SyncStory()

  package init(_ base: Base) { self.base = base }

  mutating func turn(device: Int?, step: Int?) {
    story.entries.append(.turn(device: device, step: step))
  }

  mutating func set(_ document: CloudDocument, at path: DocumentPath, as uid: String, now: Date)
    -> CloudFake.Response
  {
    let fault = upcomingFault
    let response = base.set(document, at: path, as: uid, now: now)
    record("set \(path)", response, fault, written: document.restText)
    return response
  }

  package mutating func changes(
    in collection: String, of owner: String?, as uid: String, after: Int, now: Date
  )
    -> (response: CloudFake.Response, changes: [CloudChange])
  {
    let fault = upcomingFault
    let (response, changes) = base.changes(in: collection, of: owner, as: uid, after: after, now: now)
    let found = response.result.isSuccess ? ": \(changes.count) document\(changes.count == 1 ? "" : "s")" : ""
    record(
      "get changes of users/\(owner ?? uid)/\(collection) after revision \(after)", response, fault, found)
    return (response, changes)
  }

  mutating func delete(at path: DocumentPath, as uid: String, now: Date) -> CloudFake.Response {
    let fault = upcomingFault
    let response = base.delete(at: path, as: uid, now: now)
    record("delete \(path)", response, fault)
    return response
  }

  mutating func writeAsAnotherClient(_ document: CloudDocument, at path: DocumentPath, now: Date) {
    base.writeAsAnotherClient(document, at: path, now: now)
    story.entries.append(
      .call(
        SyncStory.Call(
          request: "set \(path), past the rules", answer: "landed", failed: false, byAnotherClient: true,
          written: document.restText)))
  }

  /// The fault the next call gets, as the cloud underneath decides it.
  private var upcomingFault: Fault {
    base.faultsEnabled && base.online ? base.plan.fault(forCall: base.calls) : .none
  }

  private mutating func record(
    _ request: String, _ response: CloudFake.Response, _ fault: Fault, _ found: String = "",
    written: String? = nil
  ) {
    story.entries.append(
      .call(
        SyncStory.Call(
          request: request, answer: SyncStory.answer(response, fault: fault, online: base.online) + found,
          failed: !response.result.isSuccess, written: written)))
  }
}

extension SyncStory {
  /// How a diagram words an injected fault's answer: "⚡ unavailable (injected)", and whether
  /// its write landed anyway.
  static func injected(_ fault: Fault) -> String {
    "⚡ \(fault.rawValue) (injected\(fault == .lostAcknowledgement ? ", landed" : ""))"
  }

  /// How a diagram words a call's answer: ok, offline, or the error, an injected fault marked ⚡
  /// (and whether its write landed anyway).
  package static func answer(_ response: CloudFake.Response, fault: Fault, online: Bool) -> String {
    guard online else { return "offline" }
    if fault != .none { return injected(fault) }
    switch response.result {
    case .success: return "ok"
    case .failure(.permissionDenied): return "permission denied (rules)"
    case .failure(let error): return "\(error)"
    }
  }
}
