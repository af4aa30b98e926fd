import CountMeCore
import CountMeWorlds
import PropertyHarness

extension Firebase {
  /// Property 31: deleting an account deletes its cloud and local data and signs the user out.
  ///
  /// Property 31: deleting an account deletes all its cloud data, signs the user out and clears
  /// their local data, in an order that loses nothing when a step fails.
  ///
  /// The oracle, written out:
  /// - when the phone's deletion deleted the account (the service had it before and not after), or
  ///   the phone, online, asked to delete one deleted elsewhere, the phone is signed out, holds no
  ///   token and no stored session, and keeps nothing of the user (no data, no queued change);
  /// - a deletion started online, the service having the account, whose every call went through
  ///   deletes it (seed 002's 14: the system deletes all data); one that a failed call stopped,
  ///   the account still there, shows why in the answer to that call, never nothing and never
  ///   `invalidCredentials` (the user confirmed it with the account's own password); one started
  ///   offline stops at once holding an error to show (`deletionError`), never nothing;
  /// - otherwise (a call failed, the phone was offline) the phone is still signed in as the user,
  ///   keeps and shows exactly what it did, with the same changes queued; and when the auth service
  ///   refused to delete the account (its sign-in too old: `requiresRecentLogin`), the cloud still
  ///   holds every document the account had: a refused deletion loses nothing;
  /// - a phone still signed in to the account elsewhere ends its next pass made online signed out,
  ///   keeping nothing of it;
  /// - once quiet, no collection of seed 002's tree holds a document of a deleted account (another
  ///   client's goal document included: every collection is emptied, and no phone still signed in
  ///   elsewhere writes any back).
  ///
  /// NB: a phone the user had signed out of keeps their data after the account is deleted on
  /// another phone: with no session there it cannot learn of the deletion (`docs/rules.md`,
  /// "Accounts"). Nobody can sign in to that data again, and nothing uploads it.
  static let accountDeletion = sharedDevicesProperty(
    // A budget of 2,000: a pass that skips its refresh shows only when a person is signed in on
    // both phones as one of them deletes the account (3 % of cases), found by case 440 at worst.
    "F31", "Account deletion cleanup", validates: ["14.2", "14.3", "14.4"], killBudget: 2_000,
    expect:
      "a deleted account leaves nothing in the cloud or on any phone; a failed deletion leaves the phone as it was",
    anomaly: .resurrection
  ) { run in
    for deletion in run.deletions {
      let at = "step \(deletion.step): phone \(deletion.device), deleting \(deletion.uid)'s account,"
      if deletion.mustForget {
        if deletion.stateAfter != .unauthenticated || deletion.tokenAfter != nil
          || deletion.storedAfter != nil
        {
          return Finding(
            .crossAccountAccess,
            "\(at) deleted it but is left \(deletion.stateAfter)"
              + (deletion.tokenAfter != nil || deletion.storedAfter != nil ? ", holding its session" : ""))
        }
        if let kept = deletion.keptAfter {
          return "\(at) deleted it but keeps \(run.describe(kept))"
        }
        if let queued = deletion.queuedAfter {
          return "\(at) deleted it but keeps \(queued.count) queued change(s)"
        }
        if let error = deletion.errorAfter {
          return Finding(.wrongSyncStatus, "\(at) deleted it, yet holds \(error) to show")
        }
        continue
      }
      guard deletion.started else { return Finding(.stuckQueue, "\(at) refused to start") }
      if deletion.gaveUp {
        return Finding(
          .stuckQueue, "\(at) online, stopped with the account still there, though no call it made failed")
      }
      // The failed call's answer says why; the user confirmed with the account's own password.
      if deletion.stoppedByAFailure, deletion.shown == nil || deletion.shown == .invalidCredentials {
        return Finding(
          .wrongSyncStatus,
          "\(at) met a failed call and stopped, the account still there, showing \(deletion.shown.text): "
            + "the password it was confirmed with is the account's")
      }
      // Started offline, it stops with no call to answer: the error it holds says why.
      if deletion.stoppedOffline, deletion.errorAfter == nil || deletion.errorAfter == .invalidCredentials {
        return Finding(
          .wrongSyncStatus,
          "\(at) offline, stopped with the account still there, holding \(deletion.errorAfter.text) to show: "
            + "a deletion that needs the network says so")
      }
      if let refusal = deletion.refused, let lost = deletion.lostWhenRefused.first {
        let more = deletion.lostWhenRefused.count - 1
        return Finding(
          .lostUpdate,
          "\(at) was refused by the auth service (\(refusal)), the account kept, after the cloud lost "
            + "\(lost)\(more == 0 ? "" : " and \(more) more")")
      }
      let failed = deletion.online ? "failed (the service still has the account)" : "failed (offline)"
      guard case .authenticated(let user) = deletion.stateAfter, user.uid == deletion.uid else {
        return Finding(.wrongSyncStatus, "\(at) \(failed), but the phone is left \(deletion.stateAfter)")
      }
      if deletion.keptAfter != deletion.shownBefore {
        return Finding(
          .lostUpdate,
          "\(at) \(failed), but the phone keeps "
            + "\(deletion.keptAfter.map(run.describe) ?? "nothing") of what showed "
            + run.describe(deletion.shownBefore))
      }
      if deletion.queuedAfter != deletion.queuedBefore {
        return Finding(
          .lostUpdate,
          "\(at) \(failed), but the phone has "
            + "\(deletion.queuedAfter?.count ?? 0) change(s) queued of \(deletion.queuedBefore.count)")
      }
    }
    if let left = run.leftovers.first {
      return "once quiet, the deleted account still has \(left) in the cloud"
    }
    for pass in run.passesOfDeleted {
      let at =
        "\(SharedDevicesRun.when(pass.step)): phone \(pass.device), signed in to \(pass.uid)'s deleted account,"
      if case .authenticated(let user) = pass.stateAfter, user.uid == pass.uid {
        return "\(at) made a pass and is still signed in to it"
      }
      if pass.keeps { return "\(at) made a pass and still keeps its data" }
    }
    return nil
  }
}
