import CloudFake
import CountMeContract
import CountMeCore
import CountMeGenerators
import Generators
import PropertyHarness

/// A run of a real sync engine: a simulation, its callers and schedule, and the damage done to its file.
///
/// A run of a real sync engine (properties 23 and 24): a simulation's steps, faults and settings,
/// with up to `callers` steps running at once, interleaved as `schedule` says, and the damage done
/// to the queue file before each restart.
package struct EngineInput: Sendable, Equatable {
  /// The steps, faults, capacity and policy.
  var simulation: SimulationInput
  /// How many steps run at once: 1 runs them one after another. A restart or an upgrade always
  /// runs alone, once every step before it has finished.
  var callers: Int
  /// Each time more than one job is ready, the one to run (modulo how many are ready); 0, the
  /// oldest, once the schedule runs out.
  var schedule: [Int]
  /// The file edits the engine world draws and reads: every one but those that put `nextID` at
  /// or near its bound.
  ///
  /// NB: a launch renumbers the operations of a file whose `nextID` is above 2⁶² − 1 (at the
  /// bound, or one enqueue after a file at the renumbering bound), and this world follows each
  /// operation by its id across launches; P21 judges the renumbering and the queue loaded from it
  /// (used, saved and loaded again), which is the same `QueueSnapshot.decode` the engine calls.
  static let damageEdits = FileEdit.allCases.filter {
    $0 != .nextIDAtLimit && $0 != .nextIDAtRenumberingBound
  }

  /// The damage done to the queue file before each restart or upgrade, in order; nil, or a missing
  /// entry, leaves it intact.
  var damage: [Corruption?]
  /// Files an earlier launch quarantined, already beside the queue file (`.corrupt-1` onward).
  var earlierQuarantines: Int
  /// Who each `sign in` step signs in, in order: 0 the run's user, 1 another user of the device;
  /// the run's user once the list runs out.
  var users: [Int] = []
  /// The reads of the device's store (numbered from 0, in the order uploads make them) that fail,
  /// as a store that cannot be read just now does.
  package var unreadable: [Int] = []

  /// Callers a file may ask for.
  static let callerCounts = 1...8
  /// Earlier quarantined files a file may ask for.
  static let quarantineCounts = 0...20
  /// The users a sign-in may name.
  static let userNumbers = 0...1
  /// The reads a file may fail (a million: more than any run makes).
  static let readNumbers = 0...1_000_000

  /// As reports and corpus files store it: the simulation's fields, then the engine's.
  package var json: JSON {
    guard case .object(var members) = simulation.json else { return simulation.json }
    members += [
      ("callers", .integer(Int64(callers))),
      ("schedule", .array(schedule.map { .integer(Int64($0)) })),
      ("damage", .array(damage.map { $0?.json ?? .null })),
      ("earlierQuarantines", .integer(Int64(earlierQuarantines))),
    ]
    // NB: written only when used, so files from before these fields read and write back the same.
    if !users.isEmpty { members.append(("users", .array(users.map { .integer(Int64($0)) }))) }
    if !unreadable.isEmpty { members.append(("unreadable", .array(unreadable.map { .integer(Int64($0)) }))) }
    return .object(members)
  }

  package init(
    simulation: SimulationInput, callers: Int, schedule: [Int], damage: [Corruption?],
    earlierQuarantines: Int,
    users: [Int] = [], unreadable: [Int] = []
  ) {
    self.simulation = simulation
    self.callers = callers
    self.schedule = schedule
    self.damage = damage
    self.earlierQuarantines = earlierQuarantines
    self.users = users
    self.unreadable = unreadable
  }

  /// Reads `json`'s form; throws naming the path of a problem.
  package init(json: JSON, path: String = "input") throws {
    let r = try JSONReader(json, path: path)
    let schedule = try r.integers("schedule", in: 0...Int.max)
    let damage = try r.array("damage").enumerated().map { index, value in
      let corruption = value == .null ? nil : try Corruption(json: value, path: "\(path).damage[\(index)]")
      if case .edit(let edit)? = corruption, !Self.damageEdits.contains(edit) {
        throw InputDecodingError(
          path: "\(path).damage[\(index)].edit",
          problem:
            "\(edit) is for property 21 only: the engine world follows operations by id across launches, "
            + "and a file near the nextID bound is renumbered")
      }
      return corruption
    }
    let simulation = try SimulationInput(json: json, path: path)
    guard !simulation.defaults else {
      throw InputDecodingError(
        path: "\(path).defaults", problem: "the engine's queue takes the case's settings")
    }
    if let index = simulation.scenario.steps.firstIndex(where: {
      if case .remove = $0 { true } else { false }
    }) {
      throw InputDecodingError(
        path: "\(path).steps[\(index)]",
        problem: "the engine's contract has no removal; a remove step is for the queue's properties")
    }
    self.init(
      simulation: simulation,
      callers: try r.integer("callers", in: Self.callerCounts), schedule: schedule, damage: damage,
      earlierQuarantines: try r.integer("earlierQuarantines", in: Self.quarantineCounts),
      users: try r.integers("users", in: Self.userNumbers, optional: true),
      unreadable: try r.integers("unreadable", in: Self.readNumbers, optional: true))
  }
}

