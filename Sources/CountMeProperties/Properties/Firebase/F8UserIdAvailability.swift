import CountMeCore
import CountMeWorlds
import PropertyHarness

extension Firebase {
  /// Property 8: while a person is signed in, their uid reaches every part of the phone that needs
  /// it, whoever was signed in before them.
  ///
  /// The oracle, written out: after every step, each entity the phone shows while a person is
  /// signed in carries their uid as `userId`, and every operation waiting for them is theirs; every
  /// cloud call a pass makes is made with their token, for their own collection, and every
  /// document it writes names them. Signed out, a phone makes no cloud call at all.
  static let userIdAvailability = sharedDevicesProperty(
    "F8", "User ID availability", validates: ["2.5"],
    expect: "the signed-in user's uid is on everything the phone shows, queues, reads and writes for them",
    anomaly: .crossAccountAccess
  ) { run in
    for view in run.views {
      guard let uid = view.signedIn else { continue }
      let at = "step \(view.step): phone \(view.device), signed in as \(run.who(uid)),"
      if let item = view.visible.entities.first(where: { $0.version.userId != uid }) {
        return "\(at) shows \(run.name(item.id)) with userId \"\(item.version.userId)\""
      }
      if let owner = view.queuedOwners.first(where: { $0 != uid }) {
        return "\(at) has an operation of \(owner.map { run.who($0) } ?? "nobody") waiting among theirs"
      }
    }
    for call in run.calls {
      let at = "\(SharedDevicesRun.when(call.step)): phone \(call.device)"
      guard let uid = call.signedIn else { return "\(at) called the cloud while signed out (\(call.kind))" }
      if call.caller != uid {
        return "\(at), signed in as \(run.who(uid)), called the cloud as \(run.who(call.caller))"
      }
      switch call.kind {
      case .download(let owner, _) where owner != uid:
        return "\(at), signed in as \(run.who(uid)), made \(call.kind)"
      case .upload(let path, _) where path.uid != uid, .delete(let path) where path.uid != uid:
        return "\(at), signed in as \(run.who(uid)), wrote \(path)"
      case .upload(let path, let userId) where userId != uid:
        return
          "\(at), signed in as \(run.who(uid)), wrote \(path) with userId \(SharedDevicesRun.quoted(userId))"
      default: continue
      }
    }
    return nil
  }
}
