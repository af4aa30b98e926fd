import CloudFake
import CountMeContract
import CountMeCore
import CountMeGenerators
import Foundation
import Generators
import Synchronization

/// The operations callers enqueued, in the order the engine accepted them.
package final class Recorder: Sendable {
  private let log = Mutex<[EngineTrace.Accepted]>([])

  private let retryLog = Mutex<[EngineTrace.Retry]>([])

  package func record(_ accepted: EngineTrace.Accepted) { log.withLock { $0.append(accepted) } }
  package func record(_ retry: EngineTrace.Retry) { retryLog.withLock { $0.append(retry) } }

  package var all: [EngineTrace.Accepted] { log.withLock { $0 } }
  package var retries: [EngineTrace.Retry] { retryLog.withLock { $0 } }
}
