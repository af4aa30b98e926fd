import Foundation
import Synchronization

/// Work running on a thread of its own beside the caller's, its result waited for when needed.
final class Beside<Value: Sendable>: Sendable {
  private let finished = DispatchSemaphore(value: 0)
  private let value = Mutex<Value?>(nil)

  /// Starts `work` on a new thread.
  init(_ work: @escaping @Sendable () -> Value) {
    Thread { [self] in
      let result = work()
      value.withLock { $0 = result }
      finished.signal()
    }.start()
  }

  /// What the work returned, once it has: waits for it.
  func result() -> Value {
    finished.wait()
    guard let result = value.withLock({ $0 }) else { preconditionFailure("the work signalled no result") }
    return result
  }
}
