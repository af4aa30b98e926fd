import CloudFake
import CountMeContract
import CountMeCore

/// An app's collection as the devices runs sync it: its entity type, its noun and its run.
///
/// What a property over `CloudDevicesInput`s needs to run on an app's collection instead of
/// CountMe's: the inputs' collection becomes `entityType`, and each input runs through
/// `DescribedModel` of the app's entity (`CloudDevicesRun.run(_:_:_:)`).
package struct CollectionRun: Sendable {
  /// The app's entity type: its collection.
  package let entityType: EntityType
  /// How reports name one: "note".
  package let noun: String
  private let runs: @Sendable (CloudDevicesInput, SystemLayers) throws -> CloudDevicesRun
  private let tells: @Sendable (CloudDevicesInput, SystemLayers) -> (SyncStory, SyncStory.Names)?
  private let phones: @Sendable (SharedDevicesScenario, SystemLayers) throws -> SharedDevicesRun
  private let tellsPhones: @Sendable (SharedDevicesScenario, SystemLayers) -> (SyncStory, SyncStory.Names)?

  /// The collection of `Entity`, whose description is valid (`CollectionDescription.validated()`).
  package init<Entity: DescribedEntity>(_: Entity.Type) {
    entityType = Entity.entityType
    noun = Entity.collectionDescription.noun
    runs = { input, system in try CloudDevicesRun.run(input, system, DescribedModel<Entity>.self) }
    let noun = noun
    tells = { input, system in
      input.recordedStory(AppCollectionRun<DescribedModel<Entity>>.self, system, noun: noun, unit: "")
    }
    phones = { scenario, system in try SharedDevicesRun.run(scenario, system, DescribedModel<Entity>.self) }
    tellsPhones = { scenario, system in
      scenario.phonesStory(AppPhonesRun<DescribedModel<Entity>>.self, system, noun: noun, unit: "")
    }
  }

  /// The shared phones' run of `scenario` through `system`, syncing this collection.
  package func run(_ scenario: SharedDevicesScenario, _ system: SystemLayers) throws -> SharedDevicesRun {
    try phones(scenario, system)
  }

  /// The shared phones' run of `scenario` drawn.
  package func story(_ scenario: SharedDevicesScenario, _ system: SystemLayers) -> (
    SyncStory, SyncStory.Names
  )? {
    tellsPhones(scenario, system)
  }

  /// `scenario` syncing this collection.
  package func syncing(_ scenario: SharedDevicesScenario) -> SharedDevicesScenario {
    var scenario = scenario
    scenario.collection = entityType
    return scenario
  }

  /// The run of `input` through `system` drawn, as a failure's diagram shows it.
  package func story(_ input: CloudDevicesInput, _ system: SystemLayers) -> (SyncStory, SyncStory.Names)? {
    tells(input, system)
  }

  /// The run of `input` through `system`, syncing this collection.
  package func run(_ input: CloudDevicesInput, _ system: SystemLayers) throws -> CloudDevicesRun {
    try runs(input, system)
  }

  /// `input` syncing this collection.
  package func syncing(_ input: CloudDevicesInput) -> CloudDevicesInput {
    var input = input
    input.entityType = entityType
    return input
  }
}

/// A devices run of an app's collection, as a story draws it.
struct AppCollectionRun<Model: DevicesRunModel>: CloudWorldRun {
  let record: CloudDevicesRun

  static func run<Cloud: SimulationCloud>(
    _ input: CloudDevicesInput, _ system: SystemLayers, on cloud: inout Cloud
  )
    throws -> AppCollectionRun
  {
    AppCollectionRun(record: try CloudDevicesRun.run(input, system, Model.self, on: &cloud))
  }

  var finalState: [String] { record.finalState }
}
