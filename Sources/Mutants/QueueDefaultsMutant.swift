import CountMeContract
import CountMeCore
import Foundation

/// One wrong default in the queue a device gets with no settings; everything else is the reference.
struct QueueDefaultsMutant: ReferenceForwarding {
  enum Bug: Sendable {
    /// The default capacity one short of requirement 7.1's 1,000.
    case capacity999
    /// The default capacity one over requirement 7.1's 1,000.
    case capacity1001
    /// The default policy gives up after 3 retries, not the documented 6.
    case threeRetries
    /// The default policy gives up after 5 retries, one short of the documented 6.
    case fiveRetries
    /// The default policy makes 7 retries, one more than the documented 6.
    case sevenRetries
    /// The default policy caps backoff at 59 s, not 60: with 6
    /// retries the cap never binds, so only the policy the queue reports shows it.
    case maxDelay59
    /// The default policy caps backoff at 61 s, not 60.
    case maxDelay61
    /// The default policy retries at once the first time, not after 1 s.
    case initialDelay0
    /// The default policy waits 2 s before its first retry, not 1.
    case initialDelay2
  }

  let bug: Bug

  init(_ bug: Bug) { self.bug = bug }

  private var capacity: Int {
    switch bug {
    case .capacity999: return 999
    case .capacity1001: return 1_001
    default: return 1_000
    }
  }

  private var policy: RetryPolicy {
    var policy = RetryPolicy(initialDelay: 1, maxDelay: 60, maxRetries: 6)
    switch bug {
    case .threeRetries: policy.maxRetries = 3
    case .fiveRetries: policy.maxRetries = 5
    case .sevenRetries: policy.maxRetries = 7
    case .maxDelay59: policy.maxDelay = 59
    case .maxDelay61: policy.maxDelay = 61
    case .initialDelay0: policy.initialDelay = 0
    case .initialDelay2: policy.initialDelay = 2
    case .capacity999, .capacity1001: break
    }
    return policy
  }

  func makeDefaultQueue() -> any SyncQueueing { SyncQueue(capacity: capacity, policy: policy) }

  func loadDefaultQueue(_ data: Data) -> (queue: any SyncQueueing, corrupted: String?) {
    ReferenceSystem().loadQueue(data, capacity: capacity, policy: policy)
  }
}
