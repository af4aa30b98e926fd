import Foundation
import Testing

@testable import CountMeCore

/// `WorkoutApp`: seed 004's 1.1 (a save held at once, its push queued, written to the cloud only
/// when it goes through) and 1.8 (nothing pushed offline, the status the UI shows), each expectation
/// written out from the seed.
@Suite("The workout app: a device's store and its offline queue joined")
struct WorkoutAppTests {
  let start = Date(timeIntervalSince1970: 1_767_225_600)
  let module = WorkoutTemplate(
    kind: .module, id: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0)), name: "Legs", notes: "",
    updatedAt: Date(timeIntervalSince1970: 0), exercises: [])

  func app() -> WorkoutApp {
    WorkoutApp(device: WorkoutDevice(policy: .workout), queue: SyncQueue(rules: .workout))
  }

  @Test("a save is held at once and its push queued; a failed push leaves the cloud alone and stays queued")
  func saveThenFailedPush() throws {
    var app = app()
    var cloud = WorkoutCloud()
    let saved = app.save(module, now: start)
    #expect(saved)
    #expect(app.device.templates[module.key]?.name == "Legs" && app.queue.pending.count == 1)
    #expect(app.status == .syncing)
    guard case .upload(let id, let operation) = app.next(now: start) else {
      Issue.record("no push due after a save")
      return
    }
    #expect(operation.entityType == .module && operation.entityId == module.id.uuidString)
    app.push(id, to: &cloud, failure: .cloudUnavailable, now: start)
    #expect(cloud.templates.isEmpty && app.queue.pending.map(\.id) == [id] && app.status == .syncing)
    let waiting = app.next(now: start)
    #expect(waiting == .wait(until: start.addingTimeInterval(300)))
    guard case .upload(let again, _) = app.next(now: start.addingTimeInterval(300)) else {
      Issue.record("no retry 300 s after the failure")
      return
    }
    app.push(again, to: &cloud, failure: nil, now: start.addingTimeInterval(300))
    #expect(cloud.templates[module.key]?.name == "Legs" && app.queue.pending.isEmpty && app.status == .synced)
  }

  @Test("offline nothing is pushed and the status says so; the network's return makes a waiting retry due")
  func offline() {
    var app = app()
    var cloud = WorkoutCloud()
    app.save(module, now: start)
    guard case .upload(let id, _) = app.next(now: start) else {
      Issue.record("no push due after a save")
      return
    }
    app.push(id, to: &cloud, failure: .cloudUnavailable, now: start)
    app.networkChanged(online: false)
    let paused = app.next(now: start.addingTimeInterval(600))
    #expect(app.status == .offline && paused == .paused)
    app.networkChanged(online: true)
    guard case .upload(let retried, _) = app.next(now: start.addingTimeInterval(1)) else {
      Issue.record("the retry waited out its 300 s though the network returned")
      return
    }
    #expect(retried == id)
  }

  @Test("a push that fails five times is kept for the user, and the status shows failed")
  func manualIntervention() {
    var app = app()
    var cloud = WorkoutCloud()
    app.delete(module.key, now: start)
    var now = start
    for _ in 1...5 {
      guard case .upload(let id, _) = app.next(now: now) else {
        Issue.record("no attempt at \(now)")
        return
      }
      app.push(id, to: &cloud, failure: .permissionDenied(path: "modules"), now: now)
      now.addTimeInterval(300)
    }
    #expect(app.queue.failed.count == 1 && app.status == .failed && cloud.deletions.isEmpty)
  }
}
