import CountMeContract
import CountMeCore
import Foundation

/// One wrong default in the queue a device gets with no settings; everything else is the reference.
struct QueueDefaultsMutant: ReferenceForwarding {
  enum Bug: Sendable {
    /// The default capacity one short of requirement 7.1's 1,000.
    case capacity999
    /// The default policy gives up after 3 retries, not the documented 6.
    case threeRetries
    /// The default policy caps backoff at 59 s, not 60: with 6
    /// retries the cap never binds, so only the policy the queue reports shows it.
    case maxDelay59
  }

  let bug: Bug

  init(_ bug: Bug) { self.bug = bug }

  private var capacity: Int { bug == .capacity999 ? 999 : 1_000 }
  private var policy: RetryPolicy {
    RetryPolicy(
      initialDelay: 1, maxDelay: bug == .maxDelay59 ? 59 : 60, maxRetries: bug == .threeRetries ? 3 : 6)
  }

  func makeDefaultQueue() -> any SyncQueueing { SyncQueue(capacity: capacity, policy: policy) }

  func loadDefaultQueue(_ data: Data) -> (queue: any SyncQueueing, corrupted: String?) {
    ReferenceSystem().loadQueue(data, capacity: capacity, policy: policy)
  }
}
