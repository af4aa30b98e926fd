import CountMeCore
import Foundation
import Generators
import PropertyHarness

/// The shape of properties 23 and 24: run the system's real engine (`EngineRun`) and judge one
/// invariant of what happened.
enum EngineProperties {
  /// A problem and the step it was found at (nil: once drained).
  typealias Problem = (message: String, step: Int?)
  /// Judges a run: its first problem, or nil.
  typealias Judge = @Sendable (EngineTrace) -> Problem?

  /// A property judged by `judge` over engine runs with `callers` callers at once.
  static func spec(
    _ id: PropertyID, _ name: String, validates: [String], statement: String, callers: ClosedRange<Int>,
    judge: @escaping Judge
  ) -> CatalogProperty {
    PropertySpec(
      id: id, name: name, validates: validates, layer: .engine, killBudget: 300,
      generator: { Gen.engineRun(callers: callers, options: $0) }, encode: \.json,
      decode: { json, _ in try EngineInput(json: json) }, expect: { _ in .holds(statement) },
      observe: { input, system in
        let trace = EngineRun.run(input, system: system)
        return judge(trace).map { .broke(trace.describe($0.message, at: $0.step)) } ?? .holds
      }
    ).erased
  }

  /// Checks shared by both: every caller finished, and once drained the cloud holds the device's
  /// newest version of every entity whose newest operation was not dropped, failed, or lost with a
  /// damaged file; an operation the engine accepted is never unknown to it otherwise.
  static func converges(_ trace: EngineTrace) -> Problem? {
    if let (step, count) = trace.unfinished.first {
      return ("\(count) caller(s) never finished: the engine waited outside the virtual clock", step)
    }
    guard let final = trace.final else { return nil }
    var newest: [EntityKey: (index: Int, entry: EngineTrace.Accepted)] = [:]
    for (index, entry) in trace.enqueued.enumerated() {
      let key = entry.operation.key
      if let current = newest[key]?.entry,
        (entry.launch, entry.operation.timestamp, entry.id) < (
          current.launch, current.operation.timestamp, current.id
        )
      {
        continue
      }
      newest[key] = (index, entry)
    }
    for (key, (index, entry)) in newest.sorted(by: { $0.key < $1.key }) {
      let name = "\(key.entityType.rawValue) \(key.entityId)"
      if trace.lost.contains(index) { continue }
      switch trace.lastSeen[index] ?? nil {
      case .dropped?, .failed?: continue
      case nil:
        return (
          "operation \(entry.id) (\(name), enqueued at step \(entry.step + 1)) is unknown to the engine", nil
        )
      default: break
      }
      let held = final.cloud[DocumentPath(uid: trace.uid, key: key)]
      let local = final.local[key]
      if held == nil && local == nil { continue }
      if held != local.map(Optional.some) {
        return (
          "\(name): local \(local.map { "version \($0)" } ?? "deleted"), cloud "
            + (held.map { "version \($0.map(String.init) ?? "?")" } ?? "nothing"), nil
        )
      }
    }
    return nil
  }
}
