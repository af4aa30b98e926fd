import CountMeProperties
import Foundation

// Measures the sync simulator: `swift run -c release sync-benchmark [STEPS] [SEED] [RESTART-WEIGHT]`.
// Prints wall time, simulated time and steps per second. A benchmark, not a test: nothing asserts time.
let arguments = CommandLine.arguments.dropFirst()
let steps = arguments.first.flatMap { Int($0) } ?? 100_000
let seed = arguments.dropFirst().first.flatMap { UInt64($0, radix: 16) } ?? 0xC0FFEE
let restartWeight = arguments.dropFirst(2).first.flatMap { Int($0) } ?? 1
let clock = ContinuousClock()
let started = clock.now
do {
  let outcome = try SyncBenchmark.run(steps: steps, seed: seed, restartWeight: restartWeight)
  let elapsed = clock.now - started
  let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
  print(
    "steps: \(outcome.steps) (restart weight \(restartWeight)), cloud calls: \(outcome.cloudCalls), problems: \(outcome.problems.count)"
  )
  print(
    "wall time: \(String(format: "%.2f", seconds)) s, simulated time: \(String(format: "%.0f", outcome.simulatedSeconds)) s (\(String(format: "%.1f", outcome.simulatedSeconds / 86_400)) days)"
  )
  print("steps per second: \(Int(Double(outcome.steps) / seconds))")
  outcome.problems.prefix(5).forEach { print("  \($0)") }
  exit(outcome.problems.isEmpty ? 0 : 1)
} catch {
  FileHandle.standardError.write(Data("Error: \(error)\n".utf8))
  exit(2)
}
