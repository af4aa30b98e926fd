import CountMeContract
import CountMeGenerators
import CountMeWorlds
import FirestoreCloud
import Foundation
import Generators
import PropertyHarness

extension Parity {
  /// Seed 003, 1.3: the iOS app stores a log's date as the Android client does, an epoch day.
  ///
  /// Seed 003, 1.3 (and 1.6): the iOS app stores a log's date as the Android client does, an epoch
  /// day (days since 1970-01-01 in the user's zone at the moment of saving), and its time as
  /// seconds; reading the document back in that zone gives the first instant of that day and the
  /// whole second.
  ///
  /// The oracle (`LocalDays`, the harness's arithmetic from the definition): `date` is the integer
  /// ⌊(s + offset) / 86,400⌋, s the instant's whole seconds toward the past and offset the zone's
  /// at that instant; `updatedAt` the integer s (a time outside years 1–9999 written as the nearest
  /// second Firestore stores). Read back: a whole second on that local day whose second before is
  /// on an earlier day (a fixed offset's local midnight exactly; where clocks skip midnight, the
  /// instant they jump past it), and `updatedAt`'s second. Every local second of years 1 to 9999
  /// in every offset from −12:00 to +14:00, and instants around the offset changes of real zones.
  static let dateIsLocalEpochDay = PropertySpec(
    id: "X1.3", name: "A log's date is the epoch day of its local day, its time whole seconds",
    validates: ["1.3", "1.6"], judges: [.androidFormat], killBudget: 2_000,
    generator: { _ in Gen.zonedInstant },
    encode: \.json, decode: { json, _ in try ZonedInstant(json: json, path: "input") },
    expect: { _ in
      .holds("the document holds the instant's local day and whole second, read back as its day's start")
    },
    observe: observeDateIsLocalEpochDay
  ).erased

  static func observeDateIsLocalEpochDay(_ input: ZonedInstant, _ system: SystemLayers) -> Observation {
    var log = DailyLogArguments()
    (log.userId, log.date, log.lastModified) = ("u1", input.date, input.date)
    let zone = input.zone, when = FirestoreTime.text(input.date)
    let document: Document
    switch written(log, in: zone, system) {
    case .success(let value): document = value
    case .failure(let failure): return .broke(failure.message)
    }
    let day = LocalDays.day(input.date, in: zone), second = LocalDays.wholeSecond(input.date)
    guard case .integer(let writtenDay)? = document["date"] else {
      return .broke(
        "a log saved at \(when) in \(zone.name) has date \(describe(document["date"])), not an integer")
    }
    guard writtenDay == day else {
      return .broke(
        "a log saved at \(when) in \(zone.name) was written as day \(writtenDay), not its local day \(day)")
    }
    guard case .integer(let writtenSecond)? = document["updatedAt"], writtenSecond == second else {
      return .broke(
        "a log changed at \(when) has updatedAt \(describe(document["updatedAt"])), not the whole second \(second)"
      )
    }
    let read: LogDocumentArguments
    do {
      read = try system.androidFormat.decodeAndroidDailyLog(document.dictionary, readIn: zone.timeZone)
    } catch {
      return .broke(
        "reading back the log saved at \(when) in \(zone.name) threw \(ModelProperties.describe(error))")
    }
    if let problem = LocalDays.startProblem(read.date, day: day, in: zone) { return .broke(problem) }
    guard let parts = FirestoreTime.parts(of: read.lastModified), parts.seconds == second,
      parts.nanoseconds == 0
    else {
      return .broke(
        "updatedAt \(second) was read back as \(FirestoreTime.text(read.lastModified)), not that whole second"
      )
    }
    return .holds
  }

  /// A document value as Firestore's REST API prints it, or "nothing".
  static func describe(_ value: DocumentValue?) -> String {
    value.map { FirestoreREST.encode($0).text() } ?? "nothing"
  }
}
