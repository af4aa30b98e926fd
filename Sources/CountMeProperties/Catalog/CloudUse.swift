/// Which cloud a run's properties sync through: `CloudFake` (the default), or the Firestore
/// emulator for the properties whose multi-device worlds run on a `SimulationCloud`.
public enum CloudChoice: String, Sendable, CaseIterable {
  case fake
  case emulator
}

/// How a property meets the cloud, which decides what `--cloud emulator` does with it.
enum CloudUse: Sendable, Equatable {
  /// It syncs through no cloud (models, documents, a world of whole stores).
  case none
  /// Its multi-device runs sync through a `SimulationCloud`: on the emulator under `--cloud emulator`.
  case simulations
  /// It syncs through `CloudFake` alone, for the reason given (its report says so on the emulator).
  case fakeOnly(String)
}
