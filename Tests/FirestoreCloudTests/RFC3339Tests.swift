import CountMeCore
import Testing

@testable import FirestoreCloud

@Suite("RFC 3339")
struct RFC3339Tests {
  @Test(
    "formats timestamps in UTC, trimming the fraction",
    arguments: [
      (Timestamp(seconds: 0, nanoseconds: 0), "1970-01-01T00:00:00Z"),
      (Timestamp(seconds: 1_768_809_600, nanoseconds: 125_000_000), "2026-01-19T08:00:00.125Z"),
      (Timestamp(seconds: 951_782_400, nanoseconds: 1), "2000-02-29T00:00:00.000000001Z"),
      (Timestamp(seconds: -1, nanoseconds: 500_000_000), "1969-12-31T23:59:59.5Z"),
      (Timestamp(seconds: Timestamp.minSeconds, nanoseconds: 0), "0001-01-01T00:00:00Z"),
      (Timestamp(seconds: Timestamp.maxSeconds, nanoseconds: 999_999_999), "9999-12-31T23:59:59.999999999Z"),
    ])
  func format(timestamp: Timestamp, text: String) {
    #expect(RFC3339.format(timestamp) == text)
    #expect(RFC3339.parse(text) == timestamp)
  }

  @Test("a year past Firestore's range gets all its digits, and does not parse back")
  func beyondRange() {
    let text = RFC3339.format(Timestamp(seconds: Timestamp.maxSeconds + 1, nanoseconds: 10))
    #expect(text == "10000-01-01T00:00:00.00000001Z")
    #expect(RFC3339.parse(text) == nil)
  }

  @Test("parses offsets and lower-case separators")
  func offsets() {
    #expect(RFC3339.parse("2026-01-19T09:00:00+01:00") == Timestamp(seconds: 1_768_809_600, nanoseconds: 0))
    #expect(
      RFC3339.parse("2026-01-19t08:00:00.5z") == Timestamp(seconds: 1_768_809_600, nanoseconds: 500_000_000))
  }

  @Test(
    "rejects what is not a valid time",
    arguments: [
      "", "2026-01-19", "2026-02-30T00:00:00Z", "2025-02-29T00:00:00Z", "2026-01-19T24:00:00Z",
      "2026-01-19T08:00:00",
      "2026-01-19T08:00:00.Z", "2026-01-19 08:00:00Z", "yesterday", "2026-01-19T08:00:00Zjunk",
      // Found by fuzzing the command: ten fraction digits trapped the process; +99:99 was accepted.
      "2026-01-19T08:00:00.1234567890Z", "2026-01-19T08:00:00.123456789012345678901234567890Z",
      "2026-01-19T08:00:00+99:99", "2026-01-19T08:00:00+24:00", "2026-01-19T08:00:00-00:60",
    ])
  func rejects(text: String) {
    #expect(RFC3339.parse(text) == nil)
  }

  @Test("every day from 1900 to 2100 formats and parses back")
  func calendar() {
    var day: Int64 = -25_567
    while day < 47_482 {
      let stamp = Timestamp(seconds: day * 86_400 + 3_723, nanoseconds: 0)
      #expect(RFC3339.parse(RFC3339.format(stamp)) == stamp, "day \(day)")
      day += 1
    }
  }
}
