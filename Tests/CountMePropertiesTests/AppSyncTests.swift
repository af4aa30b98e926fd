import CountMeContract
import CountMeCore
import CountMeProperties
import CountMeWorlds
import Foundation
import PropertyHarness
import Testing

/// CountMe's food items, described as any app's collection is.
extension FoodItem: DescribedEntity {
  /// `CountMeCollections.foodItems`.
  public static var collectionDescription: CollectionDescription<FoodItem> { CountMeCollections.foodItems }
}

/// CountMeCore's device sync and shared phones of food items, as an app that adopted them would bring them.
struct AdoptedFoodSync: AppDeviceSyncLayer, AppAccountsLayer {
  var borrowedLayers: [Layer] { [.queue] }

  func makeSync(uid: String, queue: any SyncQueueing) -> any DeviceSyncUnderTest<FoodItem> {
    CollectionSync<FoodItem>(uid: uid, queue: queue)
  }

  func migrate(_ guest: EntityStore<FoodItem>, uid: String, queue: any SyncQueueing, now: Date)
    -> any DeviceSyncUnderTest<FoodItem>
  {
    CollectionSync(uid: uid, queue: queue, migrating: guest)
  }

  func makeSharedDevice(queue: any SyncQueueing) -> any SharedDeviceUnderTest<FoodItem> {
    SharedDevice<FoodItem>(queue: queue)
  }
}

/// The sync properties and the decoder audit through the description path, on CountMe's own collections.
@Suite("Any app's collections: CountMe's own, through their descriptions")
struct AppSyncTests {
  @Test(
    "food items, described, keep every sync property AppSync runs, through CountMeCore's device sync and phones"
  )
  func foodItemsThroughTheirDescription() throws {
    var settings = RunSettings(seed: 0xC0FFEE, cases: 100)
    settings.jobs = 2
    let report = try AppSync.run(FoodItem.self, on: AdoptedFoodSync(), settings: settings)
    for property in report.properties where property.failure != nil {
      Issue.record("\(property.id): \(property.failure?.observed ?? "")")
    }
    #expect(report.properties.map(\.id) == AppSync.propertyIDs)
    #expect(AppSync.propertyIDs.count == 19)
    // The shared phones ask an app's `edited` for this many slots (docs/contract.md says so).
    #expect(SharedDevicesRun.allIds.count == 111)
    #expect(
      SharedDevicesRun.allIds.enumerated().allSatisfy { SharedDevicesRun.index($1.owner, $1.slot) == $0 })
  }

  @Test(
    "CountMeCore's decoders read each of CountMe's documents as written, in every shape, or refuse it broken")
  func countMeDecoders() throws {
    let audits = [
      AnyProperty(try DecoderAudit.property(of: CountMeCollections.foodItems)),
      AnyProperty(try DecoderAudit.property(of: CountMeCollections.exerciseItems)),
      AnyProperty(try DecoderAudit.property(of: CountMeCollections.customMeals)),
      AnyProperty(try DecoderAudit.property(of: CountMeCollections.goal)),
      AnyProperty(try DecoderAudit.property(of: CountMeCollections.dailyLogs)),
    ]
    let report = Runner.run(audits, settings: RunSettings(seed: 0xC0FFEE, cases: 500))
    for property in report.properties where property.failure != nil {
      Issue.record(
        "\(property.name): \(property.failure?.observed ?? "") \(property.failure?.counterexample.text() ?? "")"
      )
    }
  }
}
