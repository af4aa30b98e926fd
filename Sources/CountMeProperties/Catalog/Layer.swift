/// Which part of a system a property exercises. A mutant of one layer runs only against the
/// properties of that layer, so the kill matrix never spends cases where a bug cannot show.
public enum Layer: String, Sendable, CaseIterable {
  /// The models' validating initialisers.
  case models
  /// The Firestore codec: the documents models write, and the deserialisers.
  case decoders
  /// The offline sync queue, driven by a simulated scenario.
  case queue
  /// The sync engine around the queue: its cloud calls, its file, its concurrent callers.
  case engine
  /// How two devices' versions of one entity become one: last-write-wins, the daily-log merge.
  case conflicts
  /// What a user's data keeps as it ages: seed 002's retention, synced between devices.
  case retention
  /// A device's sync of its data through the cloud: download, reconcile, upload, unreadable
  /// documents, the network coming and going.
  case deviceSync
}
