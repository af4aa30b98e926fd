import Foundation

/// The rules that differ between apps with the same shape of sync.
///
/// What the system under test and the properties' oracles both read, so that one harness checks a family of
/// sync policies.
///
/// `countme` is seeds 001/002's rules (the default everywhere); `workout` is seed 004's. Each rule
/// is a choice the seeds make differently, and each has a cost the properties show: see
/// `docs/rules.md`, "The workout policy".
public struct SyncPolicy: Hashable, Sendable, CustomStringConvertible {
  /// Which version wins when two were changed at the same instant.
  public enum Tie: String, Hashable, Sendable {
    /// The version whose content sorts last: arbitrary, but the same on every device (countme).
    case contentOrder
    /// The device's own version (seed 004, 1.4: "tie goes to local").
    case local
  }

  /// What a deletion does against a version changed after it.
  public enum LateEdit: String, Hashable, Sendable {
    /// The deletion wins over every version, older or newer (seed 002: "deletions always win").
    case deletionWins
    /// A version changed after the deletion is kept (seed 004, 1.5: "if local entity updated AFTER
    /// deletion, keep local").
    case editKept
  }

  /// How two versions of an entity with child exercises become one.
  public enum ChildMerge: String, Hashable, Sendable {
    /// The winning version whole, children included.
    case wholeVersion
    /// Children by id, each the later of its two versions, cloud-only children added (seed 004,
    /// 1.6); the parent's own fields from the winning version.
    case byID
  }

  /// The policy's name, as `--policy` and reports spell it.
  public let name: String
  /// Which version wins a tie.
  public let tie: Tie
  /// A deletion against a later edit.
  public let lateEdit: LateEdit
  /// How long a deletion record is kept once synced, locally and in the cloud; nil for forever.
  public let deletionRetention: TimeInterval?
  /// How children merge.
  public let childMerge: ChildMerge
  /// How the offline queue retries and orders its operations.
  public let queue: QueueRules

  /// Creates a `SyncPolicy` from its parts.
  public init(
    name: String, tie: Tie, lateEdit: LateEdit, deletionRetention: TimeInterval?, childMerge: ChildMerge,
    queue: QueueRules
  ) {
    self.name = name
    self.tie = tie
    self.lateEdit = lateEdit
    self.deletionRetention = deletionRetention
    self.childMerge = childMerge
    self.queue = queue
  }

  /// Seeds 001/002: ties by content, deletions final and remembered for good, whole versions, the
  /// queue of requirement 7 with its default retries.
  public static let countme = SyncPolicy(
    name: "countme", tie: .contentOrder, lateEdit: .deletionWins, deletionRetention: nil,
    childMerge: .wholeVersion, queue: .countme())

  /// Seed 004's policy.
  ///
  /// Seed 004: ties to local, an edit after a deletion kept, deletion records cleaned 30 days after
  /// they synced, children merged by id, and its queue (`QueueRules.workout`).
  public static let workout = SyncPolicy(
    name: "workout", tie: .local, lateEdit: .editKept, deletionRetention: 30 * 86_400, childMerge: .byID,
    queue: .workout)

  /// Every named policy, `countme` first.
  public static let all: [SyncPolicy] = [.countme, .workout]

  /// The policy called `name`, or nil.
  public static func named(_ name: String) -> SyncPolicy? { all.first { $0.name == name } }

  /// Its name.
  public var description: String { name }
}
