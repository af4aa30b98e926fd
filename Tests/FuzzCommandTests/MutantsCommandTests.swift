import Testing

@testable import FuzzCommand

@Suite("countme-fuzz mutants, check --mutant, replay TOKEN@mutant")
struct MutantsCommandTests {
  @Test("--list names every mutant with its layer and bug")
  func list() {
    let run = Transcript("mutants", "--list")
    #expect(run.status == 0 && run.out.count >= 30)
    #expect(run.out.contains { $0.hasPrefix("calories-allow-one-more  [foodItems]  ") })
    #expect(run.out.contains { $0.hasPrefix("log-sync-never-repairs-logs  [logSync]  ") })
  }

  @Test("the kill matrix of one mutant says which properties killed it, and the closing line")
  func matrix() {
    let run = Transcript("mutants", "--mutant", "quantity-allows-zero", "--seeds", "2")
    #expect(run.status == 0)
    #expect(run.out.contains { $0.hasPrefix("✔ quantity-allows-zero: killed by P6 (2/2, median ") })
    #expect(run.out.last == "killed 1 of 1")
  }

  @Test("a mutant that survives its budget fails the run, naming it")
  func survivor() {
    let run = Transcript("mutants", "--mutant", "nan-calories-accepted", "--cases", "1", "--seeds", "1")
    #expect(run.status == 1 && run.out.last == "survived: nan-calories-accepted")
  }

  @Test("check --mutant shows a real failure, whose token replays against the same mutant")
  func checkAndReplay() throws {
    let run = Transcript(
      "check", "--mutant", "calories-allow-one-more", "--property", "2", "--seed", "c0ffee")
    #expect(run.status == 1)
    #expect(
      run.out.first
        == "countme-fuzz check: seed 0000000000c0ffee, 1 property, each its kill budget up to 1000 cases (--cases N for N each), "
        + "against mutant calories-allow-one-more"
    )
    let replayLine = try #require(run.out.first { $0.hasPrefix("  Replay: swift run countme-fuzz replay ") })
    let token = String(replayLine.split(separator: " ").last ?? "")
    #expect(token.hasSuffix("@calories-allow-one-more"))
    let replay = Transcript("replay", token)
    #expect(replay.status == 1 && replay.text.contains("\"calories\": 50001.0"))
    let reference = Transcript("replay", String(token.prefix { $0 != "@" }))
    #expect(reference.status == 0, "CountMeCore passes the same case")
  }

  @Test(
    "an unknown mutant is a usage error",
    arguments: [
      ["check", "--mutant", "nope"], ["replay", "P2-0000000000c0ffee-1@nope"],
      ["mutants", "--mutant", "nope"],
    ])
  func unknown(arguments: [String]) {
    let run = Transcript(arguments)
    #expect(
      run.status == 2
        && run.err == [
          "Error: no mutant 'nope'; 'countme-fuzz mutants --list' names them (see 'countme-fuzz help mutants')"
        ])
  }
}
