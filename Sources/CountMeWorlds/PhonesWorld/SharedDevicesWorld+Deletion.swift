import CloudFake
import CountMeContract
import CountMeCore
import Foundation

extension SharedDevicesWorld {
  /// Whoever is signed in on `d` deletes their account, the phone making every call it asks for.
  ///
  /// The person confirms it with their password. Recorded with what the phone held before and after,
  /// whether the service still has the account, and what the cloud lost when the service refused it.
  ///
  /// A deleted account's person has no account any more: their next sign-in creates one.
  mutating func deleteAccount(_ d: Int, step: Int) {
    guard let uid = signedIn(d) else {
      // With nobody signed in there is no account to delete: the phone says so, and starts nothing.
      if devices[d].deleteAccount(password: "nobody's password") {
        record.strays.append(
          "step \(step): phone \(d), nobody signed in, said it started deleting an account")
      }
      return
    }
    let shownBefore = HeldEntities(devices[d].visible, Model.self)
    let queuedBefore = queued(d, uid)
    let existedBefore = service.exists(uid)
    let documentsBefore = documents(of: uid)
    let password = record.account(of: uid).map(AuthScenario.password) ?? ""
    let started = devices[d].deleteAccount(password: password)
    var shown: AuthError?
    var refused: AuthError?
    var unreachable = false
    var failedCall = false
    var ended = false
    loop: for _ in 0..<1_000 {
      cloud.online = online[d]
      switch devices[d].next(now: now, online: online[d]) {
      case .done:
        ended = true
        break loop
      case .auth(let request):
        let answer = ask(request, unreachable: &unreachable)
        if case .failure = answer { failedCall = true }
        shown = devices[d].answered(answer) ?? shown
      case .list(let owner, let collection):
        let (result, changes) = read(d, collection, of: owner, after: 0, step: step)
        if case .failure = result { failedCall = true }
        shown = devices[d].listed(result.map { changes.map(\.path) }) ?? shown
      case .deleteDocument(let path):
        let result = write(d, .delete(path: path), step: step)
        if case .failure = result { failedCall = true }
        shown = devices[d].removed(result) ?? shown
      case .deleteAccount(let token):
        let answer = service.answerDeletion(token: token)
        if case .failure = answer { failedCall = true }
        switch answer {
        // Neither says anything of the account: the deletion can be tried again.
        case .failure(let error) where error.toldNothing: unreachable = true
        case .failure(let error): refused = error
        case .success: break
        }
        shown = devices[d].accountDeleted(answer) ?? shown
      case .download, .upload, .delete, .wait:
        record.strays.append("step \(step): phone \(d)'s account deletion asked for a pass's call")
        ended = true
        break loop
      }
    }
    if !ended {
      record.strays.append(
        "step \(step): phone \(d)'s account deletion asked for 1,000 calls and never ended")
    }
    let deleted = existedBefore && !service.exists(uid)
    let documentsAfter = refused == nil ? documentsBefore : documents(of: uid)
    let lost = documentsBefore.filter { !documentsAfter.contains($0) }
    record.deletions.append(
      SharedDevicesRun.Deletion(
        step: step, device: d, uid: uid, started: started, existedBefore: existedBefore,
        existsAfter: service.exists(uid), online: online[d], serviceUnreachable: unreachable,
        failedCall: failedCall,
        shownBefore: shownBefore,
        queuedBefore: queuedBefore, stateAfter: devices[d].state, tokenAfter: devices[d].token,
        storedAfter: devices[d].stored,
        keptAfter: devices[d].store(of: uid).map { HeldEntities($0, Model.self) },
        queuedAfter: devices[d].queue(of: uid) == nil ? nil : queued(d, uid), shown: shown,
        errorAfter: devices[d].deletionError,
        refused: refused, lostWhenRefused: lost))
    guard let account = record.account(of: uid) else { return }
    if deleted {
      record.deletedUids.append(uid)
      record.deletedAccounts[uid] = account
      record.uids[account] = nil
      record.expected[account] = nil
      keptAtSignOut[account] = nil
      people = people.map { $0.filter { $0 != account } }
    } else {
      record.partlyDeleted.insert(account)
    }
  }