extension EngineInput {
  /// `simulation` aimed at retries: a retry tapped after each process step, the rules refusing calls.
  ///
  /// `simulation` with the user tapping "retry" on the first failed operation after each `process`
  /// step, and the rules refusing each call that would have found the cloud unavailable: an upload
  /// refused fails at once, and is retried at once, whose acceptance the engine must save.
  ///
  /// P23's mutant that did not save it needed a median of 42 of its 300 cases (217 at worst of 60 seeds) to
  /// meet a failed operation and a tap on it (P23's generator version 2).
  static func aimedAtRetries(_ simulation: SimulationInput) -> SimulationInput {
    var aimed = simulation
    aimed.scenario.steps = []
    aimed.scenario.steps.reserveCapacity(simulation.scenario.steps.count * 2)
    for step in simulation.scenario.steps {
      aimed.scenario.steps.append(step)
      if step == .process { aimed.scenario.steps.append(.retryFailed(operation: 0)) }
    }
    aimed.faults.faults = simulation.faults.faults.map { $0 == .unavailable ? .permissionDenied : $0 }
    return aimed
  }
}

extension Gen {
  /// Engine runs of up to `length` steps over a few entities, with `callers` callers at once.
  ///
  /// Engine runs: simulations of up to `length` steps over a few entities, `callers` callers at
  /// once, a schedule of small picks (shrinking to 0, the oldest job first), file damage before
  /// half the restarts, 0–2 earlier quarantined files, another user at about a third of the
  /// sign-ins (shrinking to none), and a few failed reads of the device's store.
  ///
  /// Retries are generous (2–6) so transient faults rarely exhaust them (a refusal by the rules fails an
  /// operation at once, for the user to retry), and the capacity holds every entity: what the properties
  /// judge is the engine, not the queue's drops. With `aimsAtRetries`, half the runs are
  /// `EngineInput.aimedAtRetries` (the coin drawn last).
  package static func engineRun(
    callers: ClosedRange<Int>, options: SyncOptions, aimsAtRetries: Bool = false
  ) -> Generator<Tagged<EngineInput>> {
    let simulation = Gen.simulation(
      scenario: syncScenario(length: 0...60, averageLength: 12, entities: 3, restartWeight: 1),
      faults: faultPlan(
        calls: 0...60, rate: 0.3,
        kinds: [
          .unavailable, .deadlineExceeded, .networkLost, .lostAcknowledgement, .slow, .permissionDenied,
        ]),
      capacity: int(in: 16...64, shrinkingToward: 64),
      policy: zip(int(in: 0...4), int(in: 2...6)).map {
        RetryPolicy(initialDelay: Double($0), maxDelay: 60, maxRetries: $1)
      },
      defaults: 0, options: options)
    let picks = array(of: int(in: 0...3, shrinkingToward: 0), count: 0...200, averageExtra: 20)
    let damage = array(of: Corruption.engineGenerator, count: 0...8, averageExtra: 2)
    let users = array(of: frequency([(2, constant(0)), (1, constant(1))]), count: 0...8, averageExtra: 3)
    let unreadable = array(of: int(in: 0...40), count: 0...4, averageExtra: 1)
    return Generator { source in
      let run = try source.draw(simulation)
      var input = EngineInput(
        simulation: run.value, callers: try source.draw(int(in: callers)), schedule: try source.draw(picks),
        damage: try source.draw(damage), earlierQuarantines: try source.draw(int(in: 0...2)),
        users: try source.draw(users), unreadable: try source.draw(unreadable))
      if aimsAtRetries, try source.draw(bool(probability: 0.5)) {
        input.simulation = EngineInput.aimedAtRetries(input.simulation)
      }
      var tags = run.tags
      let signIns = run.value.scenario.steps.filter { $0 == .signIn }.count
      if input.users.prefix(signIns).contains(1) { tags.append("Engine.anotherUser") }
      if !input.unreadable.isEmpty { tags.append("Engine.unreadableStore") }
      tags.append(input.callers > 1 ? "Engine.concurrentCallers" : "Engine.oneCaller")
      if input.damage.contains(where: { $0 != nil }) { tags.append("Engine.damagedFile") }
      if input.earlierQuarantines > 0 { tags.append("Engine.earlierQuarantines") }
      return Tagged(input, tags: tags)
    }
  }
}
