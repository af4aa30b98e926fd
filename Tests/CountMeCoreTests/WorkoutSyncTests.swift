import CountMeCore
import Foundation
import Testing

@Suite("Seed 004's workout sync under its policy and CountMe's")
struct WorkoutSyncTests {
  let t0 = Date(timeIntervalSince1970: 1_767_225_600)
  /// `00000000-0000-0000-0000-00000000nnnn`.
  func id(_ n: Int) -> UUID {
    UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)))
  }
  func exercise(_ n: Int, order: Int = 0, sets: Int = 3, at seconds: Double = 0) -> ExerciseInstance {
    ExerciseInstance(
      id: id(n), order: order, name: "Exercise \(n)", sets: sets, reps: 8, updatedAt: t0 + seconds)
  }
  func module(_ name: String, at seconds: Double, _ exercises: [ExerciseInstance]) -> WorkoutTemplate {
    WorkoutTemplate(
      kind: .module, id: id(0x100), name: name, notes: "", updatedAt: t0 + seconds, exercises: exercises)
  }

  @Test(
    "1.4: the cloud wins only when strictly newer; a tie goes to local under workout, by content under countme"
  )
  func winner() {
    let (a, b) = ((t0, UInt64(1)), (t0, UInt64(2)))
    #expect(WorkoutConflicts.winner(local: a, cloud: nil, policy: .workout) == .local)
    #expect(WorkoutConflicts.winner(local: a, cloud: (t0 + 0.001, 0), policy: .workout) == .cloud)
    #expect(WorkoutConflicts.winner(local: (t0 + 0.001, 0), cloud: a, policy: .workout) == .local)
    // Each device keeps its own on a tie under seed 004; under countme both keep the version of hash 2.
    #expect(WorkoutConflicts.winner(local: a, cloud: b, policy: .workout) == .local)
    #expect(WorkoutConflicts.winner(local: b, cloud: a, policy: .workout) == .local)
    #expect(WorkoutConflicts.winner(local: a, cloud: b, policy: .countme) == .cloud)
    #expect(WorkoutConflicts.winner(local: b, cloud: a, policy: .countme) == .local)
  }

  @Test(
    "1.6: exercises merge by id, each the newer, cloud-only ones added, by order then id; metadata of the newer side"
  )
  func deepMerge() {
    let local = module("Legs", at: 1, [exercise(1, order: 1, sets: 5, at: 1), exercise(2, order: 0)])
    let cloud = module("Push", at: 2, [exercise(1, order: 1, sets: 4, at: 2), exercise(3, order: 0, at: 2)])
    let merged = WorkoutConflicts.merge(local: local, cloud: cloud, policy: .workout)
    #expect(merged.name == "Push" && merged.updatedAt == t0 + 2)
    #expect(merged.exercises.map(\.id) == [id(2), id(3), id(1)])
    #expect(merged.exercises.map(\.sets) == [3, 3, 4])
    // countme's rule takes the newer version whole.
    #expect(WorkoutConflicts.merge(local: local, cloud: cloud, policy: .countme) == cloud)
  }

  @Test("1.7: sessions are kept whole, never merged set by set")
  func sessions() {
    let set = { (n: Int) in SetData(id: id(0x300 + n), exerciseID: id(1), reps: 5, grams: 20_000) }
    let local = WorkoutSession(id: id(0x200), sets: [set(0)], updatedAt: t0)
    let cloud = WorkoutSession(id: id(0x200), sets: [set(1)], updatedAt: t0 + 1)
    #expect(WorkoutConflicts.merge(local: local, cloud: cloud, policy: .workout) == cloud)
    var device = WorkoutDevice(policy: .workout)
    let saved1 = device.save(local, now: t0)
    #expect(saved1)
    let saved2 = device.save(cloud, now: t0 + 1)
    #expect(!saved2, "a save that changes a logged set is refused")
    let saved3 = device.save(
      WorkoutSession(id: id(0x200), sets: [set(0), set(1)], updatedAt: t0), now: t0 + 2)
    #expect(saved3)
    #expect(device.sessions[local.key]?.updatedAt == t0 + 2)
  }

  @Test("2.5: a save stamps updatedAt only when content changes, and only the exercises it changed")
  func stamping() {
    var device = WorkoutDevice(policy: .workout)
    let first = module("Legs", at: 0, [exercise(1), exercise(2, order: 1)])
    let saved4 = device.save(first, now: t0 + 5)
    #expect(saved4)
    let saved5 = device.save(first, now: t0 + 9)
    #expect(!saved5, "the same content again is no change")
    #expect(device.templates[first.key]?.updatedAt == t0 + 5)
    var edited = first
    edited.exercises[1].sets = 4
    let saved6 = device.save(edited, now: t0 + 10)
    #expect(saved6)
    let held = device.templates[first.key]
    #expect(held?.updatedAt == t0 + 10)
    #expect(held?.exercises.map(\.updatedAt) == [t0 + 5, t0 + 10])
  }

  @Test("2.4: one record per deletion; cleaned only once synced and more than 30 days old")
  func records() {
    var tracker = DeletionTracker()
    let key = WorkoutKey(kind: .module, id: id(0x100))
    let other = WorkoutKey(kind: .session, id: id(0x200))
    tracker.record(key, deletedAt: t0)
    tracker.record(key, deletedAt: t0 + 60, syncedAt: t0 + 60)
    #expect(tracker.records[key] == DeletionRecord(key: key, deletedAt: t0, syncedAt: nil))
    tracker.record(other, deletedAt: t0, syncedAt: t0)
    let thirtyDays: TimeInterval = 30 * 86_400
    tracker.cleanUp(now: t0 + thirtyDays, retention: thirtyDays)
    #expect(tracker.records.count == 2, "exactly 30 days old is kept")
    tracker.cleanUp(now: t0 + thirtyDays + 1, retention: thirtyDays)
    #expect(tracker.records.keys.sorted() == [key], "the unsynced record stays, however old")
  }

  @Test("a deletion pushed over the cloud's record of the entity past its 30 days replaces it, and stays")
  func expiredRecordGivesWay() {
    let key = WorkoutKey(kind: .module, id: id(0x100))
    let thirtyOneDays: TimeInterval = 31 * 86_400
    var cloud = WorkoutCloud()
    cloud.deletions[key] = t0
    var device = WorkoutDevice(policy: .workout)
    device.save(module("Legs", at: 0, []), now: t0)
    device.delete(key, now: t0 + thirtyOneDays)
    device.sync(with: &cloud, now: t0 + thirtyOneDays)
    #expect(cloud.deletions[key] == t0 + thirtyOneDays, "the new deletion, not the stale one cleaned with it")
  }

  @Test(
    "1.5: an edit made after a deletion is kept under workout, deleted under countme; deletions sync first")
  func lateEdit() {
    for (policy, kept) in [(SyncPolicy.workout, true), (.countme, false)] {
      var cloud = WorkoutCloud()
      var a = WorkoutDevice(policy: policy)
      var b = WorkoutDevice(policy: policy)
      let first = module("Legs", at: 0, [])
      a.save(first, now: t0)
      a.sync(with: &cloud, now: t0)
      b.sync(with: &cloud, now: t0)
      a.delete(first.key, now: t0 + 1)
      var renamed = first
      renamed.name = "Push"
      b.save(renamed, now: t0 + 2)
      let pushed = a.sync(with: &cloud, now: t0 + 3)
      #expect(pushed.deletionsPushed == [first.key] && cloud.deletions[first.key] == t0 + 1)
      b.sync(with: &cloud, now: t0 + 4)
      #expect((b.templates[first.key] != nil) == kept, "\(policy)")
      a.sync(with: &cloud, now: t0 + 5)
      // Under workout the module comes back on the device that deleted it: W1.5.1's known finding.
      #expect((a.templates[first.key]?.name == "Push") == kept, "\(policy)")
    }
  }
}

