import Foundation
import PropertyHarness
import Synchronization

/// Lanes that are processes: copies of this program serving the run as `LaneWorker`s, each asked
/// for one block of cases at a time over a pipe.
///
/// A lane whose process has ended (it trapped, or was killed) answers nil from then on, and the run runs its
/// blocks itself, so a case that traps is reported by the run as any other.
///
/// The processes end when `stop()` closes their input, or when this process ends and the system
/// closes it; they are in this process's group, so an interrupt at the terminal stops them too.
final class ProcessLanes: CaseLanes {
  let count: Int
  private let lanes: [Lane]
  private let blocksAnswered = Mutex(0)

  /// How many blocks the lanes have run.
  var blocksRun: Int { blocksAnswered.withLock { $0 } }

  /// One process and its pipes.
  private final class Lane: Sendable {
    private struct State {
      let process: Process
      let requests: Int32
      let answers: Int32
      var buffered: [UInt8] = []
      var alive = true
    }
    private let state: Mutex<State>
    /// Keeps the pipes' handles (and so their descriptors) open while the lane is.
    private let pipes: (Pipe, Pipe)

    init?(executable: String, arguments: [String]) {
      let requests = Pipe(), answers = Pipe()
      let process = Process()
      process.executableURL = URL(fileURLWithPath: executable)
      process.arguments = arguments
      process.standardInput = requests
      process.standardOutput = answers
      // NB: a lane that traps says nothing: the run runs the block again itself, and reports it.
      process.standardError = FileHandle.nullDevice
      do {
        try process.run()
      } catch {
        return nil
      }
      pipes = (requests, answers)
      state = Mutex(
        State(
          process: process, requests: requests.fileHandleForWriting.fileDescriptor,
          answers: answers.fileHandleForReading.fileDescriptor))
    }

    /// Sends `request` and returns the tally that answers it, or nil.
    ///
    /// Sends `request` and returns the tally that answers it; nil for a request the process
    /// could not serve, and from then on once the process has ended or said anything but an answer
    /// to what it was asked (a lane whose answers may be out of step is not asked again).
    func ask(_ request: String) -> BlockTally? {
      state.withLock { state in
        guard state.alive else { return nil }
        guard Self.write(request + "\n", to: state.requests), let answer = Self.readLine(&state),
          answer.hasPrefix(request + "\t")
        else {
          state.alive = false
          return nil
        }
        return LaneWorker.tally(in: answer, to: request)
      }
    }

    /// Closes the process's input, which ends it, and its output (so one that only writes ends
    /// too), and waits for it.
    func stop() {
      let process = state.withLock { state in
        state.alive = false
        return state.process
      }
      try? pipes.0.fileHandleForWriting.close()
      try? pipes.1.fileHandleForReading.close()
      process.waitUntilExit()
    }

    private static func write(_ text: String, to descriptor: Int32) -> Bool {
      var bytes = Array(text.utf8)[...]
      while !bytes.isEmpty {
        let written = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
        if written < 0 && errno == EINTR { continue }
        guard written > 0 else { return false }
        bytes = bytes.dropFirst(written)
      }
      return true
    }

    private static func readLine(_ state: inout State) -> String? {
      var chunk = [UInt8](repeating: 0, count: 4_096)
      while true {
        if let newline = state.buffered.firstIndex(of: 0x0A) {
          let line = String(decoding: state.buffered[..<newline], as: UTF8.self)
          state.buffered.removeSubrange(...newline)
          return line
        }
        let count = chunk.withUnsafeMutableBytes { Foundation.read(state.answers, $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { return nil }
        state.buffered.append(contentsOf: chunk[..<count])
      }
    }
  }

  /// `count` lanes, each a process of `executable`; nil when one could not be started.
  ///
  /// `count` lanes, each a process of `executable` started with `arguments` (a `check` with
  /// `--lane-worker`); nil when one could not be started (none is left running).
  init?(executable: String, arguments: [String], count: Int) {
    // NB: writing to a lane that has ended must fail, not end this process.
    signal(SIGPIPE, SIG_IGN)
    var lanes: [Lane] = []
    for _ in 0..<count {
      guard let lane = Lane(executable: executable, arguments: arguments) else {
        lanes.forEach { $0.stop() }
        return nil
      }
      lanes.append(lane)
    }
    self.count = count
    self.lanes = lanes
  }

  func run(_ block: CaseBlock, of property: PropertyID, lane: Int) -> BlockTally? {
    guard lanes.indices.contains(lane), let tally = lanes[lane].ask(LaneWorker.request(block, of: property))
    else { return nil }
    blocksAnswered.withLock { $0 += 1 }
    return tally
  }

  /// Ends every lane's process and waits for it.
  func stop() { lanes.forEach { $0.stop() } }
}
