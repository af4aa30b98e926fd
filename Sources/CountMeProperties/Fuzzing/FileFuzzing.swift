import CountMeWorlds
import PropertyHarness

/// The targets over the files a user hands the command: corpus cases and sync scenarios.
enum FileFuzzing {
  /// Oracle: a case file the corpus loader accepts round-trips and replays without a trap.
  ///
  /// Oracle: a case file the corpus loader accepts writes back to JSON that reads to the same case,
  /// and replays against the reference without a trap (its verdict depends on the file's
  /// expectation).
  ///
  /// A case of a property that asks the Firestore emulator (R1) is read and written, not replayed: a fuzzer
  /// asks no server.
  static func corpusCase(_ bytes: [UInt8]) -> String? {
    guard let json = FuzzTarget.json(bytes),
      let corpusCase = try? CorpusCase(json: json), CorpusReplay.inputProblem(corpusCase) == nil
    else { return nil }
    let written = corpusCase.json
    guard let again = try? CorpusCase(json: written) else {
      return "the case \(json.text()) writes back as \(written.text()), which does not read"
    }
    guard again.json == written else {
      return "the case \(written.text()) reads back as \(again.json.text())"
    }
    if Catalog.property(corpusCase.property)?.needsFirestore != true { _ = CorpusReplay.run(corpusCase) }
    return nil
  }

  /// Oracle: a scenario that reads round-trips and runs with every sync invariant holding.
  ///
  /// Oracle: a scenario that reads writes back to the same scenario, and runs against the
  /// reference with every sync invariant holding (with a `corruption` key, also persisted, damaged
  /// so and loaded again, judged by property 21).
  static func scenarioFile(_ bytes: [UInt8]) -> String? {
    guard let json = FuzzTarget.json(bytes),
      let input = try? SimulationInput(json: json)
    else { return nil }
    guard let again = try? SimulationInput(json: input.json), again == input else {
      return "the scenario \(json.text()) writes back as \(input.json.text()), which reads differently"
    }
    guard let damage = json["corruption"] else {
      return SyncFuzzing.problem(input, corruption: nil, persisting: false)
    }
    guard let corruption = try? (damage == .null ? nil : Corruption(json: damage)) else { return nil }
    return SyncFuzzing.problem(input, corruption: corruption, persisting: true)
  }
}
