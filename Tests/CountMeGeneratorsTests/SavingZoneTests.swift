import Foundation
import Testing

@testable import CountMeGenerators
@testable import Generators

@Suite("Saving zones")
struct SavingZoneTests {
  @Test("every real zone the generators draw is one this machine knows, never a silent UTC")
  func realZonesKnown() {
    for identifier in SavingZone.realZones {
      #expect(
        TimeZone(identifier: identifier) != nil, "\(identifier) is unknown here: it would be read as UTC")
      #expect(SavingZone(name: identifier) == .named(identifier))
    }
  }

  @Test("a fixed offset is named ±HH:MM and read back; one beyond -12:00…+14:00 is refused")
  func offsets() {
    for minutes in [-720, -570, 0, 345, 840] {
      #expect(SavingZone(name: SavingZone.offset(minutes: minutes).name) == .offset(minutes: minutes))
    }
    #expect(
      SavingZone.offset(minutes: 345).name == "+05:45" && SavingZone.offset(minutes: -570).name == "-09:30")
    #expect(
      SavingZone(name: "+14:01") == nil && SavingZone(name: "-12:30") == nil
        && SavingZone(name: "+5:45") == nil)
  }
}
