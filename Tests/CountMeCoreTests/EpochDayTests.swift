import Foundation
import Testing

@testable import CountMeCore

@Suite("Epoch days")
struct EpochDayTests {
  static let utc = TimeZone.gmt

  @Test(
    "a UTC instant's day, counted from 1970-01-01 (days worked out by hand)",
    arguments: [
      (0.0, Int64(0)), (-1, -1), (86_399, 0), (86_400, 1), (951_868_800, 11_017),  // 2000-03-01
      (-62_135_596_800, -719_162),  // 0001-01-01
      (253_402_300_799, 2_932_896),  // 9999-12-31T23:59:59
    ])
  func utcDays(secondsSince1970: Double, day: Int64) {
    #expect(EpochDay.of(Date(timeIntervalSince1970: secondsSince1970), in: Self.utc) == day)
  }

  @Test("23:30 local time is that local day, whichever day it is in UTC")
  func localDay() throws {
    // 2024-03-10T23:30-05:00 is 2024-03-11T04:30Z; 2024-03-10 is day 19,792.
    let minusFive = try #require(TimeZone(secondsFromGMT: -5 * 3_600))
    let instant = Date(timeIntervalSince1970: 1_710_131_400)
    #expect(EpochDay.of(instant, in: minusFive) == 19_792)
    #expect(EpochDay.of(instant, in: Self.utc) == 19_793)
    // A fraction of a second before midnight is still the day before.
    #expect(EpochDay.of(Date(timeIntervalSince1970: -0.25), in: Self.utc) == -1)
  }

  @Test("a day starts at its local midnight")
  func plainStart() throws {
    let plusFourteen = try #require(TimeZone(secondsFromGMT: 14 * 3_600))
    #expect(EpochDay.start(of: 0, in: Self.utc) == Date(timeIntervalSince1970: 0))
    #expect(EpochDay.start(of: 1, in: plusFourteen) == Date(timeIntervalSince1970: 86_400 - 50_400))
    #expect(EpochDay.start(of: EpochDay.first, in: Self.utc) == Date(timeIntervalSince1970: -62_135_596_800))
  }

  @Test("where clocks skip midnight the day starts when they jump past it (São Paulo, 2010-10-17)")
  func skippedMidnight() throws {
    let zone = try #require(TimeZone(identifier: "America/Sao_Paulo"))
    // At 2010-10-17T03:00Z the clocks went from 00:00 to 01:00 (-03:00 to -02:00).
    #expect(EpochDay.start(of: 14_899, in: zone) == Date(timeIntervalSince1970: 1_287_284_400))
    #expect(EpochDay.of(Date(timeIntervalSince1970: 1_287_284_399), in: zone) == 14_898)
  }

  @Test("where midnight happens twice the day starts at the first (Havana, 2010-10-31)")
  func repeatedMidnight() throws {
    let zone = try #require(TimeZone(identifier: "America/Havana"))
    // 00:00 at -04:00 is 04:00Z; at 05:00Z (01:00) the clocks went back to 00:00 at -05:00.
    #expect(EpochDay.start(of: 14_913, in: zone) == Date(timeIntervalSince1970: 1_288_497_600))
  }

  @Test("a day the zone skipped starts where the next one does (Apia, 2011-12-30)")
  func skippedDay() throws {
    let zone = try #require(TimeZone(identifier: "Pacific/Apia"))
    // 2011-12-29T23:59:59-10:00 was followed by 2011-12-31T00:00:00+14:00 (2011-12-30T10:00Z).
    let next = Date(timeIntervalSince1970: 1_325_239_200)
    #expect(EpochDay.start(of: 15_338, in: zone) == next)
    #expect(EpochDay.start(of: 15_339, in: zone) == next)
  }
}
