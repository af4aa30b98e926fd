import CountMeCore
import CountMeWorlds
import Foundation
import PropertyHarness

extension Firebase {
  /// Property 11: signing out keeps a person's local data on the phone, and it stays theirs.
  ///
  /// The oracle, written out, for the collection the run's phones sync (food items, exercise items,
  /// custom meals or daily logs):
  /// - when a person signs out, the phone keeps exactly what it showed them and had queued for
  ///   them; when they sign in there again, it shows them exactly that, with those changes queued,
  ///   and the guest's changes made meanwhile, which go with them (seed 002's migration at the
  ///   first sign-in): each guest item as the guest left it, queued;
  /// - a phone shows a signed-in person only entities they made or downloaded (their own, and a
  ///   guest's that went with them), and shows nobody's signed out but the guest's;
  /// - once the phones have synced quietly, each person's cloud holds each of their entities as
  ///   their last change left it (a deletion wins over any edit), and nothing of anyone else's. An
  ///   account whose deletion failed part way may have lost documents to it (F31 holds the phone to
  ///   keeping everything): its cloud is held only to holding nothing of anyone else's.
  static let signOutRetainsData = sharedDevicesProperty(
    // A budget of 2,000: a phone that hands the last person's daily logs to the next shows only in
    // the quarter of runs that sync logs, found by case 1,641 at worst of 60 seeds.
    "F11", "Sign out retains local data", validates: ["3.3"], killBudget: 2_000,
    expect:
      "a person's data stays on the phone after sign-out, theirs alone, and their queued changes reach their cloud",
    anomaly: .lostUpdate
  ) { run in
    for handover in run.handovers {
      let at = "step \(handover.step): phone \(handover.device)"
      let what =
        handover.returning
        ? "\(at) showed \(run.who(handover.uid)), back after signing out,"
        : "\(at) kept of \(run.who(handover.uid)), once signed out,"
      guard var after = handover.after, var queuedAfter = handover.queuedAfter else {
        return
          "\(what) nothing; before the sign-out it showed \(run.describe(handover.shownBefore))"
      }
      // The guest's changes made while they were away go with them, each as the guest left it
      // (an item live, queued for upload; a deletion, nothing); the rest is as at the sign-out.
      let guest = handover.guestChanges
      func isGuests(_ key: EntityKey) -> Bool {
        UUID(uuidString: key.entityId).map { guest[$0] != nil } ?? false
      }
      for (id, change) in guest.sorted(by: { $0.key.uuidString < $1.key.uuidString }) {
        let held = after.live[id]
        let queued = queuedAfter.contains { UUID(uuidString: $0.entityId) == id }
        switch change {
        case .live(let calories) where held?.calories == calories && queued: continue
        case .deleted where held == nil: continue
        default:
          let holds = held.map { "\($0.calories) kcal" + (queued ? "" : ", not queued") } ?? "nothing"
          return
            "\(what) holds \(run.name(id)), the guest's, as \(holds); the guest left it \(change)"
        }
      }
      after = HeldEntities(
        live: after.live.filter { guest[$0.key] == nil },
        deleted: after.deleted.filter { guest[$0.key] == nil })
      queuedAfter.removeAll(where: isGuests)
      if after != handover.shownBefore {
        return Finding(
          nil,
          "\(what) \(run.describe(after)); at the sign-out it showed "
            + run.describe(handover.shownBefore))
      }
      if queuedAfter != handover.queuedBefore {
        return
          "\(what) \(queuedAfter.count) change(s) queued; at the sign-out it had \(handover.queuedBefore.count)"
      }
    }
    for view in run.views {
      let at = "step \(view.step): phone \(view.device)"
      guard let uid = view.signedIn else {
        if let stray = view.visible.live.keys.sorted(by: { $0.uuidString < $1.uuidString })
          .first(where: { !(run.owner(of: $0)?.isGuest(of: view.device) ?? false) })
        {
          return Finding(.crossAccountAccess, "\(at), signed out, shows \(run.name(stray))")
        }
        continue
      }
      guard run.deletedAccounts[uid] == nil else { continue }  // signed in to a deleted account: F31's
      let theirs = run.account(of: uid).flatMap { run.expected[$0] } ?? [:]
      if let stray = view.visible.live.keys.sorted(by: { $0.uuidString < $1.uuidString })
        .first(where: { theirs[$0] == nil })
      {
        return
          "\(at), signed in as \(run.who(uid)), shows \(run.name(stray)), which they never made"
      }
    }
    for (account, held) in run.finalCloud.sorted(by: { $0.key < $1.key }) {
      let mine = run.expected[account] ?? [:]
      let partlyDeleted = run.partlyDeleted.contains(account)
      for entry in run.ids {
        let holds = held[entry.id] ?? .absent
        if partlyDeleted, mine[entry.id] != nil { continue }
        let who = "person \(account)'s cloud holds \(holds) of \(run.name(entry.id))"
        switch (mine[entry.id], holds) {
        case (nil, .absent), (.deleted?, .absent), (.deleted?, .deleted): continue
        case (.live(let calories)?, .live(let held, _)) where held == calories: continue
        case (nil, _): return "after the quiet spell \(who), which they never made"
        case (let expected?, _):
          return "after the quiet spell \(who), but their last change left it \(expected)"
        }
      }
    }
    return nil
  }
}
