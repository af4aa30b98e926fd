import CloudFake
import CountMeContract
import CountMeCore
import CountMeGenerators
import Foundation
import Generators
import Synchronization

/// The operations callers enqueued, in the order the engine accepted them.
final class Recorder: Sendable {
  private let log = Mutex<[EngineTrace.Accepted]>([])

  private let retryLog = Mutex<[EngineTrace.Retry]>([])

  func record(_ accepted: EngineTrace.Accepted) { log.withLock { $0.append(accepted) } }
  func record(_ retry: EngineTrace.Retry) { retryLog.withLock { $0.append(retry) } }

  var all: [EngineTrace.Accepted] { log.withLock { $0 } }
  package var retries: [EngineTrace.Retry] { retryLog.withLock { $0 } }
}
