import CountMeContract
import CountMeProperties
import Foundation
import PropertyHarness
import Testing

@Suite("A known finding's corpus case: the property broken by its counterexample")
struct WorkoutCorpusTests {
  /// W1.6.1's minimal counterexample: an exercise added, synced, removed.
  static let removal =
    #"{"devices":2,"steps":[{"do":"setExercise","device":0,"entity":0,"exercise":1,"order":0,"sets":1},"#
    + #"{"do":"sync","device":0},{"do":"removeExercise","device":0,"entity":0,"exercise":1}]}"#

  func outcome(_ expect: CorpusExpectation, _ input: JSON) -> CorpusReplay.Outcome {
    CorpusReplay.run(
      CorpusCase(property: "W1.6.1", model: nil, input: input, expect: expect, note: "test", origin: .null))
  }

  @Test("'broken' passes while the property breaks and fails once it holds; 'holds' the other way round")
  func broken() throws {
    let removal = try JSON.parse(Self.removal)
    #expect(outcome(.broken, removal).passed)
    #expect(!outcome(.holds, removal).passed)
    let quiet = try JSON.parse(#"{"devices":2,"steps":[{"do":"sync","device":0}]}"#)
    #expect(!outcome(.broken, quiet).passed && outcome(.holds, quiet).passed)
  }

  @Test("the outcome reads and prints as broken, from a file and from the command line")
  func reads() throws {
    #expect(try CorpusExpectation(json: .object([("outcome", .string("broken"))])) == .broken)
    #expect(CorpusExpectation(spec: "broken") == .broken)
    #expect(CorpusExpectation.broken.json == .object([("outcome", .string("broken"))]))
  }
}
