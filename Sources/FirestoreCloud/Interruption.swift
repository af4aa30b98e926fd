import Dispatch
import Foundation
import Synchronization

/// Stops every emulator this process started when it is interrupted or terminated.
///
/// Stops every emulator this process started when it is interrupted (Ctrl-C) or terminated, then
/// ends the process as the signal would have: the emulators run in sessions of their own, which
/// the terminal's signal does not reach.
enum Interruption {
  private static let groups = Mutex<[Int32]>([])
  private static let sources = Mutex<[any DispatchSourceSignal]>([])

  /// Remembers `group`, and on the first call starts watching SIGINT and SIGTERM.
  static func register(_ group: Int32) {
    groups.withLock { $0.append(group) }
    sources.withLock { sources in
      guard sources.isEmpty else { return }
      for signalNumber in [SIGINT, SIGTERM] {
        signal(signalNumber, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
        source.setEventHandler {
          for group in groups.withLock({ $0 }) { kill(-group, SIGTERM) }
          signal(signalNumber, SIG_DFL)
          kill(getpid(), signalNumber)
        }
        source.resume()
        sources.append(source)
      }
    }
  }
}
