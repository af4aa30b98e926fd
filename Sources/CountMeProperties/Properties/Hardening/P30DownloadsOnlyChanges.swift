import CountMeWorlds
import PropertyHarness

extension Hardening {
  /// Property 30 (ours): a later sync downloads only what changed since the device's last download.
  ///
  /// Property 30 (ours), an efficiency property split from F13 (seed 002's property 13 asks only
  /// that a first sync downloads everything): in F13's scenarios no download returns a document
  /// version, by path and revision, that the same device downloaded before, restarts included (the
  /// download cursor is the device's to keep, as seed 002's design keeps its `lastSyncTimestamp`).
  ///
  /// A device that reads its whole collection at every pass or every launch (a listener's first
  /// snapshot) does no harm by it: it passes F13 to F20 and fails only this, with a redundant
  /// transfer. That a device misses no change is F14's and F16's.
  static let downloadsOnlyChanges = Firebase.cloudDevicesProperty(
    "P30", "Later syncs download only changes", validates: ["6.1"],
    expect: "no download brings a device a document version it downloaded before",
    anomaly: .redundantTransfer,
    judge: { run in Firebase.downloadedAgain(run).map { .broke($0) } ?? .holds })
}
