import CountMeContract
import CountMeCore
import CountMeGenerators
import CountMeWorlds
import FirestoreCloud
import Foundation
import Generators
import PropertyHarness

extension Hardening {
  /// Property 27 (ours): a model's date is written as the Firestore timestamp that names it, and a
  /// date Firestore cannot store as the nearest one it can.
  ///
  /// The oracle, written out from the specification (seconds since 1970 and nanoseconds within,
  /// years 1 to 9999) with the harness's own arithmetic (`FirestoreTime`), never CountMeCore's
  /// `Timestamp`:
  /// - a date in range: the parts with the fewest fraction digits (whole seconds, then ms, µs) that
  ///   name it exactly, else rounded to the nanosecond; one that rounds up to 10000-01-01 is
  ///   9999-12-31T23:59:59.999999999Z;
  /// - before 0001-01-01 (or −infinity): 0001-01-01T00:00:00Z; from 10000-01-01 (or +infinity):
  ///   9999-12-31T23:59:59.999999999Z;
  /// - NaN: 2001-01-01T00:00:00Z, the `Date` of interval 0, as the documented choice.
  ///
  /// The stamp written also sorts as the spec orders time: strictly, by seconds then nanoseconds
  /// (`orderProblem`).
  static let dateBecomesTimestamp = PropertySpec(
    id: "P27", name: "A date is written as the Firestore timestamp that names it", validates: ["6.8"],
    judges: [.codec], killBudget: 2_000,
    generator: { _ in Gen.anyDate.map { Tagged($0, tags: dateTags($0)) } },
    encode: { .object([("sinceReferenceDate", .number($0.timeIntervalSinceReferenceDate))]) },
    decode: { json, _ in
      guard let seconds = json["sinceReferenceDate"]?.numberValue else {
        throw InputDecodingError(
          path: "input.sinceReferenceDate", problem: "expected a number, NaN or ±Infinity")
      }
      return Date(timeIntervalSinceReferenceDate: seconds)
    },
    expect: { _ in .holds("the timestamp written names the date, or the nearest one Firestore stores") },
    observe: observeDateBecomesTimestamp
  ).erased

  static func observeDateBecomesTimestamp(_ date: Date, _ system: SystemLayers) -> Observation {
    var item = FoodItemArguments()
    (item.name, item.userId, item.timestamp) = ("Apple", "uid", date)
    let written: [String: Any]
    do {
      written = try system.codec.encodeFoodItem(item)
    } catch {
      return .broke(
        "writing a food item dated \(date.timeIntervalSinceReferenceDate) threw \(ModelProperties.describe(error))"
      )
    }
    guard let stamp = written["timestamp"] as? Timestamp else {
      return .broke(
        "the food item's timestamp field is \(String(describing: written["timestamp"])), not a timestamp")
    }
    let expected = expectedStamp(date)
    guard stamp.seconds == expected.seconds, stamp.nanoseconds == expected.nanoseconds else {
      return .broke(
        "a date \(date.timeIntervalSinceReferenceDate) s after 2001 was written as \(stamp.seconds) s "
          + "\(stamp.nanoseconds) ns, not \(expected.seconds) s \(expected.nanoseconds) ns")
    }
    return orderProblem(stamp).map { .broke($0) } ?? .holds
  }

  /// The order `Timestamp` declares (`Comparable`, the order reports and files sort in) is the
  /// spec's: by seconds, then nanoseconds, and strict.
  ///
  /// Checked at the stamp written and at the next nanosecond, so an order that puts a stamp before itself or
  /// after its successor is caught.
  static func orderProblem(_ stamp: Timestamp) -> String? {
    let next =
      stamp.nanoseconds < 999_999_999
      ? Timestamp(seconds: stamp.seconds, nanoseconds: stamp.nanoseconds + 1)
      : Timestamp(seconds: stamp.seconds + 1, nanoseconds: 0)
    let name = "\(stamp.seconds) s \(stamp.nanoseconds) ns"
    if stamp < stamp { return "the timestamp \(name) sorts before itself" }
    if !(stamp < next) { return "the timestamp \(name) does not sort before the next nanosecond" }
    if next < stamp { return "the next nanosecond after \(name) sorts before it" }
    return nil
  }

  /// The timestamp the specification gives `date` (see `dateBecomesTimestamp`).
  static func expectedStamp(_ date: Date) -> (seconds: Int64, nanoseconds: Int32) {
    let interval = date.timeIntervalSinceReferenceDate
    let first = (FirestoreTime.firstSecond, Int32(0)), last = (FirestoreTime.lastSecond, Int32(999_999_999))
    if interval.isNaN { return (FirestoreTime.secondsFrom1970To2001, 0) }
    if interval < FirestoreTime.firstSecondSince2001 { return first }
    if interval >= FirestoreTime.lastSecondSince2001 + 1 { return last }
    guard let parts = FirestoreTime.parts(of: date), parts.seconds <= FirestoreTime.lastSecond else {
      return last
    }
    return (parts.seconds, parts.nanoseconds)
  }

  /// Where a date lies: in Firestore's range or not, finer than a nanosecond or not.
  static func dateTags(_ date: Date) -> [String] {
    let interval = date.timeIntervalSinceReferenceDate
    guard interval.isFinite else { return ["Date.notFinite"] }
    if interval < FirestoreTime.firstSecondSince2001 {
      return ["Date.beforeYear1"]
    }
    if interval >= FirestoreTime.lastSecondSince2001 {
      return ["Date.lastSecondOrLater"]
    }
    return interval.magnitude < 86_401 ? ["Date.near2001"] : ["Date.inRange"]
  }
}
