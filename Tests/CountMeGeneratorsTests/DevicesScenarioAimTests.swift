import Testing

@testable import CountMeGenerators
@testable import Generators

@Suite("Devices scenarios aimed at stale writes")
struct DevicesScenarioAimTests {
  typealias Step = DevicesScenario.Step

  @Test("each edit is followed by its device's sync, each stale write aimed at the item edited last")
  func staleWritesAtEdits() {
    let steps: [Step] = [
      .writeStale(slot: 2), .edit(device: 1, slot: 3, calories: 5), .advance(milliseconds: 1),
      .writeStale(slot: 0), .delete(device: 0, slot: 1), .edit(device: 0, slot: 1, calories: 7),
      .goOffline(device: 0), .writeStale(slot: 3), .sync(device: 1),
    ]
    #expect(
      Gen.aimingStaleWritesAtEdits(steps) == [
        .writeStale(slot: 2), .edit(device: 1, slot: 3, calories: 5), .sync(device: 1),
        .advance(milliseconds: 1), .writeStale(slot: 3), .delete(device: 0, slot: 1),
        .edit(device: 0, slot: 1, calories: 7), .sync(device: 0), .goOffline(device: 0),
        .writeStale(slot: 1), .sync(device: 1),
      ])
    #expect(Gen.aimingStaleWritesAtEdits([]) == [])
  }

  @Test("about half the scenarios are aimed; the others are the cloud scenarios' own")
  func aimsHalf() throws {
    var aimed = 0
    var plain = 0
    for seed in 0..<400 as Range<UInt64> {
      let base = try Gen.cloudDevicesScenario.generate(seed: seed).value
      let value = try Gen.cloudStaleScenario.generate(seed: seed).value
      let aim = DevicesScenario(skews: base.skews, steps: Gen.aimingStaleWritesAtEdits(base.steps))
      guard aim != base else { continue }
      if value == aim {
        aimed += 1
      } else {
        #expect(value == base, "seed \(seed)")
        plain += 1
      }
    }
    #expect(aimed + plain > 300 && abs(aimed - plain) < (aimed + plain) / 5, "\(aimed) aimed, \(plain) not")
  }
}
