#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Says which case was running when the process crashes, so a trap is never silent.
///
/// Once per property the runner stores the fixed parts of its replay tokens (`P11-<seed>-` and any
/// `@variant`); before each case it stores only the case index, so the per-case cost is one integer
/// write. A handler for SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE and SIGABRT writes
/// "<program>: crashed while running case <token>" to stderr with `write(2)` (async-signal-safe,
/// digits formatted by hand, nothing allocated), restores the default action and re-raises, so the
/// exit status still shows the signal.
public enum CrashReporter {
  private static let capacity = 256
  // NB: written only by the thread running cases, read only by the signal handler; a torn read can at
  // worst print a garbled token, which is the most a signal handler may risk.
  nonisolated(unsafe) private static let prefix = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
  nonisolated(unsafe) private static let suffix = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
  nonisolated(unsafe) private static var prefixLength = 0
  nonisolated(unsafe) private static var suffixLength = 0
  /// The most workers whose cases it names (`--jobs` above it shares slots).
  static let slots = 64
  /// The case each worker is running, -1 for none; slot 0 when cases run one at a time.
  nonisolated(unsafe) private static let running: UnsafeMutablePointer<Int> = {
    let slots = UnsafeMutablePointer<Int>.allocate(capacity: CrashReporter.slots)
    slots.initialize(repeating: -1, count: CrashReporter.slots)
    return slots
  }()
  nonisolated(unsafe) private static let intro = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
  nonisolated(unsafe) private static let outro = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
  nonisolated(unsafe) private static var introLength = 0
  nonisolated(unsafe) private static var outroLength = 0

  /// Installs the handlers. Call once, from the command's entry point.
  ///
  /// - Parameters:
  ///   - program: the name the message starts with, e.g. `countme-fuzz`.
  ///   - replayCommand: the command that replays a token, e.g. `swift run countme-fuzz replay`.
  public static func install(program: String, replayCommand: String) {
    didFinish()  // NB: makes the slots before a handler can read them
    introLength = store("\n\(program): crashed while running case ", in: intro)
    outroLength = store(
      "\n\(program): reproduce it alone with: \(replayCommand) <that token>\n", in: outro)
    for crash in [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT] {
      _ = signal(crash, handler)
    }
  }

  /// Stores the fixed parts of the tokens of the cases about to run (`token` names any one of them).
  static func begin(_ token: ReplayToken) {
    didFinish()
    prefixLength = store(token.prefix, in: prefix)
    suffixLength = store(token.suffix, in: suffix)
  }

  /// Notes that worker `slot` is about to run case `index`.
  static func willRun(caseIndex index: Int, slot: Int = 0) { running[slot % slots] = index }

  static func didFinish() {
    for slot in 0..<slots { running[slot] = -1 }
  }

  private static func store(_ text: String, in buffer: UnsafeMutablePointer<UInt8>) -> Int {
    let bytes = Array(text.utf8.prefix(capacity))
    bytes.withUnsafeBufferPointer { source in
      if let base = source.baseAddress { buffer.update(from: base, count: source.count) }
    }
    return bytes.count
  }

  private static let handler: @convention(c) (Int32) -> Void = { crash in
    // NB: with several workers, every case running is named: the crash is one of them.
    for slot in 0..<CrashReporter.slots {
      let index = CrashReporter.running[slot]
      guard index >= 0 else { continue }
      var digits:
        (
          UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
          UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
        ) =
          (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
      withUnsafeMutableBytes(of: &digits) { buffer in
        var value = index, position = buffer.count
        repeat {
          position -= 1
          buffer[position] = UInt8(48 + value % 10)
          value /= 10
        } while value > 0 && position > 0
        _ = write(2, CrashReporter.intro, CrashReporter.introLength)
        _ = write(2, CrashReporter.prefix, CrashReporter.prefixLength)
        if let base = buffer.baseAddress { _ = write(2, base + position, buffer.count - position) }
        _ = write(2, CrashReporter.suffix, CrashReporter.suffixLength)
        _ = write(2, CrashReporter.outro, CrashReporter.outroLength)
      }
    }
    _ = signal(crash, SIG_DFL)
    _ = raise(crash)
  }
}
