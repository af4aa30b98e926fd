import CountMeWorlds
/// Each device's run of failed uploads of each entity, replayed from a run's timeline.
///
/// The spec's backoff (requirement 13.1, `min(initial × 2ⁿ, max)` after the n-th failure in a row, with
/// `CloudDevicesRun.policy`'s constants) says when the next upload may go.
///
/// F29 and F30 judge with it.
///
/// A run of failures ends when an upload of the item succeeds or the user changes it on that
/// device (a new operation, sent at once); a permanent failure, or a transient one past the retry
/// budget, leaves the item for the user to retry.
struct RetryLedger {
  private struct Key: Hashable {
    let device: Int, slot: Int
  }

  private struct Failures {
    var count: Int
    var last: Int
    var givenUp: Bool
    var permanent: Bool
  }

  private var failures: [Key: Failures] = [:]

  /// An empty ledger: no upload has failed.
  init() {}

  /// The ledger after every event of `run`.
  init(replaying run: CloudDevicesRun) {
    for event in run.timeline { take(event) }
  }

  /// The first problem `check` finds in `run`'s timeline, each event checked against the ledger as
  /// it stood just before that event.
  static func firstProblem<Problem>(
    in run: CloudDevicesRun, _ check: (CloudDevicesRun.Event, RetryLedger) -> Problem?
  ) -> Problem? {
    var ledger = RetryLedger()
    for event in run.timeline {
      if let problem = check(event, ledger) { return problem }
      ledger.take(event)
    }
    return nil
  }

  /// Takes in one event of the timeline.
  mutating func take(_ event: CloudDevicesRun.Event) {
    switch event {
    case .change(let change) where change.accepted:
      failures[Key(device: change.device, slot: change.slot)] = nil
    case .upload(let upload):
      let key = Key(device: upload.device, slot: upload.slot)
      guard let error = upload.error else {
        failures[key] = nil
        return
      }
      let count = (failures[key]?.count ?? 0) + 1
      let transient = QueueSpecification.isTransient(error)
      failures[key] = Failures(
        count: count, last: upload.at,
        givenUp: !transient || count > QueueSpecification.retries(CloudDevicesRun.policy),
        permanent: !transient)
    default: break
    }
  }

  /// The earliest time `device` may upload `slot` again; nil when nothing holds it back.
  func earliestRetry(_ device: Int, _ slot: Int) -> Int? {
    guard let run = failures[Key(device: device, slot: slot)], !run.givenUp else { return nil }
    let seconds = QueueSpecification.delay(CloudDevicesRun.policy, beforeRetry: run.count - 1)
    return run.last + Int((seconds * 1_000).rounded(.up))
  }

  /// The failures in a row of `device`'s uploads of `slot`.
  func failuresInARow(_ device: Int, _ slot: Int) -> Int {
    failures[Key(device: device, slot: slot)]?.count ?? 0
  }

  /// True when `device`'s last upload of `slot` failed transiently for the last time the
  /// retry budget allows: it now waits for the user.
  func outOfRetries(_ device: Int, _ slot: Int) -> Bool {
    failures[Key(device: device, slot: slot)].map { $0.givenUp && !$0.permanent } ?? false
  }

  /// True when `device` gave up on uploading `slot` (a permanent failure, or the retry budget
  /// spent): it waits for the user.
  func gaveUp(_ device: Int, _ slot: Int) -> Bool {
    failures[Key(device: device, slot: slot)]?.givenUp ?? false
  }

  /// True when `device` may hold `slot` back at `time`: it waits for its retry, or it
  /// is left for the user.
  func excuses(_ device: Int, _ slot: Int, at time: Int) -> Bool {
    guard let run = failures[Key(device: device, slot: slot)] else { return false }
    return run.givenUp || earliestRetry(device, slot).map { time < $0 } ?? false
  }
}
