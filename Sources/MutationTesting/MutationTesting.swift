import CountMeContract
import CountMeGenerators
import CountMeProperties
import Dispatch
import Generators
import Mutants
import PropertyHarness
import Synchronization

/// Runs the catalog against mutants and says which properties kill which mutant, how fast.
package enum MutationTesting {
  /// How one property did against one mutant across the seeds.
  package struct PropertyKills: Sendable {
    /// The property.
    package let property: PropertyID
    /// Cases until the first failure, per seed; nil where the property never failed.
    package let casesToKill: [Int?]
    /// The anomaly each killing failure named, per seed (nil where none, or no kill).
    package let anomalies: [Anomaly?]

    /// The anomalies its kills named, each once, in the list's order.
    package var named: [Anomaly] { Set(anomalies.compactMap { $0 }).sorted() }

    /// Seeds at which it killed the mutant.
    package var kills: Int { casesToKill.compactMap { $0 }.count }
    /// The median of the cases-to-kill over the seeds where it killed.
    package var medianCases: Int? {
      let sorted = casesToKill.compactMap { $0 }.sorted()
      return sorted.isEmpty ? nil : sorted[sorted.count / 2]
    }
  }

  /// One mutant's row of the kill matrix.
  package struct Row: Sendable {
    /// The mutant's name.
    package let mutant: String
    /// Its bug, in words.
    package let bug: String
    /// The seeds the matrix ran.
    package let seeds: [UInt64]
    /// How each property of its layer did.
    package let properties: [PropertyKills]

    /// The properties that killed it at one seed at least.
    package var killers: [PropertyKills] { properties.filter { $0.kills > 0 } }
    /// Killed at every seed by at least one property.
    package var killed: Bool {
      seeds.indices.allSatisfy { seed in properties.contains { $0.casesToKill[seed] != nil } }
    }
  }

  /// The properties that can see `mutant`'s bug: those that judge its layer, in catalog order.
  package static func properties(of mutant: Mutant) -> [CatalogProperty] {
    Catalog.properties(of: mutant.layer)
  }

  /// The seeds a run uses: `seed` and `count - 1` derived from it.
  package static func seeds(from seed: UInt64, count: Int) -> [UInt64] {
    [seed] + (1..<max(count, 1)).map { Seed.derive(seed, UInt64($0)) }
  }

  /// The kill matrix: every mutant against every property of its layer, `cases` cases (default: its
  /// layer's budget) at each seed.
  ///
  /// Failures are not shrunk (only the case count matters here). Mutants run on every core.
  package static func matrix(
    _ mutants: [Mutant], seeds: [UInt64], cases: Int? = nil, progress: @Sendable (Row) -> Void = { _ in }
  )
    -> [Row]
  {
    rows(mutants, seeds: seeds, progress: progress) { mutant in
      properties(of: mutant).map { property in
        let kills = seeds.map { kill(mutant, property.id, seed: $0, cases: cases ?? property.killBudget) }
        return PropertyKills(
          property: property.id, casesToKill: kills.map { $0?.cases }, anomalies: kills.map { $0?.anomaly })
      }
    }
  }

  /// How a mutant is found: by a property failing (its oracle), or by `Catalog.diff` observing it
  /// otherwise than the reference (no oracle: any difference).
  package enum Detector: Sendable {
    case properties
    case difference
  }

  /// The gate: is every mutant killed at every seed?
  ///
  /// The gate: is every mutant killed at every seed? At each seed the mutant's own killer runs
  /// first, then the other properties of its layer in catalog order, until one kills it.
  ///
  /// With `detector` `.difference`, a property kills when the mutant and the reference observe one of its
  /// inputs differently, and every property that exercises the layer is tried.
  ///
  /// It answers what `matrix` answers (`Row.killed` is the same) at a fraction of the cost, since a
  /// property that does not kill spends its whole budget: a row lists only the properties that ran,
  /// each with the cases it took where it killed. Use `matrix` to see every property's kill rate.
  package static func gate(
    _ mutants: [Mutant], seeds: [UInt64], cases: Int? = nil, detector: Detector = .properties,
    progress: @Sendable (Row) -> Void = { _ in }
  ) -> [Row] {
    rows(mutants, seeds: seeds, progress: progress) { mutant in
      let candidates =
        detector == .properties ? properties(of: mutant) : Catalog.properties(exercising: mutant.layer)
      let others = candidates.filter { $0.id != mutant.killer }
      let order = (Catalog.property(mutant.killer).map { [$0] } ?? []) + others
      var casesToKill = [[Int?]](repeating: [Int?](repeating: nil, count: seeds.count), count: order.count)
      var anomalies = [[Anomaly?]](
        repeating: [Anomaly?](repeating: nil, count: seeds.count), count: order.count)
      // The properties tried at every seed are a prefix of `order`: up to the furthest one reached.
      var furthest = 0
      for (seedIndex, seed) in seeds.enumerated() {
        for (index, property) in order.enumerated() {
          furthest = max(furthest, index)
          let budget = cases ?? property.killBudget
          if let kill = Self.kill(mutant, property.id, seed: seed, cases: budget, detector: detector) {
            casesToKill[index][seedIndex] = kill.cases
            anomalies[index][seedIndex] = kill.anomaly
            break
          }
        }
      }
      return order.indices.prefix(furthest + 1).map {
        PropertyKills(property: order[$0].id, casesToKill: casesToKill[$0], anomalies: anomalies[$0])
      }
    }
  }

  /// A row per mutant, its `kills` computed on every core, in the mutants' order; `progress` sees
  /// each row as it is done.
  private static func rows(
    _ mutants: [Mutant], seeds: [UInt64], progress: @Sendable (Row) -> Void,
    _ kills: @Sendable (Mutant) -> [PropertyKills]
  ) -> [Row] {
    let rows = Mutex<[Int: Row]>([:])
    DispatchQueue.concurrentPerform(iterations: mutants.count) { index in
      let mutant = mutants[index]
      let row = Row(mutant: mutant.name, bug: mutant.bug, seeds: seeds, properties: kills(mutant))
      rows.withLock { $0[index] = row }
      progress(row)
    }
    return rows.withLock { rows in mutants.indices.compactMap { rows[$0] } }
  }

  /// The first property of the mutant's layer (in `order`) that kills it at `seed`, and after how
  /// many cases; nil when none does.
  ///
  /// Cheaper than the matrix: it stops at the first kill.
  package static func firstKill(
    _ mutant: Mutant, seed: UInt64, cases: Int, order: [PropertyID]? = nil
  ) -> (property: PropertyID, cases: Int)? {
    for property in order ?? properties(of: mutant).map(\.id) {
      if let kill = kill(mutant, property, seed: seed, cases: cases) { return (property, kill.cases) }
    }
    return nil
  }

  /// The cases `property` took to kill `mutant` at `seed`, and the anomaly its failure named; nil
  /// when it did not within `cases`.
  static func kill(
    _ mutant: Mutant, _ property: PropertyID, seed: UInt64, cases: Int, detector: Detector = .properties
  ) -> (cases: Int, anomaly: Anomaly?)? {
    var settings = RunSettings(seed: seed, cases: cases, shrinkBudget: 0, variant: mutant.name)
    // Nobody reads the gate's failures: no explaining, no drawing.
    settings.explain = false
    settings.draw = false
    let report =
      detector == .properties
      ? Catalog.run(mutant.system, properties: [property], settings: settings)
      : Catalog.diff(ReferenceSystem(), mutant.system, properties: [property], settings: settings)
    return report.properties.first?.failure.map { ($0.token.caseIndex + 1, $0.anomaly) }
  }
}
