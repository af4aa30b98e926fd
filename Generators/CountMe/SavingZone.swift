import FirestoreCloud
import Foundation
import Generators

/// The time zone a device is in when it saves or reads a daily log.
///
/// The time zone a device is in when it saves or reads a daily log (seed 003: a log's day is a
/// local day): a fixed offset from UTC, or a zone of the tz database, whose offset changes.
package enum SavingZone: Sendable, Hashable {
  /// A fixed offset, in minutes east of UTC (`-720...840`, −12:00 to +14:00).
  case offset(minutes: Int)
  /// A zone of the tz database by its identifier, e.g. `America/Havana`.
  case named(String)

  /// 0001-01-01 and 9999-12-31 as epoch days: the first and last day Firestore's timestamps reach.
  package static let firstDay: Int64 = FirestoreTime.firstSecond / 86_400
  /// See `firstDay`.
  package static let lastDay: Int64 = (FirestoreTime.lastSecond + 1) / 86_400 - 1

  /// The offsets the world uses, −12:00 to +14:00, in minutes.
  static let offsets = -720...840

  /// Real zones with the daylight-saving changes a day's start trips on.
  ///
  /// At midnight (São Paulo and Santiago skip it, Havana repeats it), at 24:00 (Tehran), by half an hour
  /// (Lord Howe), a negative one (Dublin), one 45 minutes off the hour (Chatham), a day skipped (Apia,
  /// 2011-12-30), and two of the most common.
  static let realZones = [
    "America/Sao_Paulo", "America/Santiago", "America/Havana", "Asia/Tehran", "Australia/Lord_Howe",
    "Europe/Dublin", "Pacific/Chatham", "Pacific/Apia", "America/New_York", "Europe/London",
  ]

  /// The Foundation zone, or UTC for an identifier this machine does not know.
  ///
  /// The Foundation zone: `TimeZone(secondsFromGMT:)` or `TimeZone(identifier:)`; UTC for an
  /// identifier this machine does not know (`SavingZone(name:)` refuses those, and a test holds
  /// every zone of `realZones` to being known).
  package var timeZone: TimeZone {
    switch self {
    case .offset(let minutes): return TimeZone(secondsFromGMT: minutes * 60) ?? .gmt
    case .named(let identifier): return TimeZone(identifier: identifier) ?? .gmt
    }
  }

  /// Seconds east of UTC at `date`: a fixed offset's own minutes, a named zone's offset then.
  package func offsetSeconds(at date: Date) -> Int {
    switch self {
    case .offset(let minutes): return minutes * 60
    case .named: return timeZone.secondsFromGMT(for: date)
    }
  }

  /// Its tag: `Zone.offset`, or `Zone.named.<identifier>`.
  package var tag: String {
    switch self {
    case .offset: return "Zone.offset"
    case .named(let identifier): return "Zone.named.\(identifier)"
    }
  }

  /// How inputs and reports name it: `+05:30`, `-12:00`, or the identifier.
  package var name: String {
    switch self {
    case .offset(let minutes):
      let sign = minutes < 0 ? "-" : "+"
      let hours = String(minutes.magnitude / 60), rest = String(minutes.magnitude % 60)
      return sign + String(repeating: "0", count: 2 - hours.count) + hours + ":"
        + String(repeating: "0", count: 2 - rest.count) + rest
    case .named(let identifier): return identifier
    }
  }

  /// The zone `name` names: `±HH:MM` within `offsets`, or an identifier this machine knows; nil
  /// for anything else.
  package init?(name: String) {
    let characters = Array(name)
    if characters.count == 6, characters[0] == "+" || characters[0] == "-", characters[3] == ":",
      let hours = Int(String(characters[1...2])), let minutes = Int(String(characters[4...5])),
      characters[1...2].allSatisfy(\.isASCII), characters[4...5].allSatisfy(\.isASCII), minutes < 60
    {
      let total = (characters[0] == "-" ? -1 : 1) * (hours * 60 + minutes)
      guard Self.offsets.contains(total) else { return nil }
      self = .offset(minutes: total)
      return
    }
    guard TimeZone(identifier: name) != nil else { return nil }
    self = .named(name)
  }
}

