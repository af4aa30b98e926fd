import CountMeCore
import Testing

@testable import CountMeGenerators
@testable import Generators

@Suite("Workout queue scenarios")
struct WorkoutQueueScenarioTests {
  typealias Step = WorkoutQueueScenario.Step

  @Test("waiting out failures puts a 300 s wait after each attempt the queue retries, and after nothing else")
  func waitingOutFailures() {
    let steps: [Step] = [
      .enqueue(.module), .process(.unavailable), .process(.success), .process(.denied),
      .process(.undecodable), .wait(seconds: 299), .restart, .offline, .online,
    ]
    #expect(
      WorkoutQueueScenario.waitingOutFailures(steps) == [
        .enqueue(.module), .process(.unavailable), .wait(seconds: 300), .process(.success), .process(.denied),
        .wait(seconds: 300), .process(.undecodable), .wait(seconds: 299), .restart, .offline, .online,
      ])
    #expect(WorkoutQueueScenario.waitingOutFailures([]) == [])
  }

  @Test("reconnecting at once brings the network back right after each drop, and changes nothing else")
  func reconnectingAtOnce() {
    let steps: [Step] = [
      .enqueue(.session), .process(.unavailable), .offline, .process(.success), .online, .offline,
      .wait(seconds: 60),
    ]
    #expect(
      WorkoutQueueScenario.reconnectingAtOnce(steps) == [
        .enqueue(.session), .process(.unavailable), .offline, .online, .process(.success), .online, .offline,
        .online, .wait(seconds: 60),
      ])
    #expect(WorkoutQueueScenario.reconnectingAtOnce([.online, .restart]) == [.online, .restart])
  }

  @Test("a shape that waits out failures aims about half its scenarios: each the plain one or it aimed")
  func aimsHalf() throws {
    let outcomes: [(weight: Int, outcome: WorkoutQueueScenario.Outcome)] = [(1, .success), (3, .unavailable)]
    let plain = WorkoutQueueScenario.generator(
      .init(types: [.module], outcomes: outcomes, waits: [1], network: false))
    let aiming = WorkoutQueueScenario.generator(
      .init(types: [.module], outcomes: outcomes, waits: [1], network: false, waitsOutFailures: true))
    var aimed = 0
    var withFailures = 0
    for seed in 0..<400 as Range<UInt64> {
      let steps = try plain.generate(seed: seed).value.value.steps
      let value = try aiming.generate(seed: seed).value.value.steps
      let waited = WorkoutQueueScenario.waitingOutFailures(steps)
      guard waited != steps else {
        #expect(value == steps, "seed \(seed)")
        continue
      }
      withFailures += 1
      if value == waited {
        aimed += 1
      } else {
        #expect(value == steps, "seed \(seed)")
      }
    }
    #expect(withFailures > 300, "\(withFailures) of 400 with a failed attempt")
    #expect(Double(aimed) / Double(withFailures) > 0.35 && Double(aimed) / Double(withFailures) < 0.65)
  }
}
