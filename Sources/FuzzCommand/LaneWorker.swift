import Foundation
import PropertyHarness

/// The process behind one of `ProcessLanes`' lanes: a `check` started with the arguments of the
/// run it serves and `--lane-worker`.
///
/// It reads requests from standard input, one a line (`<property id> <start> <end>`: a block of positions of
/// that property's cases), runs each block as the run would, and answers each with one line: the request, a
/// tab, and the block's tally as JSON (`BlockTally.json`), or `null` for a request it cannot serve. (The
/// request said again lets the run tell an answer from anything else a case may print.) It ends at the end of
/// its input.
enum LaneWorker {
  /// The option that starts a `check` as a lane's process (not in its help: the run passes it).
  static let flag = "--lane-worker"

  /// Serves requests for `properties` (the run's, ready to run) under `settings` until standard
  /// input ends; exit status 0.
  static func serve(_ properties: [AnyProperty], settings: RunSettings, console: Console) -> Int32 {
    var byID: [PropertyID: AnyProperty] = [:]
    for property in properties { byID[property.id] = property }
    while let request = console.readLine() {
      console.out(answer(request, byID, settings: settings))
      // NB: standard output is a pipe, buffered: the run waits for this line.
      fflush(nil)
    }
    return 0
  }

  /// The answer to one request line.
  static func answer(_ request: String, _ properties: [PropertyID: AnyProperty], settings: RunSettings)
    -> String
  {
    let parts = request.split(separator: " ", omittingEmptySubsequences: false)
    guard parts.count == 3, let id = PropertyID(parts[0]), let property = properties[id],
      let start = Int(parts[1]), let end = Int(parts[2]), start >= 0, start <= end
    else { return "\(request)\tnull" }
    return "\(request)\t" + property.run(CaseBlock(start: start, end: end), settings: settings).json.text()
  }

  /// The tally in `answer`, the answer to `request`; nil when it answers another request, or
  /// holds no tally.
  static func tally(in answer: String, to request: String) -> BlockTally? {
    guard answer.hasPrefix(request + "\t"),
      let json = try? JSON.parse(String(answer.dropFirst(request.count + 1)))
    else { return nil }
    return BlockTally(json: json)
  }

  /// The request for `block` of `property`'s cases, as `answer` reads it.
  static func request(_ block: CaseBlock, of property: PropertyID) -> String {
    "\(property) \(block.start) \(block.end)"
  }
}