/// The device's store (seed 004, 2.2 and 2.6), each expectation from the seed.
@Suite("The workout device's store")
struct WorkoutStoreTests {
  let start = Date(timeIntervalSince1970: 1_767_225_600.123)

  func device() -> WorkoutDevice {
    var device = WorkoutDevice(policy: .workout)
    let child = ExerciseInstance(
      id: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1)), order: 0, name: "Squat", sets: 3,
      reps: 5,
      updatedAt: start)
    let module = WorkoutTemplate(
      kind: .module, id: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0)), name: "Legs",
      notes: "",
      updatedAt: start, exercises: [child])
    device.save(module, now: start.addingTimeInterval(0.001))
    let session = WorkoutSession(
      id: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0)),
      sets: [SetData(id: child.id, exerciseID: child.id, reps: 5, grams: 20_000)], updatedAt: start)
    device.save(session, now: start.addingTimeInterval(0.002))
    device.delete(session.key, now: start.addingTimeInterval(0.003))
    let other = WorkoutSession(id: child.id, sets: [], updatedAt: start)
    device.save(other, now: start.addingTimeInterval(0.004))
    return device
  }

  @Test("2.2: the store restores exactly what was saved, to the sub-millisecond, byte for byte the same")
  func roundTrip() {
    let saved = device()
    #expect(saved.templates.count == 1 && saved.sessions.count == 1 && saved.deletions.sorted.count == 1)
    let bytes = WorkoutStore.encode(saved)
    let (restored, corrupted) = WorkoutStore.load(bytes, policy: .workout)
    #expect(corrupted == nil && restored == saved)
    #expect(WorkoutStore.encode(restored) == bytes)
  }

  @Test("2.6: any one byte changed, or the bytes cut short, recreates an empty store and says why")
  func damaged() {
    let bytes = WorkoutStore.encode(device())
    for index in stride(from: 0, to: bytes.count, by: 7) {
      var copy = bytes
      copy[index] ^= 0x01
      let (device, corrupted) = WorkoutStore.load(copy, policy: .workout)
      #expect(corrupted != nil && device == WorkoutDevice(policy: .workout), "byte \(index)")
    }
    #expect(WorkoutStore.load(bytes.prefix(bytes.count / 2), policy: .workout).corrupted != nil)
    #expect(WorkoutStore.load(Data(), policy: .workout).corrupted != nil)
    #expect(WorkoutStore.load(bytes, policy: .countme).corrupted == "a store of policy workout, not countme")
  }

  @Test("2.2: an exercise stored before names falls back to nameOverride, then to Unknown Exercise")
  func nameFallback() throws {
    let id = "00000000-0000-0000-0000-000000000001"
    func read(_ name: String) throws -> String {
      let json = "{\"id\":\"\(id)\",\"order\":0,\(name)\"sets\":3,\"reps\":5,\"updatedAt\":0}"
      return try JSONDecoder().decode(ExerciseInstance.self, from: Data(json.utf8)).name
    }
    #expect(try read("\"name\":\"Squat\",\"nameOverride\":\"Old\",") == "Squat")
    #expect(try read("\"nameOverride\":\"Old\",") == "Old")
    #expect(try read("") == "Unknown Exercise")
  }
}
