import Foundation
import PropertyHarness
import Testing

@testable import FuzzCommand

/// The `countme-fuzz` the package's build made, beside this test program.
func countmeFuzz() throws -> String {
  let tests = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
  let binary = URL(fileURLWithPath: tests).deletingLastPathComponent().appendingPathComponent("countme-fuzz")
  try #require(
    FileManager.default.isExecutableFile(atPath: binary.path),
    "no countme-fuzz beside the tests at \(binary.path): build the package (swift build --build-tests)")
  return binary.path
}

@Suite("check's lanes: blocks of cases in processes of countme-fuzz beside the run")
struct LaneTests {
  @Test(
    "a lane's process answers each block with its tally, a request it cannot serve with null, and ends with its input"
  )
  func worker() throws {
    let executable = try countmeFuzz()
    let lanes = try #require(
      ProcessLanes(
        executable: executable,
        arguments: ["check", "--property", "P2,P13", "--seed", "5", LaneWorker.flag], count: 1))
    let block = CaseBlock(start: 0, end: 40)
    let tally = try #require(lanes.run(block, of: "P2", lane: 0))
    #expect(tally.cases + tally.discards == 40 && tally.failingCase == nil)
    #expect(tally.tags.values.reduce(0, +) >= 40, "every case has a tag: \(tally.tags)")
    // The same block again is the same cases; another seed's is not.
    #expect(lanes.run(block, of: "P2", lane: 0) == tally)
    // A property the run does not hold, or a lane there is not: no tally, and the lane goes on.
    #expect(lanes.run(block, of: "P3", lane: 0) == nil && lanes.run(block, of: "P2", lane: 1) == nil)
    #expect(lanes.run(CaseBlock(start: 0, end: 1), of: "P13", lane: 0)?.cases == 1)
    lanes.stop()
    #expect(lanes.run(block, of: "P2", lane: 0) == nil, "a lane that has ended answers nothing")

    let other = try #require(
      ProcessLanes(
        executable: executable,
        arguments: ["check", "--property", "P2", "--seed", "6", LaneWorker.flag], count: 1))
    defer { other.stop() }
    #expect(other.run(block, of: "P2", lane: 0).map { $0 != tally } == true)
  }

  @Test("a lane that cannot start, or ends at once, leaves its blocks to the run: the same report")
  func lanesThatFail() throws {
    let arguments = ["check", "--property", "P13,F21", "--cases", "20", "--seed", "3", "--stats"]
    let serial = Transcript(arguments + ["--jobs", "1"])
    #expect(serial.status == 0)
    func lines(_ run: Transcript) -> [String] {
      run.out.filter { !$0.hasPrefix("Lanes: ") }.map {
        $0.replacing(#/ in [0-9.]+ s|[0-9]+ cases\/s/#, with: "")
      }
    }
    // No such program: no lanes, the cases on threads.
    let missing = Transcript(arguments + ["--jobs", "2"], executable: "/nonexistent/countme-fuzz")
    #expect(lines(missing) == lines(serial) && !missing.out.contains { $0.hasPrefix("Lanes: ") })
    // A program that ends at once: a lane that never answers, so the run runs every block itself.
    let ended = Transcript(arguments + ["--jobs", "2"], executable: "/bin/true")
    #expect(lines(ended) == lines(serial), "\(ended.text)")
    #expect(ended.out.contains("Lanes: 1 process of countme-fuzz beside this one ran 0 blocks of cases"))
    // A program that says anything but answers (yes repeats its arguments): not asked again.
    let chatty = Transcript(arguments + ["--jobs", "2"], executable: "/usr/bin/yes")
    #expect(lines(chatty) == lines(serial), "\(chatty.text)")
    #expect(chatty.out.contains("Lanes: 1 process of countme-fuzz beside this one ran 0 blocks of cases"))
  }

  @Test("the worker reads a request as property, start and end; anything else is null")
  func requests() {
    let settings = RunSettings(seed: 1)
    #expect(LaneWorker.request(CaseBlock(start: 3, end: 9), of: "F21") == "F21 3 9")
    for request in ["", "P2", "P2 1", "P2 1 2 3", "P2 -1 2", "P2 5 2", "P2 a 2", "Q9 1 2"] {
      #expect(LaneWorker.answer(request, [:], settings: settings) == "\(request)\tnull", "\(request)")
    }
    // An answer counts only as the answer to the request it repeats.
    let tally = BlockTally(cases: 2, tags: ["a": 2])
    let answer = "P2 0 2\t" + tally.json.text()
    #expect(LaneWorker.tally(in: answer, to: "P2 0 2") == tally)
    for request in ["P2 0 20", "P2 0", "P3 0 2"] { #expect(LaneWorker.tally(in: answer, to: request) == nil) }
    #expect(LaneWorker.tally(in: "P2 0 2\tnull", to: "P2 0 2") == nil)
    #expect(LaneWorker.tally(in: "hello", to: "P2 0 2") == nil)
  }
}
