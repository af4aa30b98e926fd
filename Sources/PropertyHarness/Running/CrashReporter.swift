#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Says which case was running when the process crashes, so a trap is never silent.
///
/// Before each case the runner stores the case's replay token in a fixed buffer; a handler for
/// SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE and SIGABRT writes "countme-fuzz: crashed while running
/// case <token>" to stderr with `write(2)` (async-signal-safe), restores the default action and
/// re-raises, so the exit status still shows the signal.
public enum CrashReporter {
  private static let capacity = 256
  // NB: written only by the thread running cases, read only by the signal handler; a torn read can at
  // worst print a garbled token, which is the most a signal handler may risk.
  nonisolated(unsafe) private static let buffer: UnsafeMutablePointer<UInt8> = {
    let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    pointer.initialize(repeating: 0, count: capacity)
    return pointer
  }()
  nonisolated(unsafe) private static var length = 0

  /// Installs the handlers. Call once, from the command's entry point.
  public static func install() {
    _ = buffer
    for crash in [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT] {
      _ = signal(crash, handler)
    }
  }

  static func willRun(_ token: ReplayToken) {
    let bytes = Array(token.description.utf8.prefix(capacity))
    bytes.withUnsafeBufferPointer { source in
      if let base = source.baseAddress { buffer.update(from: base, count: source.count) }
    }
    length = bytes.count
  }

  static func didFinish() { length = 0 }

  private static let handler: @convention(c) (Int32) -> Void = { crash in
    let prefix: StaticString = "\ncountme-fuzz: crashed while running case "
    let suffix: StaticString = "\ncountme-fuzz: reproduce it alone with: swift run countme-fuzz replay <that token>\n"
    if CrashReporter.length > 0 {
      _ = write(2, prefix.utf8Start, prefix.utf8CodeUnitCount)
      _ = write(2, CrashReporter.buffer, CrashReporter.length)
      _ = write(2, suffix.utf8Start, suffix.utf8CodeUnitCount)
    }
    _ = signal(crash, SIG_DFL)
    _ = raise(crash)
  }
}
