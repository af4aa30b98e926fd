import Foundation

/// Seed 004's app on one device: each save held locally at once, then pushed through the offline queue.
///
/// Seed 004's offline-first repository (1.1) and its network-aware sync (1.8) on one device, sans-IO:
/// a save goes to the device's store at once and is queued for its push; the driver asks `next`
/// for the push due (the queue's rules: five attempts 300 s apart, the most urgent type first,
/// nothing while offline) and hands the push's outcome to `push`, which writes the entity to the
/// cloud only when the push went through. A push that failed stays queued for its retry, and when
/// the network returns every push waiting out its interval is due at once.
///
/// `status` is what the UI shows: offline, syncing (pushes waiting), failed (a push out of
/// attempts, waiting for the user), or synced.
public struct WorkoutApp: Sendable {
  /// The device's store.
  public package(set) var device: WorkoutDevice
  /// The pushes not yet acknowledged, under the policy's queue rules.
  public package(set) var queue: any SyncQueueing
  /// Whether the device's network is up.
  public package(set) var online = true

  /// The app with `device`'s store and `queue` (empty on a new install).
  public init(device: WorkoutDevice, queue: any SyncQueueing) {
    self.device = device
    self.queue = queue
  }

  /// Saves `template` at `now` and queues its push; whether anything changed (a save of the content
  /// held changes nothing and queues nothing).
  @discardableResult
  public mutating func save(_ template: WorkoutTemplate, now: Date) -> Bool {
    guard device.save(template, now: now) else { return false }
    enqueue(.update, template.key, now: now)
    return true
  }

  /// Saves `session` at `now` and queues its push; whether anything changed.
  @discardableResult
  public mutating func save(_ session: WorkoutSession, now: Date) -> Bool {
    guard device.save(session, now: now) else { return false }
    enqueue(.update, session.key, now: now)
    return true
  }

  /// Deletes `key` at `now` and queues the deletion's push.
  public mutating func delete(_ key: WorkoutKey, now: Date) {
    device.delete(key, now: now)
    enqueue(.delete, key, now: now)
  }

  /// The network went up (`online`) or down: on its return every push waiting out its interval is due.
  public mutating func networkChanged(online: Bool) {
    if online, !self.online { queue.networkReturned() }
    self.online = online
  }

  /// The push due at `now` (`.upload`), or why none is: a wait, offline (`.paused`), nothing to do.
  public mutating func next(now: Date) -> QueueAction {
    queue.next(now: now, online: online, signedIn: true)
  }

  /// The outcome of push `id`: with no `failure`, the entity is written to `cloud`; either way the queue learns it.
  ///
  /// With no `failure` the push went through: the entity's deletion record, or its version, meets
  /// `cloud` (`WorkoutDevice.push`) and the operation is done; with a failure the cloud is not
  /// touched and the queue keeps the operation for its retry, or out of attempts for the user.
  public mutating func push(_ id: OperationID, to cloud: inout WorkoutCloud, failure: SyncError?, now: Date) {
    if failure == nil, let flight = queue.inFlight, flight.id == id, let key = Self.key(of: flight.operation)
    {
      device.push(key, to: &cloud, now: now)
    }
    queue.complete(id, with: failure.map { .failure($0) } ?? .success(()), now: now)
  }

  /// What the UI shows of the sync.
  public var status: WorkoutSyncStatus {
    guard online else { return .offline }
    if !queue.failed.isEmpty { return .failed }
    if !queue.pending.isEmpty || queue.inFlight != nil { return .syncing }
    return .synced
  }

  /// The queue's operation for `key`: its type (1.3's priority) and its id.
  static func operation(_ kind: SyncOperation.Kind, _ key: WorkoutKey, now: Date) -> SyncOperation {
    let type: EntityType
    switch key.kind {
    case .session: type = .session
    case .module: type = .module
    case .workout: type = .workout
    }
    return SyncOperation(kind, entityId: key.id.idText, entityType: type, timestamp: now)
  }

  /// The entity `operation` pushes; nil for one of no workout kind.
  static func key(of operation: SyncOperation) -> WorkoutKey? {
    let kind: WorkoutKey.Kind
    switch operation.entityType {
    case .session: kind = .session
    case .module: kind = .module
    case .workout: kind = .workout
    default: return nil
    }
    return CanonicalUUID.parse(operation.entityId).map { WorkoutKey(kind: kind, id: $0) }
  }

  private mutating func enqueue(_ kind: SyncOperation.Kind, _ key: WorkoutKey, now: Date) {
    _ = queue.enqueue(Self.operation(kind, key, now: now))
  }
}

/// What the UI shows of a workout device's sync (seed 004, 1.8's state transitions).
public enum WorkoutSyncStatus: String, Sendable, CaseIterable {
  /// The network is down: nothing is pushed.
  case offline
  /// Pushes are waiting (due, in flight, or waiting out a retry).
  case syncing
  /// A push ran out of attempts and waits for the user (needs manual intervention).
  case failed
  /// Nothing is waiting.
  case synced
}
