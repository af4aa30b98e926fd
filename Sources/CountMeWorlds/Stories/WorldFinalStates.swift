// What each multi-device world holds once its run ended, place by place, in words: what `diff`
// compares beside the calls, since a device's store shows in no call.

extension CloudDevicesRun {
  /// "device 0: 120.0 kcal modified at +3 ms, deleted, absent, absent", each device then the cloud.
  var finalState: [String] {
    finalDevices.enumerated().map { "device \($0): " + $1.map(\.description).joined(separator: ", ") }
      + ["the cloud: " + finalCloud.map(\.description).joined(separator: ", ")]
  }
}

extension CloudLogRun {
  /// Each place's log once quiet, the cloud first.
  var finalState: [String] { zip(places, quiet).map { "\($0): \($1)" } }
}

extension SharedDevicesRun {
  /// Each account's documents once quiet: "user-1: person 1's food 0 120.0 kcal, …".
  var finalState: [String] {
    finalCloud.keys.sorted().map { account in
      let held = finalCloud[account] ?? [:]
      let documents = ids.compactMap { entry in held[entry.id].map { "\(name(entry.id)) \($0)" }
      }
      return "\(uids[account] ?? "account \(account)"): " + documents.joined(separator: ", ")
    }
  }
}

extension ParityRun {
  /// Each log on the iPhone, on the Android phone and in the cloud.
  var finalState: [String] {
    [("the iPhone", iPhone), ("the Android phone", android), ("the cloud", cloud)].map { place, logs in
      "\(place): " + logs.map(Self.describe).joined(separator: ", ")
    }
  }
}
