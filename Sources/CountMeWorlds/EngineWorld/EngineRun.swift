import CloudFake
import CountMeContract
import CountMeCore
import CountMeGenerators
import Foundation
import Generators
import Synchronization

/// Runs an `EngineInput` against a system's real engine (`SystemUnderTest.makeEngine`) and records
/// an `EngineTrace`; it judges nothing.
///
/// The engine runs on a `StepExecutor`, so concurrent callers interleave exactly as the input's schedule
/// says, with `CloudFakeStore` behind it on a virtual clock (nothing real waits) and its queue file in a
/// fresh temporary directory, removed after.
///
/// Steps are grouped into rounds of `callers` steps that run at once. A `restart` (or `upgrade`)
/// runs alone: it reads the file, damages it as the input says, and builds a new engine from it,
/// which then learns the network and the user as a new launch does. A `sign in` signs in the run's
/// user or another user of the device, as the input's `users` say; the device's changes belong to
/// whoever is signed in (`Device`). After the steps the network returns, faults stop, and the queue
/// drains as the other user, then as the run's user.
package struct EngineRun {
  package static let uid = "uid-engine"
  /// Another user of the device.
  static let otherUid = "uid-other"
  /// The users a sign-in names, by number.
  static let users = [uid, otherUid]

  private let input: EngineInput
  /// Whether each round reads the queue file back with the harness's reader (`Settled.file`): only
  /// for a judge that reads it (P23's).
  private let readsFile: Bool
  private let system: SystemLayers
  private let executor = StepExecutor()
  private let clock = VirtualClock(start: SyncSimulator.start)
  private let cloud: CloudFakeStore
  private let device: Device
  private let recorder = Recorder()
  private let directory: URL
  private let file: QueueFile
  private var engine: any EngineUnderTest
  private var capacity: Int
  private var policy: RetryPolicy
  private var online = true
  private var schedule: IndexingIterator<[Int]>
  private var signIns: IndexingIterator<[Int]>
  /// The launch the engine is in (see `EngineTrace.Accepted`).
  private var launch = 0
  private var trace: EngineTrace

  /// Runs `input` against `system`'s engine and returns what happened.
  package static func run(_ input: EngineInput, system: SystemLayers, readsFile: Bool = true) -> EngineTrace {
    var run = EngineRun(input, system: system, readsFile: readsFile)
    defer { try? FileManager.default.removeItem(at: run.directory) }
    return run.play()
  }

  /// The bytes of the `n`th file an earlier launch quarantined.
  static func earlierBytes(_ n: Int) -> Data {
    Data("quarantined by an earlier launch (\(n))\n".utf8)
  }

  private init(_ input: EngineInput, system: SystemLayers, readsFile: Bool) {
    self.input = input
    self.system = system
    self.readsFile = readsFile
    cloud = CloudFakeStore(
      fake: CloudFake(plan: input.simulation.faults, start: SyncSimulator.start), clock: clock)
    directory = Self.freshDirectory()
    file = QueueFile(path: directory.appendingPathComponent("queue").path)
    capacity = input.simulation.capacity
    policy = input.simulation.policy
    schedule = input.schedule.makeIterator()
    signIns = input.users.makeIterator()
    device = Device(user: Self.uid, unreadable: input.unreadable)
    trace = EngineTrace(input: input, uid: Self.uid)
    for n in stride(from: 1, through: input.earlierQuarantines, by: 1) {
      _ = FileManager.default.createFile(atPath: "\(file.path).corrupt-\(n)", contents: Self.earlierBytes(n))
    }
    engine = Self.startEngine(
      system, capacity: capacity, policy: policy, cloud: cloud, clock: clock, file: file, device: device)
  }

  /// A new launch of `system`'s engine: the settings in force, the cloud, the clock, the file, and
  /// the device's store for uploads to read.
  private static func startEngine(
    _ system: SystemLayers, capacity: Int, policy: RetryPolicy, cloud: CloudFakeStore,
    clock: VirtualClock, file: QueueFile, device: Device
  ) -> any EngineUnderTest {
    system.engine.makeEngine(
      EngineSetup(
        capacity: capacity, policy: policy, cloud: cloud, clock: clock, file: file,
        documentFor: { try await device.document(for: $0) }))
  }

  private mutating func play() -> EngineTrace {
    let engine = self.engine
    _ = wait(step: -1) { await engine.setUser(Self.uid) }
    var round: [Int] = []
    for (index, step) in input.simulation.scenario.steps.enumerated() {
      switch step {
      case .restart, .upgrade:
        flush(&round)
        restart(at: index, step)
        settle(after: index)
      default:
        round.append(index)
        if round.count >= input.callers { flush(&round) }
      }
    }
    flush(&round)
    drain()
    return trace
  }

  /// Runs the steps of `round` as concurrent callers, then records what the engine and file hold.
  private mutating func flush(_ round: inout [Int]) {
    guard let last = round.last else { return }
    let callers = round.map { call(input.simulation.scenario.steps[$0], at: $0) }
    let executor = self.executor
    let unfinished = executor.run(callers) { ready in schedule.next() ?? 0 }
    if unfinished > 0 { trace.unfinished.append((last, unfinished)) }
    round.removeAll()
    settle(after: last)
  }

  /// One step as an async caller of the engine.
  private mutating func call(_ step: SyncScenario.Step, at index: Int) -> @Sendable () async -> Void {
    let (engine, cloud, clock, device, recorder, launch) = (engine, cloud, clock, device, recorder, launch)
    switch step {
    case .enqueue(let kind, let entity, let type):
      return {
        let operation = await device.change(kind, entityId: "e\(entity)", type: type, at: clock.current)
        let id = await engine.enqueue(operation)
        recorder.record(EngineTrace.Accepted(id: id, operation: operation, step: index, launch: launch))
      }
    case .process: return { await engine.processQueue() }
    case .advanceTime(let seconds): return { clock.advance(by: Double(seconds)) }
    case .goOffline, .goOnline:
      let online = step == .goOnline
      self.online = online
      return {
        await engine.setOnline(online)
        await cloud.setOnline(online)
      }
    case .signOut, .signIn:
      let uid = step == .signIn ? Self.users[(signIns.next() ?? 0) % Self.users.count] : nil
      return {
        await device.setUser(uid)
        await engine.setUser(uid)
      }
    case .retryFailed(let number):
      return {
        let failed = await engine.queueSnapshot().failed.map(\.id)
        let candidates = failed.isEmpty ? recorder.all.filter { $0.launch == launch }.map(\.id) : failed
        guard !candidates.isEmpty else { return }
        let id = candidates[number % candidates.count]
        let before = await engine.state(of: id)
        let accepted = await engine.retryFailed(id)
        let after = await engine.state(of: id)
        recorder.record(
          EngineTrace.Retry(step: index, id: id, before: before, accepted: accepted, after: after))
      }
    // NB: the engine's contract has no removal; its inputs refuse a remove step when read, and its
    // generators draw none.
    case .restart, .upgrade, .remove: return {}
    }
  }

  /// Reads and damages the file, then starts a new engine from it (with an upgrade's settings).
  private mutating func restart(at index: Int, _ step: SyncScenario.Step) {
    let old = engine
    observeStates(at: index)
    guard let before = wait(step: index, { await old.queueSnapshot() }) else { return }
    let manager = FileManager.default
    let written = manager.contents(atPath: file.path)
    let corruption = trace.restarts.count < input.damage.count ? input.damage[trace.restarts.count] : nil
    var damaged = written
    if let written, let corruption {
      damaged = corruption.apply(to: written)
      try? damaged?.write(to: URL(fileURLWithPath: file.path), options: .atomic)
    }
    var free = 1
    while manager.fileExists(atPath: "\(file.path).corrupt-\(free)") { free += 1 }
    if case .upgrade(let newCapacity, let retries) = step {
      capacity = newCapacity
      policy = RetryPolicy(initialDelay: policy.initialDelay, maxDelay: policy.maxDelay, maxRetries: retries)
    }
    engine = Self.startEngine(
      system, capacity: capacity, policy: policy, cloud: cloud, clock: clock, file: file, device: device)
    let (new, online, device) = (engine, online, device)
    guard let (load, after) = wait(step: index, { (await new.loadResult(), await new.queueSnapshot()) })
    else {
      return
    }
    switch load {
    case .loaded: break
    case .empty, .quarantined: startLaunchWithEmptyQueue()
    }
    var moved: Data?
    if case .quarantined(let movedTo, _) = load { moved = manager.contents(atPath: movedTo) }
    let leftInPlace = manager.fileExists(atPath: file.path)
    let earlierChanged = stride(from: 1, through: input.earlierQuarantines, by: 1).filter {
      manager.contents(atPath: "\(file.path).corrupt-\($0)") != Self.earlierBytes($0)
    }
    trace.restarts.append(
      EngineTrace.Restart(
        step: index, before: before, written: written, corruption: corruption, damaged: damaged,
        firstFreeQuarantine: "\(file.path).corrupt-\(free)", load: load,
        movedBytes: moved, fileLeftInPlace: leftInPlace, earlierChanged: earlierChanged, after: after,
        capacity: capacity))
    _ = wait(step: index) {
      await new.setOnline(online)
      await new.setUser(await device.user)
    }
  }

  /// The new launch found no queue, so a new launch count begins.
  ///
  /// The new launch found no queue (no file, or a damaged one): the operations the last launch
  /// still had pending are lost, and ids start again, so a new launch count begins.
  private mutating func startLaunchWithEmptyQueue() {
    for (index, entry) in trace.enqueued.enumerated() where entry.launch == launch {
      switch trace.lastSeen[index] ?? nil {
      case .pending?, .inFlight?: trace.lost.insert(index)
      default: break
      }
    }
    launch += 1
  }

  /// Records what the engine holds and what its file holds now.
  private mutating func settle(after index: Int) {
    let engine = self.engine
    trace.enqueued = recorder.all
    trace.retries = recorder.retries
    guard
      let (snapshot, violations, saveError) = wait(
        step: index,
        { (await engine.queueSnapshot(), await engine.invariantViolations(), await engine.saveError()) }
      )
    else { return }
    let onDisk = readsFile ? EngineTrace.OnDisk(FileManager.default.contents(atPath: file.path)) : nil
    trace.rounds.append(
      (
        index,
        EngineTrace.Settled(snapshot: snapshot, violations: violations, saveError: saveError, file: onDisk)
      ))
  }

  /// Network back, faults off, the queue drained by each user in turn; then the end state.
  ///
  /// Network back, faults off, the queue drained by each user in turn (the other user first, so an
  /// engine that uploads everything as whoever is signed in shows it); then the end state.
  private mutating func drain() {
    let (engine, cloud, device) = (engine, cloud, device)
    // NB: `wait` answers nil when the drain never finished (recorded as unfinished); `true` otherwise.
    let drained: Bool? = wait(step: nil) {
      await cloud.setFaultsEnabled(false)
      await cloud.setOnline(true)
      await engine.setOnline(true)
      for uid in Self.users.reversed() {
        await engine.setUser(uid)
        await engine.processQueue()
      }
      return true
    }
    guard drained != nil else { return }
    observeStates(at: nil)
    guard let (fake, local) = wait(step: nil, { (await cloud.fake, await device.versions) }) else { return }
    trace.final = EngineTrace.Final(
      cloud: fake.documents.mapValues { $0.fields["version"] as? Int }, local: local, calls: fake.trace)
  }

  /// Asks the engine the state of every operation of this launch.
  private mutating func observeStates(at step: Int?) {
    trace.enqueued = recorder.all
    let engine = self.engine
    let mine = trace.enqueued.enumerated().filter { $0.element.launch == launch }.map {
      ($0.offset, $0.element.id)
    }
    let states = wait(step: step) {
      var states: [(Int, OperationState?)] = []
      for (index, id) in mine { states.append((index, await engine.state(of: id))) }
      return states
    }
    for (index, state) in states ?? [] { trace.see(index, state) }
  }

  /// Runs `body` alone on the executor and returns its result; nil (recorded) when it never finished.
  private mutating func wait<T: Sendable>(step: Int?, _ body: @escaping @Sendable () async -> T) -> T? {
    let result = Mutex<T?>(nil)
    if executor.run(
      [
        {
          let value = await body(); result.withLock { $0 = value }
        }
      ], pick: { _ in 0 }) > 0
    {
      trace.unfinished.append((step ?? input.simulation.scenario.steps.count, 1))
    }
    return result.withLock { $0 }
  }

  private static let directories = Atomic<Int>(0)

  /// Where the cases' directories go: `/dev/shm` where there is one, else the temporary directory.
  ///
  /// Where the cases' directories go: `/dev/shm` where there is one (Linux's memory-backed file
  /// system: the same calls as a disk, four times faster here, since every save renames a file),
  /// else the temporary directory.
  private static let base: URL = {
    let shm = "/dev/shm"
    return FileManager.default.isWritableFile(atPath: shm)
      ? URL(fileURLWithPath: shm, isDirectory: true) : FileManager.default.temporaryDirectory
  }()

  /// A new directory of its own under `base`.
  private static func freshDirectory() -> URL {
    let number = directories.wrappingAdd(1, ordering: .relaxed).newValue
    let url = base.appendingPathComponent(
      "countme-engine-\(ProcessInfo.processInfo.processIdentifier)-\(number)")
    try? FileManager.default.removeItem(at: url)
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}
