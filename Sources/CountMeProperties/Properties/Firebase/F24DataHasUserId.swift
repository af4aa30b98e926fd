import CountMeCore
import CountMeWorlds
import PropertyHarness

extension Firebase {
  /// Property 24: every document the app writes carries its owner's uid as `userId`, under its
  /// owner's path.
  ///
  /// The oracle, written out: no write a phone made was refused by the rules; each one wrote a
  /// document whose `userId` is the uid its path names, signed in as that user; and once quiet,
  /// every document in each person's collection (tombstones too) names that person as `userId`.
  static let dataHasUserId = sharedDevicesProperty(
    "F24", "Data has user ID", validates: ["10.3"],
    expect: "every document written names its owner as userId, under the owner's path, signed in as them",
    anomaly: .crossAccountAccess
  ) { run in
    for call in run.calls {
      let at =
        "\(SharedDevicesRun.when(call.step)): phone \(call.device), signed in as \(run.who(call.signedIn)),"
      switch call.kind {
      case .upload(let path, let userId):
        if call.refused {
          return "\(at) was refused \(call.kind) with userId \(SharedDevicesRun.quoted(userId))"
        }
        if userId != path.uid || call.caller != path.uid {
          return
            "\(at) made \(call.kind) as \(run.who(call.caller)) with userId \(SharedDevicesRun.quoted(userId))"
        }
      case .delete(let path):
        if call.refused || call.caller != path.uid { return "\(at) was refused \(call.kind)" }
      case .download: continue
      }
    }
    for (account, held) in run.finalCloud.sorted(by: { $0.key < $1.key }) {
      let uid = run.uids[account]
      for entry in run.ids {
        switch held[entry.id] {
        case .live(_, let userId)? where userId != uid, .deleted(let userId?)? where userId != uid:
          return Finding(
            nil,
            "after the quiet spell users/\(uid ?? "?")/\(run.collection) holds \(run.name(entry.id)) "
              + "with userId \"\(userId)\"")
        case .deleted(nil)?:
          return Finding(
            nil,
            "after the quiet spell users/\(uid ?? "?")/\(run.collection) holds a tombstone of "
              + "\(run.name(entry.id)) with no userId")
        default: continue
        }
      }
    }
    return nil
  }
}
