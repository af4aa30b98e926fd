import CloudFake
import CountMeCore
import Foundation
import Generators
import Testing

@testable import CountMeProperties

@Suite("Devices syncing each collection through the cloud")
struct CloudDevicesRunTests {
  /// Device 0 makes slot 0 120 kcal and slot 1 80 kcal, another client breaks slot 2's document
  /// (`damage`), device 0 deletes slot 1, and both devices sync.
  static func input(_ type: EntityType, damage: DevicesScenario.Damage = .wrongType) -> CloudDevicesInput {
    let steps: [DevicesScenario.Step] = [
      .edit(device: 0, slot: 0, calories: 120), .edit(device: 0, slot: 1, calories: 80),
      .corrupt(slot: 2, damage: damage), .sync(device: 0), .delete(device: 0, slot: 1), .sync(device: 1),
    ]
    return CloudDevicesInput(
      scenario: DevicesScenario(skews: [0, 0], steps: steps), faults: FaultPlan(), entityType: type)
  }

  @Test(
    "every collection's versions reach the cloud and the other device, read back by the harness",
    arguments: CloudDevicesRun.entityTypes)
  func syncs(_ type: EntityType) throws {
    let run = try CloudDevicesRun.run(Self.input(type), ReferenceSystem())
    guard case .live(let version) = run.finalCloud[0] else {
      Issue.record("the cloud holds slot 0 \(run.finalCloud[0])")
      return
    }
    #expect(version.calories == 120 && version.userId == CloudDevicesRun.uid)
    #expect(run.finalCloud[1] == .deleted && run.finalCloud[2] == .unreadable && run.finalCloud[3] == .absent)
    for device in run.finalDevices {
      #expect(device[0] == run.finalCloud[0] && device[1] == .deleted && device[2] == .absent)
    }
    #expect(run.entityType == type && run.path(0).collection == type.collection)
  }

  @Test(
    "every kind of damage makes a document the harness reads as unreadable, and the device skips it",
    arguments: CloudDevicesRun.entityTypes)
  func damaged(_ type: EntityType) throws {
    for damage in DevicesScenario.Damage.allCases {
      let run = try CloudDevicesRun.run(Self.input(type, damage: damage), ReferenceSystem())
      #expect(run.finalCloud[2] == .unreadable, "\(damage)")
      let first = try #require(run.passes.first)
      #expect(first.skipped.map(\.path) == [run.path(2)], "\(damage)")
    }
  }

  @Test("the collection is kept in a case file, food items by omission, and an unknown one is refused")
  func json() throws {
    for type in CloudDevicesRun.entityTypes {
      let input = Self.input(type)
      #expect(try CloudDevicesInput(json: input.json) == input)
      guard case .object(let members) = input.json else { continue }
      #expect(members.contains { $0.0 == "collection" } == (type != .foodItem))
    }
    guard case .object(var members) = Self.input(.foodItem).json else { return }
    members.append(("collection", .string("dailyLogs")))
    #expect(throws: InputDecodingError.self) { try CloudDevicesInput(json: .object(members)) }
  }
}
