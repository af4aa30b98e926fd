import CountMeContract
import Generators
import PropertyHarness

/// The `countme-fuzz` command: parses arguments, calls the libraries, prints.
///
/// Exit status: 0 everything selected passed; 1 a property or case failed; 2 a usage or input error,
/// reported as one line on stderr.
package enum FuzzCommand {
  /// Runs the command line `arguments`, without the program name.
  ///
  /// Runs the command line `arguments` (without the program name); `executable`, this program's
  /// path, lets `check` run cases in processes of it beside its own thread (nil: on threads).
  package static func run(_ arguments: [String], executable: String? = nil, console: Console) -> Int32 {
    guard let name = arguments.first else {
      console.out(Help.overview)
      return 0
    }
    let rest = Array(arguments.dropFirst())
    do {
      switch name {
      case "check": return try CheckCommand.run(rest, console: console, executable: executable)
      case "replay": return try ReplayCommand.run(rest, console: console)
      case "diff": return try DiffCommand.run(rest, console: console)
      case "list": return try ListCommand.run(rest, console: console)
      case "sample": return try SampleCommand.run(rest, console: console)
      case "corpus": return try CorpusCommand.run(rest, console: console)
      case "mutants": return try MutantsCommand.run(rest, console: console)
      case "bench": return try BenchCommand.run(rest, console: console)
      case "fuzz": return try FuzzRunCommand.run(rest, console: console)
      case "fuzz-target": return try FuzzTargetCommand.run(rest, console: console)
      case "help", "--help", "-h":
        return try Help.run(rest, console: console)
      default:
        throw UsageError(message: "unknown command '\(name)'", command: nil)
      }
    } catch let error as UsageError {
      console.err(error.line)
      return 2
    } catch {
      console.err("Error: \(error)")
      return 2
    }
  }

  /// The seed of runs that must be the same every time unless a seed is given.
  ///
  /// The mutant gate, so that CI judges the same cases on every run, and the bench, so that runs compare.
  static let fixedSeed: UInt64 = 0xC0FFEE

  /// The seed option: 1–16 hex digits; when absent, `absent`, or else a fresh random seed (printed
  /// by the caller).
  static func seed(_ options: Options, command: String, absent: UInt64? = nil) throws -> UInt64 {
    guard let text = options.value("--seed") else { return absent ?? UInt64.random(in: .min ... .max) }
    guard let seed = Seed.parse(text) else {
      throw UsageError(
        message: "malformed seed '\(text)': give 1 to 16 hex digits, such as 00000000c0ffee00",
        command: command)
    }
    return seed
  }
}