  /// `request` sent to the auth service, `unreachable` set when its answer told nothing of the account.
  ///
  /// `request` sent to the auth service, `unreachable` set when its answer told nothing of the
  /// account: a network error, or a call the service throttled.
  mutating func ask(_ request: AuthRequest, unreachable: inout Bool) -> Result<AuthGrant, AuthError> {
    let answer = service.answer(request)
    if case .failure(let error) = answer, error.toldNothing { unreachable = true }
    return answer
  }

  /// The paths of the entities user `uid` has in the cloud (the phones write no other collection).
  ///
  /// Read from the cloud's state, no call made (a call would take a fault and show in the diagram).
  func documents(of uid: String) -> [DocumentPath] {
    record.ids.map {
      DocumentPath(uid: uid, collection: Model.collection, documentId: $0.documentId)
    }.filter { cloud.document(at: $0) != nil }
  }

  /// Records an online pass of `d` made signed in to an account deleted before it.
  ///
  /// Where the phone stands after, and whether it still keeps that account's data; only a pass that
  /// `heard` from the auth service (no network error) can have learnt of the deletion.
  mutating func noteIfDeleted(_ d: Int, signedInBefore uid: String?, step: Int?, heard: Bool) {
    guard let uid, online[d], heard, record.deletedUids.contains(uid) else { return }
    record.passesOfDeleted.append(
      SharedDevicesRun.PassOfDeleted(
        step: step, device: d, uid: uid, stateAfter: devices[d].state, keeps: devices[d].store(of: uid) != nil
      ))
  }

  /// Faults stop and every phone comes online, syncs and signs out.
  ///
  /// Faults stop and every phone comes online; a phone still signed in syncs three times (so a
  /// phone signed in to an account deleted elsewhere finds out) and signs out; then on each phone
  /// every person whose data it keeps signs in, syncs three times and signs out.
  mutating func quietSpell() {
    cloud.faultsEnabled = false
    service.faultsEnabled = false
    online = online.map { _ in true }
    for d in devices.indices {
      if signedIn(d) != nil {
        for _ in 0..<3 {
          cloud.turn(device: d, step: nil)
          pass(d, step: nil)
        }
        devices[d].signOut()
      }
      for account in people[d] {
        signIn(d, account, nil)
        for _ in 0..<3 {
          cloud.turn(device: d, step: nil)
          pass(d, step: nil)
        }
        devices[d].signOut()
      }
    }
  }

  /// Reads each person's entities and every collection of each deleted account, and asks for each
  /// other person's entities as each.
  mutating func finish() {
    for (account, uid) in record.uids.sorted(by: { $0.key < $1.key }) {
      var held: [UUID: SharedDevicesRun.Held] = [:]
      for entry in record.ids {
        let path = DocumentPath(uid: uid, collection: Model.collection, documentId: entry.documentId)
        held[entry.id] = cloud.document(at: path).map { Model.held($0.fields, at: path) } ?? .absent
      }
      record.finalCloud[account] = held
    }
    for uid in record.deletedUids {
      for collection in Model.isAppCollection ? [Model.collection] : SharedDevicesRun.everyCollection {
        let (_, left) = cloud.changes(in: collection, of: uid, as: uid, after: 0, now: now)
        record.leftovers += left.map(\.path)
      }
    }
    for (caller, callerUid) in record.uids.sorted(by: { $0.key < $1.key }) {
      for (owner, ownerUid) in record.uids.sorted(by: { $0.key < $1.key }) where owner != caller {
        let (response, _) = cloud.changes(
          in: Model.collection, of: ownerUid, as: callerUid, after: 0, now: now)
        record.crossQueries.append((caller, owner, response.result.refused))
      }
    }
  }
}
