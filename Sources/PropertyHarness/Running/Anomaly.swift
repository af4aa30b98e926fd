/// What kind of wrong a sync failure is, from one documented list.
///
/// What kind of wrong a sync failure is: one documented list (`docs/properties.md`, "Named
/// anomalies") that every sync property names its failures from, so that reports of different
/// properties, worlds and implementations can be read and counted alike.
public enum Anomaly: String, CaseIterable, Sendable, Comparable {
  /// A change a user made is gone: overwritten by an older one, dropped, or never uploaded.
  case lostUpdate
  /// Something deleted (by a user, for its age, with its account) is back, or still somewhere once
  /// quiet.
  case resurrection
  /// Two places (devices, the cloud) never agree, however long they sync.
  case divergence
  /// One change took effect twice: an item held twice, a write repeated.
  case duplicateEffect
  /// A user reached another's data, or data was written, shown or queued under the wrong account.
  case crossAccountAccess
  /// Liveness: work is left that no step will ever do.
  case stuckQueue
  /// A state, status or count says something untrue: an operation's state, a model's sync status,
  /// the queue's books or its reported settings.
  case wrongSyncStatus
  /// An attempt when none should be: earlier or later than its backoff, beyond its bound, offline.
  case wrongRetrySchedule
  /// The queue held more than its capacity.
  case capacityExceeded
  /// A place holds a value nobody wrote.
  case phantomData
  /// Work repeated for nothing: a document version a device already took, downloaded again.
  case redundantTransfer

  /// How reports name it: "lost update".
  public var name: String {
    switch self {
    case .lostUpdate: return "lost update"
    case .resurrection: return "resurrection"
    case .divergence: return "divergence"
    case .duplicateEffect: return "duplicate effect"
    case .crossAccountAccess: return "cross-account access"
    case .stuckQueue: return "stuck queue"
    case .wrongSyncStatus: return "wrong sync status"
    case .wrongRetrySchedule: return "wrong retry schedule"
    case .capacityExceeded: return "capacity exceeded"
    case .phantomData: return "phantom data"
    case .redundantTransfer: return "redundant transfer"
    }
  }

  /// The anomalies in the order of the list.
  public static func < (lhs: Anomaly, rhs: Anomaly) -> Bool { lhs.rank < rhs.rank }

  /// Its place in the list.
  private var rank: Int { Self.allCases.firstIndex(of: self) ?? 0 }

  /// Each anomaly among `reports`' failures and how many failures named it, in the list's order.
  public static func counts(in reports: [PropertyReport]) -> [(Anomaly, Int)] {
    let named = reports.compactMap { $0.failure?.anomaly }
    return allCases.compactMap { anomaly in
      let count = named.filter { $0 == anomaly }.count
      return count == 0 ? nil : (anomaly, count)
    }
  }
}
