import FuzzCommand
import Synchronization

/// Lines printed to one stream.
final class Lines: Sendable {
  let lines = Mutex<[String]>([])
  func append(_ line: String) { lines.withLock { $0.append(line) } }
  var all: [String] { lines.withLock { $0 } }
}

/// Runs the command in-process, capturing what it prints (stdout split into lines).
struct Transcript {
  let status: Int32
  let out: [String]
  let err: [String]

  init(_ arguments: String...) { self.init(arguments) }

  /// `executable`: the program `check` starts its lanes from (nil: it runs cases on threads).
  init(_ arguments: [String], input: @escaping @Sendable () -> String? = { nil }, executable: String? = nil) {
    let out = Lines(), err = Lines()
    status = FuzzCommand.run(
      arguments, executable: executable,
      console: Console(
        out: { text in
          text.split(separator: "\n", omittingEmptySubsequences: false).forEach { out.append(String($0)) }
        },
        err: { line in err.append(line) }, readLine: input))
    self.out = out.all
    self.err = err.all
  }

  var text: String { out.joined(separator: "\n") }
}
