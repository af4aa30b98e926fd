import Generators

extension Hardening {
  /// Property 20 (ours): once faults stop and the queue drains, the cloud holds what the device holds.
  static let p20 = SyncProperties.spec(
    "P20", "Convergence once faults stop", validates: ["8.3", "8.4"],
    statement:
      "the cloud holds the newest local version of every entity not dropped or failed, and nothing deleted comes back",
    Gen.simulation())
}
