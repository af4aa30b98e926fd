import CountMeContract
import CountMeCore
import Foundation
import Generators
import PropertyHarness

extension Firebase {
  /// A property over `SharedDevicesScenario`s that `judge` decides from the run's record: the
  /// accounts layer, with the queue layer's queues, through the run's cloud. A phone that asked for
  /// a call out of place (a pass deleting an account) fails every one of them.
  static func sharedDevicesProperty(
    _ id: PropertyID, _ name: String, validates: [String], killBudget: Int = 500, expect: String,
    anomaly: Anomaly, judge: @escaping @Sendable (SharedDevicesRun) -> Finding?
  ) -> CatalogProperty {
    var spec = PropertySpec(
      id: id, name: name, validates: validates, judges: [.accounts], uses: [.queue], killBudget: killBudget,
      generator: { _ in SharedDevicesScenario.generator }, encode: \.json,
      decode: { json, _ in try SharedDevicesScenario(json: json) }, expect: { _ in .holds(expect) },
      observe: { scenario, system in
        judging({ try SharedDevicesRun.run(scenario, system) }) { run in
          (run.strays.first.map { Finding(nil, $0) } ?? judge(run)).map {
            Observation.broke($0.message, anomaly: $0.anomaly)
          } ?? .holds
        }
      })
    spec.cloud = .simulations
    spec.anomaly = anomaly
    spec.story = { scenario, system in scenario.story(system) }
    return spec.erased
  }
}

extension SharedDevicesRun {
  /// "step 4" or "the quiet spell".
  static func when(_ step: Int?) -> String { step.map { "step \($0)" } ?? "the quiet spell" }

  /// "user-2 (person 1)".
  func who(_ uid: String?) -> String {
    guard let uid else { return "nobody" }
    return account(of: uid).map { "\(uid) (person \($0))" } ?? uid
  }

  /// "nothing", or the store's live items by owner and slot with calories, then its deletions.
  static func describe(_ store: EntityStore<FoodItem>) -> String {
    let live = allIds.compactMap { entry in
      store.live[entry.id].map { "\(entry.owner)'s food \(entry.slot) (\($0.calories) kcal)" }
    }
    let deleted = allIds.filter { store.deleted[$0.id] != nil }.map { "\($0.owner)'s food \($0.slot)" }
    let parts = live + deleted.map { "deleted \($0)" }
    return parts.isEmpty ? "nothing" : parts.joined(separator: ", ")
  }

  /// "person 1's food 2", for an id of the run's; the id itself otherwise.
  static func name(_ id: UUID) -> String {
    allIds.first { $0.id == id }.map { "\($0.owner)'s food \($0.slot)" } ?? id.uuidText
  }

  /// A document's `userId` in a report: quoted, or "missing".
  static func quoted(_ userId: String?) -> String { userId.map { "\"\($0)\"" } ?? "missing" }

  /// "person 1's food 2", for a document id of the run's.
  static func name(documentId: String) -> String {
    UUID(uuidString: documentId).map { name($0) } ?? documentId
  }
}