extension Gen {
  /// A zone: a fixed offset (any minute from −12:00 to +14:00, often an edge or a real one), or
  /// one of `SavingZone.realZones`.
  package static let savingZone: Generator<SavingZone> = frequency([
    (
      3,
      biased(
        toward: [-720, 840, 0, 330, 345, 765, -570], probability: 0.4,
        otherwise: int(in: SavingZone.offsets, shrinkingToward: 0)
      ).map { SavingZone.offset(minutes: $0) }
    ),
    (2, element(of: SavingZone.realZones).map { SavingZone.named($0) }),
  ])
}

/// An instant and the zone a device is in at it: the input of X1.3.
package struct ZonedInstant: Sendable, Equatable {
  /// The device's zone.
  package var zone: SavingZone
  /// The instant.
  package var date: Date

  /// Creates a `ZonedInstant` from its parts.
  package init(zone: SavingZone, date: Date) {
    self.zone = zone
    self.date = date
  }
}

extension Gen {
  /// An instant in a zone, often at a day's edge.
  ///
  /// An instant in a zone: in a fixed offset, any local second of years 1 to 9999 (often the
  /// first or last day, 1970's edges, a second either side of midnight, 23:30); in a real zone,
  /// an instant within two days of one of its offset changes between 1900 and 2037 (often the
  /// change itself, a second either side, an hour or a day away).
  package static let zonedInstant: Generator<Tagged<ZonedInstant>> = savingZone.flatMap { zone in
    let fraction = biased(
      toward: [0, 999_999_999, 500_000_000], probability: 0.5, otherwise: int(in: 0...999_999_999))
    switch zone {
    case .offset(let minutes):
      let day = biased(
        toward: [Int(SavingZone.firstDay), Int(SavingZone.lastDay), 0, -1, 19_792], probability: 0.3,
        otherwise: int(in: Int(SavingZone.firstDay)...Int(SavingZone.lastDay), shrinkingToward: 0))
      let second = biased(toward: [0, 86_399, 84_600, 1], probability: 0.5, otherwise: int(in: 0...86_399))
      return zip(zip(day, second), fraction).map { daySecond, nanoseconds in
        let (day, second) = daySecond
        let seconds = Int64(day) * 86_400 + Int64(second) - Int64(minutes) * 60
        let date = FirestoreTime.date(seconds: seconds, nanoseconds: Int32(nanoseconds))
        return Tagged(ZonedInstant(zone: zone, date: date), tags: [zone.tag] + dayTags(day, second))
      }
    case .named(let identifier):
      let year = biased(toward: [2010, 2011, 1970, 2037], probability: 0.3, otherwise: int(in: 1900...2037))
      let delta = biased(
        toward: [0, -1, 1, -3_600, 3_600, -86_400, 86_400], probability: 0.5,
        otherwise: int(in: -172_800...172_800, shrinkingToward: 0))
      return zip(zip(year, delta), fraction).map { yearDelta, nanoseconds in
        let (year, delta) = yearDelta
        let change = transition(in: zone.timeZone, year: year)
        let date = FirestoreTime.date(seconds: change + Int64(delta), nanoseconds: Int32(nanoseconds))
        return Tagged(
          ZonedInstant(zone: zone, date: date),
          tags: [zone.tag] + (delta.magnitude <= 1 ? ["Instant.atOffsetChange"] : []))
      }
    }
  }

  /// The first change of `zone`'s offset on or after 1 January of `year` (UTC), in seconds since
  /// 1970; that day's start when there is none.
  static func transition(in zone: TimeZone, year: Int) -> Int64 {
    // Days from 1970 to 1 January of `year`, by the Gregorian leap rule.
    let before = Int64(year - 1)
    let days = 365 * (before - 1_969) + (before / 4 - 492) - (before / 100 - 19) + (before / 400 - 4)
    let start = Date(timeIntervalSince1970: Double(days * 86_400))
    guard let change = zone.nextDaylightSavingTimeTransition(after: start) else { return days * 86_400 }
    return Int64(change.timeIntervalSince1970.rounded(.down))
  }

  static func dayTags(_ day: Int, _ second: Int) -> [String] {
    var tags: [String] = []
    if day == Int(SavingZone.firstDay) { tags.append("Day.first") }
    if day == Int(SavingZone.lastDay) { tags.append("Day.last") }
    if day < 0 { tags.append("Day.before1970") }
    if second == 0 || second == 86_399 { tags.append("Second.midnightEdge") }
    return tags
  }
}
