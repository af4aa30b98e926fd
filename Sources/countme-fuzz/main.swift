import CountMeProperties
import FuzzCommand
import Foundation
import PropertyHarness

// The executable: install the crash reporter, run the command, exit with its status.
CrashReporter.install(program: "countme-fuzz", replayCommand: Catalog.reportStyle.replayCommand)
let console = Console(
  out: { line in print(line) },
  err: { line in FileHandle.standardError.write(Data((line + "\n").utf8)) },
  readLine: { Swift.readLine(strippingNewline: true) }, errIsTerminal: isatty(STDERR_FILENO) != 0)
// NB: this program's own file, for `check`'s lanes: /proc/self/exe names it however it was started.
let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
exit(FuzzCommand.run(Array(CommandLine.arguments.dropFirst()), executable: executable, console: console))
