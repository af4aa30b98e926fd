import Testing

@testable import FuzzCommand

@Suite("countme-fuzz diff")
struct DiffCommandTests {
  @Test("without --mutant: one line on stderr saying how to compare your own, exit 2")
  func needsMutant() {
    let run = Transcript("diff", "--property", "F20")
    #expect(run.status == 2 && run.out.isEmpty)
    #expect(
      run.err == [
        "Error: diff compares the reference with --mutant NAME; to compare your own implementations, call "
          + "Catalog.diff from your tests (docs/command.md) (see 'countme-fuzz help diff')"
      ])
  }

  @Test("a difference: exit 1, a token that replays it between the reference and the mutant")
  func difference() throws {
    let run = Transcript(
      "diff", "--mutant", "sync-hard-deletes", "--property", "F20", "--cases", "300", "--seed", "c0ffee")
    #expect(run.status == 1 && run.err.isEmpty)
    #expect(run.out.last == "1 of 1 properties observed a difference", "\(run.text)")
    let replay = try #require(run.out.first { $0.hasPrefix("  Replay: swift run countme-fuzz replay ") })
    let token = String(try #require(replay.split(separator: " ").last))
    #expect(token.hasSuffix("@diff:sync-hard-deletes"))
    let replayed = Transcript("replay", token)
    #expect(replayed.status == 1, "\(replayed.text)")
    #expect(replayed.out.first?.hasSuffix("the reference against mutant sync-hard-deletes") == true)
  }

  @Test("mutants --diff finds a mutant by any difference; it does not go with --matrix")
  func mutantsByDiff() {
    let run = Transcript("mutants", "--diff", "--mutant", "sync-hard-deletes", "--seeds", "1")
    #expect(run.status == 0 && run.out.contains("killed 1 of 1"), "\(run.text)")
    #expect(run.out.contains { $0.hasPrefix("✔ sync-hard-deletes: killed by F20 (1/1, median ") })
    let both = Transcript("mutants", "--diff", "--matrix")
    #expect(both.status == 2 && both.err.count == 1)
  }
}
