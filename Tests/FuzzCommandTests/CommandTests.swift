import FirestoreCloud
import Foundation
import Testing

@testable import FuzzCommand

@Suite("countme-fuzz: usage, errors and exit status")
struct CommandTests {
  @Test(
    "help and --help print to stdout and exit 0",
    arguments: [
      ["help"], ["--help"], ["help", "check"], ["check", "--help"], ["replay", "--help"], ["sample", "-h"],
      ["list", "--help"], ["bench", "--help"], [],
    ])
  func help(arguments: [String]) {
    let run = Transcript(arguments)
    #expect(run.status == 0 && run.err.isEmpty && run.text.contains("Usage: countme-fuzz"))
  }

  @Test(
    "bench prints a row per property, the baselines and the simulator, each beside its base, and the loop-second"
  )
  func bench() {
    let run = Transcript("bench", "--property", "P2,P13", "--seconds", "0.05", "--steps", "200")
    #expect(run.status == 0 && run.err.isEmpty)
    let rows = run.out.dropFirst(2).prefix(8).map { $0.split(separator: " ").map(String.init) }
    let names = rows.map { $0.first ?? "" }
    #expect(
      names == ["loop", "P2", "P13", "queue", "queue+restarts", "sim", "sim+restarts", "devices"],
      "\(run.text)")
    // The fourth column: a property's share of the plain loop, the simulator's of the queue alone.
    let bases = rows.map { $0.count > 3 ? $0[3] : "" }
    #expect(bases.map { $0 == "-" } == [true, false, false, true, true, false, false, true], "\(run.text)")
    #expect(bases.filter { $0 != "-" }.allSatisfy { Double($0) != nil }, "\(run.text)")
    #expect(run.out.dropLast().last?.hasPrefix("P2 / plain loop: 0.") == true, "\(run.text)")
    #expect(run.out.last?.hasPrefix("a loop-second here is ") == true, "\(run.text)")
  }

  @Test(
    "usage errors print exactly one line on stderr and exit 2",
    arguments: [
      (["frobnicate"], "Error: unknown command 'frobnicate' (see 'countme-fuzz help')"),
      (["check", "--bogus"], "Error: unknown option '--bogus' for check (see 'countme-fuzz help check')"),
      (
        ["check", "--seed", "xyz"],
        "Error: malformed seed 'xyz': give 1 to 16 hex digits, such as 00000000c0ffee00 (see 'countme-fuzz help check')"
      ),
      (
        ["check", "--cases", "0"],
        "Error: --cases needs a positive whole number, not '0' (see 'countme-fuzz help check')"
      ),
      (
        ["check", "--property", "99"],
        "Error: --property: no property P99; 'countme-fuzz list' shows the ids (see 'countme-fuzz help check')"
      ),
      (
        ["check", "--property", "3-1"],
        "Error: --property: the range 3-1 must go upward within one suite; 'countme-fuzz list' shows the ids (see 'countme-fuzz help check')"
      ),
      (["check", "--seed"], "Error: --seed needs a value (see 'countme-fuzz help check')"),
      (
        ["check", "--policy", "fitness"],
        "Error: --policy takes countme or workout, not 'fitness' (see 'countme-fuzz help check')"
      ),
      (
        ["check", "--policy", "workout", "--property", "P2"],
        "Error: --policy workout: none of the properties selected runs under it; 'countme-fuzz list' says which property runs under which policy (see 'countme-fuzz help check')"
      ),
      (
        ["replay", "P2-0000000000000001-0~workout"],
        "Error: token P2-0000000000000001-0~workout names policy workout, and P2 runs under the default policy: 'countme-fuzz list' says which property runs under which (see 'countme-fuzz help replay')"
      ),
      (
        ["check", "--cloud", "firebase"],
        "Error: --cloud takes fake or emulator, not 'firebase' (see 'countme-fuzz help check')"
      ),
      (
        ["replay", "--cloud", "real", "F12-0000000000000001-0"],
        "Error: --cloud takes fake or emulator, not 'real' (see 'countme-fuzz help replay')"
      ),
      (
        ["check", "--shard", "3/2"],
        "Error: --shard needs K/N with 1 ≤ K ≤ N (shard K of N), not '3/2' (see 'countme-fuzz help check')"
      ),
      (["list", "extra"], "Error: unexpected argument 'extra' (see 'countme-fuzz help list')"),
      (
        ["corpus", "add", "stray", "--property", "P1"],
        "Error: unexpected argument 'stray' (see 'countme-fuzz help corpus')"
      ),
      (
        ["bench", "--seconds", "0"],
        "Error: --seconds needs a positive number of seconds, not '0' (see 'countme-fuzz help bench')"
      ),
      (
        ["check", "--max-time", "-1"],
        "Error: --max-time needs a positive number of seconds, not '-1' (see 'countme-fuzz help check')"
      ),
      (
        ["check", "--json", "/nonexistent/r.json"],
        "Error: --json /nonexistent/r.json: directory /nonexistent does not exist or is not writable (see 'countme-fuzz help check')"
      ),
      (
        ["replay"],
        "Error: replay takes one replay token, such as P2-00000000c0ffee00-417 (see 'countme-fuzz help replay')"
      ),
      (
        ["replay", "P2-xyz-1"],
        "Error: malformed replay token 'P2-xyz-1': expected <property id>-<16 hex digits>-<case>[-g<version>][@<mutant>] (see 'countme-fuzz help replay')"
      ),
      (
        ["replay", "P99-0000000000000001-0"],
        "Error: no property P99 in token P99-0000000000000001-0; 'countme-fuzz list' shows them (see 'countme-fuzz help replay')"
      ),
      (
        ["replay", "P1-0000000000000001-0-g2"],
        "Error: token P1-0000000000000001-0-g2 was made by version 2 of P1's generator, and this build has version 1: its seed would make another case (a corpus case keeps the input itself, and replays in every version) (see 'countme-fuzz help replay')"
      ),
      (
        ["sample", "Nope"],
        "Error: unknown generator 'Nope'; 'countme-fuzz sample --list' names them (see 'countme-fuzz help sample')"
      ),
      (["help", "nope"], "Error: no help for 'nope' (see 'countme-fuzz help')"),
    ])
  func usageErrors(arguments: [String], message: String) {
    let run = Transcript(arguments)
    #expect(run.status == 2)
    #expect(run.err == [message])
    #expect(run.out.isEmpty, "a usage error must stop before the command runs")
  }

  @Test("a mutant run lists R1 as not checked (it judges the harness's fake) without asking for an emulator")
  func mutantRunSkipsR1() {
    let run = Transcript(
      "check", "--mutant", "calories-allow-one-more", "--property", "1,R1", "--cases", "20", "--seed", "1")
    #expect(run.status == 0 && run.err.isEmpty, "\(run.err)")
    #expect(
      run.out.contains(
        "– R1 CloudFake's rules decide every request as Firestore's do: not checked, R1 judges the harness's own "
          + "CloudFake, not ModelMutant; countme-fuzz check runs it"))
  }

  @Test("list names every property with the requirements it validates")
  func list() {
    let run = Transcript("list")
    #expect(run.status == 0 && run.out.count == 93)
    #expect(
      run.out.last
        == "R1      CloudFake's rules decide every request as Firestore's do (validates 10.3, 10.4; the harness's self-check, run when named)"
    )
    #expect(run.out.first == "P1      Valid FoodItem construction succeeds (validates 1.6)")
    #expect(run.out[11] == "P12     Deserialization accepts valid Firestore data (validates 6.8)")
    #expect(run.out[12] == "P13     Queue size invariant (validates 7.1, 7.2, 7.3)")
    #expect(run.out[20] == "P21     Persistence round trip (validates 7.1, 8.2)")
    #expect(
      run.out[21] == "P22     A model writes its schema's document and reads back the same (validates 6.8)"
    )
    #expect(run.out[23] == "P24     Concurrent callers of the engine lose nothing (validates 8.3, 8.4)")
    #expect(
      run.out[24] == "P25     A meal's and a log's totals are the sums of their parts (validates 4.4, 5.3)")
    #expect(
      run.out[25]
        == "P26     A new model holds what the user entered and the documented defaults (validates 1, 2, 4, 5)"
    )
    #expect(
      run.out[26] == "P27     A date is written as the Firestore timestamp that names it (validates 6.8)")
    #expect(run.out[27] == "P28     Valid UserGoal construction succeeds (validates 5.4)")
    #expect(run.out[28] == "P29     Invalid UserGoal construction is rejected (validates 5.1, 5.2)")
    #expect(run.out[29] == "P30     Later syncs download only changes (validates 6.1)")
    #expect(
      run.out[30] == "P31     Every failed sign-up and sign-in shows its error (validates 1.2, 1.3, 2.2)")
    #expect(
      run.out[31]
        == "P32     A call that gets no answer ends after 30 s and is retried (validates 13.1, 13.4)")
    #expect(run.out[32] == "F1      Valid account creation (validates 1.1)")
    #expect(run.out[33] == "F2      Invalid email rejection (validates 1.2)")
    #expect(run.out[34] == "F3      Short password rejection (validates 1.3)")
    #expect(run.out[35] == "F4      Auto sign-in after creation (validates 1.4)")
    #expect(run.out[39] == "F8      User ID availability (validates 2.5)")
    #expect(run.out[41] == "F10     Sign out clears credentials (validates 3.2)")
    #expect(run.out[42] == "F11     Sign out retains local data (validates 3.3)")
    #expect(run.out[43] == "F12     CRUD operations dual persistence (validates 5.1, 5.2, 5.3, 5.4, 5.5)")
    #expect(run.out[44] == "F13     Initial sync downloads all data (validates 6.1)")
    #expect(run.out[45] == "F14     Data consistency after sync (validates 6.2, 6.5)")
    #expect(run.out[46] == "F15     Offline operations work locally (validates 7.1)")
    #expect(run.out[49] == "F18     Sync failure preserves local data (validates 13.3)")
    #expect(run.out[52] == "F21     Daily log merging (validates 8.4)")
    #expect(run.out[53] == "F22     Migration success (validates 9.1, 9.3)")
    #expect(run.out[55] == "F24     Data has user ID (validates 10.3)")
    #expect(run.out[56] == "F25     Query filters by user ID (validates 10.4)")
    #expect(run.out[59] == "F28     Goals retained indefinitely (validates 11.4)")
    #expect(run.out[61] == "F30     Intermittent connectivity handling (validates 13.4)")
    #expect(run.out[62] == "F31     Account deletion cleanup (validates 14.2, 14.3, 14.4)")
    #expect(run.out[63] == "F32     UI updates on auth state change (validates 12.4)")
    #expect(
      run.out[64]
        == "X1.3    A log's date is the epoch day of its local day, its time whole seconds (validates 1.3, 1.6)"
    )
    #expect(
      run.out[69]
        == "X2.4    Both platforms write the same document at the same path (validates 2.4, 2.5, 1.2)"
    )
    #expect(
      run.out[78]
        == "W1.4    Cloud wins only if strictly newer; a tie goes to local (validates 1.4; workout policy)")
    #expect(
      run.out[79]
        == "W1.4.1  Devices that synced hold the same content (validates 1.4; workout policy, a known finding)"
    )
    let workout = Transcript("list", "--policy", "workout")
    #expect(workout.status == 0 && workout.out.count == 17 && workout.out.allSatisfy { $0.hasPrefix("W") })
  }

  @Test("sample prints one JSON object per line, the same for the same seed")
  func sample() throws {
    let run = Transcript("sample", "Document.CustomMeal.corrupt", "--seed", "2a", "--count", "3")
    #expect(run.status == 0 && run.out.count == 3)
    for line in run.out {
      let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      #expect(object["generator"] as? String == "Document.CustomMeal.corrupt")
      #expect((object["tags"] as? [String])?.first?.hasPrefix("Document.CustomMeal.corrupt.") == true)
      #expect((object["value"] as? [String: Any])?["fields"] != nil)
    }
    #expect(
      Transcript("sample", "Document.CustomMeal.corrupt", "--seed", "2a", "--count", "3").out == run.out)
    let list = Transcript("sample", "--list")
    #expect(
      list.out.contains("FoodItem.invalid") && list.out.contains("Document.DailyLog.benign")
        && list.out.contains("SyncScenario"))
  }
}
