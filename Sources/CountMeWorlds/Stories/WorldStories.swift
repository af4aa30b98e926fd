import CloudFake
import CountMeCore
import CountMeGenerators
import Generators

// Each multi-device world's run recorded as a story for its failures' diagrams, and the names the
// diagram gives its devices and steps.

extension CloudDevicesInput {
  /// The run of the devices through the cloud, drawn (`CloudDevicesRun`).
  package func story(_ system: SystemLayers) -> (SyncStory, SyncStory.Names)? {
    recordedStory(CloudDevicesRun.self, system, noun: CloudDevicesRun.model(of: entityType).noun)
  }

  /// The run of the devices' daily logs through the cloud, drawn (`CloudLogRun`).
  package func logStory(_ system: SystemLayers) -> (SyncStory, SyncStory.Names)? {
    recordedStory(CloudLogRun.self, system, noun: "food item", faults: FaultPlan())
  }

  func recordedStory<Run: CloudWorldRun>(
    _: Run.Type, _ system: SystemLayers, noun: String, unit: String = " kcal", faults: FaultPlan? = nil
  ) -> (SyncStory, SyncStory.Names)? where Run.Input == CloudDevicesInput {
    guard let story = SyncStory.recorded(Run.self, self, system, faults: faults ?? self.faults) else {
      return nil
    }
    let steps = scenario.steps
    let names = SyncStory.Names(
      device: { "device \($0) (queue, store)" }, step: { steps[$0].words(noun: noun, unit: unit) },
      cloud: SyncStory.cloudName(system))
    return (story, names)
  }
}

extension DevicesScenario {
  /// The run of devices exchanging whole stores with the cloud's, drawn (`DevicesRun`).
  package func storesStory(_ system: SystemLayers) -> (SyncStory, SyncStory.Names)? {
    guard let story = SyncStory.told(by: { try DevicesRun.run(self, system, drawing: &$0) }) else {
      return nil
    }
    let steps = self.steps
    let names = SyncStory.Names(
      device: { "device \($0) (store)" }, step: { steps[$0].words(noun: "food item") },
      cloud: "cloud (a store)", afterSteps: "after the steps: every device syncs twice, in order")
    return (story, names)
  }
}

extension RetentionScenario {
  /// The run of devices exchanging all their data with the cloud's, retention passes between,
  /// drawn (`RetentionRun`).
  package func story(_ system: SystemLayers, settling: Bool = false) -> (SyncStory, SyncStory.Names)? {
    guard
      let story = SyncStory.told(by: { try RetentionRun.run(self, system, settling: settling, drawing: &$0) })
    else { return nil }
    let steps = self.steps
    let names = SyncStory.Names(
      device: { "device \($0) (its data)" }, step: { steps[$0].words }, cloud: "cloud (the data)",
      afterSteps: "after the steps: every device syncs twice, in order")
    return (story, names)
  }
}

extension SharedDevicesScenario {
  /// The run of the shared phones through the cloud, drawn (`SharedDevicesRun`).
  package func story(_ system: SystemLayers) -> (SyncStory, SyncStory.Names)? {
    phonesStory(SharedDevicesRun.self, system, noun: "food item", unit: " kcal")
  }

  /// The run of the shared phones as `Run` runs it (an app's collection's: `AppPhonesRun`), drawn.
  func phonesStory<Run: CloudWorldRun>(_: Run.Type, _ system: SystemLayers, noun: String, unit: String) -> (
    SyncStory, SyncStory.Names
  )?
  where Run.Input == SharedDevicesScenario {
    guard let story = SyncStory.recorded(Run.self, self, system, faults: faults) else {
      return nil
    }
    let steps = self.steps
    let names = SyncStory.Names(
      device: { "phone \($0) (queue, store)" }, step: { steps[$0].words(noun: noun, unit: unit) },
      cloud: SyncStory.cloudName(system),
      afterSteps: "after the steps: faults stop, each signed-in phone syncs until quiet and signs out")
    return (story, names)
  }
}

extension ParityScenario {
  /// The run of the iPhone and the Android phone through the cloud, drawn (`ParityRun`).
  package func story(_ system: SystemLayers) -> (SyncStory, SyncStory.Names)? {
    guard let story = SyncStory.recorded(ParityRun.self, self, system, faults: FaultPlan()) else {
      return nil
    }
    let steps = self.steps
    let names = SyncStory.Names(
      device: { $0 == 0 ? "iPhone (CountMeCore's sync)" : "Android phone (the harness's)" },
      step: { steps[$0].words }, cloud: SyncStory.cloudName(system),
      afterSteps: "after the steps: the iPhone is online, both phones sync twice")
    return (story, names)
  }
}
