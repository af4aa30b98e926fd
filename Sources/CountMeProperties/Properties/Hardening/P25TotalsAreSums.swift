import CountMeContract
import CountMeCore
import CountMeWorlds
import Generators

extension Hardening {
  /// Property 25 (ours): a meal's and a log's totals are the sums of their parts.
  ///
  /// The expected totals are summed in the harness (`TotaledModel`) from the models' documented
  /// definitions; they are compared within a relative 10⁻⁹, so an implementation that adds in
  /// another order is not failed for rounding (a serving of a meal made for a vanishing fraction of
  /// a serving may be infinite, and then must be on both sides).
  static let totalsAreSums = PropertySpec(
    id: "P25", name: "A meal's and a log's totals are the sums of their parts", validates: ["4.4", "5.3"],
    judges: [.customMeals, .dailyLogs], killBudget: 300, generator: { _ in TotaledModel.generator },
    encode: \.json,
    decode: { json, context in try TotaledModel.decode(json, model: context.model) }, needsModel: true,
    expect: { _ in .holds("every total is the sum of its parts, and one serving the total over the servings")
    },
    observe: observeTotalsAreSums
  ).erased

  static func observeTotalsAreSums(_ input: TotaledModel, _ system: SystemLayers) -> Observation {
    let totals: (expected: [(String, Double)], actual: [(String, Double)])
    do {
      totals = try input.totals(by: system)
    } catch {
      return .broke("the totals of a valid \(input.model.rawValue) threw \(ModelProperties.describe(error))")
    }
    for ((name, expected), (_, actual)) in zip(totals.expected, totals.actual)
    where actual != expected && !(abs(actual - expected) <= 1e-9 * max(1, abs(expected))) {
      return .broke("\(input.model.rawValue) \(name) is \(actual), the sum of its parts is \(expected)")
    }
    return .holds
  }
}
