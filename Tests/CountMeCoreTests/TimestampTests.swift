import Foundation
import Testing

@testable import CountMeCore

@Suite("Timestamp")
struct TimestampTests {
  @Test("seconds and nanoseconds are split from a date exactly")
  func split() {
    let stamp = Timestamp(date: Date(timeIntervalSince1970: 1_768_809_600.125))
    #expect(stamp == Timestamp(seconds: 1_768_809_600, nanoseconds: 125_000_000))
    let before1970 = Timestamp(date: Date(timeIntervalSince1970: -1.5))
    #expect(before1970 == Timestamp(seconds: -2, nanoseconds: 500_000_000))
  }

  @Test(
    "a date survives the round trip exactly",
    arguments: [1_768_809_600.123456, 0, -1_000_000_000.75, 4_102_444_799.999999, 1_000_000_000.000_000_1])
  func roundTrip(secondsSince1970: Double) {
    let date = Date(timeIntervalSince1970: secondsSince1970)
    #expect(Timestamp(date: date).dateValue() == date)
  }

  @Test(
    "dates Firestore can't hold are clamped, never trapped on",
    arguments: [1e20, -1e20, Double.infinity, -.infinity, .nan])
  func clamps(sinceReference: Double) {
    // NB: the argument is the interval, not the Date: `Date.description` traps on a non-finite date.
    #expect(Timestamp(date: Date(timeIntervalSinceReferenceDate: sinceReference)).isInFirestoreRange)
  }
}
