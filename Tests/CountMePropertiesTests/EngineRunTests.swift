import CloudFake
import CountMeContract
import CountMeCore
import CountMeGenerators
import Foundation
import Generators
import Testing

@testable import CountMeProperties
@testable import CountMeWorlds

/// An engine whose `processQueue` waits for something nobody ever gives it (a real sleep would
/// do the same): the run must report the caller, not hang.
actor StuckEngine: EngineUnderTest {
  func enqueue(_ operation: SyncOperation) -> OperationID { OperationID(1) }
  func retryFailed(_ id: OperationID) -> Bool { false }
  func processQueue() async { await withUnsafeContinuation { (_: UnsafeContinuation<Void, Never>) in } }
  func setOnline(_ online: Bool) {}
  func setUser(_ uid: String?) {}
  func queueSnapshot() -> QueueSnapshot { QueueSnapshot(nextID: 1, pending: [], failed: []) }
  func state(of id: OperationID) -> OperationState? { nil }
  func invariantViolations() -> [String] { [] }
  func loadResult() -> QueueFile.LoadResult { .empty }
  func saveError() -> String? { nil }
}

struct StuckSystem: EngineLayer {
  func makeEngine(_ setup: EngineSetup) -> any EngineUnderTest { StuckEngine() }
}

@Suite("Engine runs: the real engine on a StepExecutor")
struct EngineRunTests {
  static func input(_ steps: [SyncScenario.Step], callers: Int = 1) -> EngineInput {
    EngineInput(
      simulation: SimulationInput(
        scenario: SyncScenario(steps: steps), faults: FaultPlan([]), capacity: 64,
        policy: RetryPolicy(initialDelay: 1, maxDelay: 60, maxRetries: 2)),
      callers: callers, schedule: [], damage: [], earlierQuarantines: 0)
  }

  @Test("an engine that waits outside the virtual clock is reported at its step, and the run ends")
  func stuck() throws {
    let trace = EngineRun.run(Self.input([.process]), system: SystemLayers(StuckSystem()))
    let problem = try #require(EngineProperties.converges(trace))
    #expect(problem.finding.message.contains("never finished") && problem.step == 0, "\(problem)")
    #expect(problem.finding.anomaly == .stuckQueue)
    #expect(trace.describe(problem.finding.message, at: problem.step).hasPrefix("at step 1 (process)"))
    #expect(trace.describe("x", at: -1) == "at launch: x")
  }

  @Test("the reference engine's run of a real input is the same every time, and every judge passes it")
  func deterministic() throws {
    let input = try Gen.engineRun(callers: 2...3, options: SyncOptions()).generate(seed: 11).value.value
    let first = EngineRun.run(input, system: .reference)
    let second = EngineRun.run(input, system: .reference)
    #expect(first.final?.calls == second.final?.calls && first.final?.calls.isEmpty == false)
    #expect(first.enqueued.map(\.id) == second.enqueued.map(\.id))
    #expect(
      Hardening.judgeEngineKeepsEveryChange(first) == nil && Hardening.judgeConcurrentCallers(first) == nil)
  }

  @Test("a run reads its file back only when asked, and P23 refuses to pass a run that did not")
  func fileReadWhenAsked() throws {
    let input = try Gen.engineRun(callers: 1...1, options: SyncOptions()).generate(seed: 11).value.value
    let reading = EngineRun.run(input, system: .reference)
    let notReading = EngineRun.run(input, system: .reference, readsFile: false)
    #expect(!reading.rounds.isEmpty && reading.rounds.allSatisfy { $0.1.file != nil })
    #expect(notReading.rounds.allSatisfy { $0.1.file == nil })
    #expect(Hardening.judgeEngineKeepsEveryChange(reading) == nil)
    let problem = try #require(Hardening.judgeEngineKeepsEveryChange(notReading))
    #expect(problem.finding.message == "the run did not read the queue file back", "\(problem)")
  }

  @Test("P23's aim taps retry after each process step and turns the cloud's unavailability into refusals")
  func aimedAtRetries() {
    let policy = RetryPolicy(initialDelay: 1, maxDelay: 60, maxRetries: 3)
    let simulation = SimulationInput(
      scenario: SyncScenario(steps: [
        .enqueue(.create, entity: 0, type: .foodItem), .process, .advanceTime(seconds: 5), .process, .restart,
      ]),
      faults: FaultPlan([.unavailable, .none, .deadlineExceeded, .unavailable, .permissionDenied]),
      capacity: 16, policy: policy)
    let aimed = EngineInput.aimedAtRetries(simulation)
    #expect(
      aimed.scenario.steps == [
        .enqueue(.create, entity: 0, type: .foodItem), .process, .retryFailed(operation: 0),
        .advanceTime(seconds: 5), .process, .retryFailed(operation: 0), .restart,
      ])
    #expect(
      aimed.faults.faults == [
        .permissionDenied, .none, .deadlineExceeded, .permissionDenied, .permissionDenied,
      ])
    #expect(aimed.capacity == 16 && aimed.policy == policy && !aimed.defaults)
  }
}
