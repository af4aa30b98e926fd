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

  @Test("the time Firestore stores is to the microsecond, toward the past, and reads back as itself")
  func storedTime() {
    // NB: a Date near 2026 resolves about 119 ns, so the noise below the microsecond is 500 ns.
    let noisy = Timestamp(seconds: 1_767_225_600, nanoseconds: 2_000_500).dateValue()
    #expect(
      Timestamp(date: noisy).nanoseconds / 1_000 == 2_000 && Timestamp(date: noisy).nanoseconds % 1_000 != 0)
    let stored = Timestamp.storedTime(noisy)
    #expect(Timestamp(date: stored) == Timestamp(seconds: 1_767_225_600, nanoseconds: 2_000_000))
    #expect(Timestamp.storedTime(stored) == stored)
    let before1970 = Timestamp(seconds: -1, nanoseconds: 999_990_700).dateValue()
    #expect(
      Timestamp(date: Timestamp.storedTime(before1970)) == Timestamp(seconds: -1, nanoseconds: 999_990_000))
  }
}
