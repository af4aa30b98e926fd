import CountMeCore
import CountMeGenerators
import FirestoreCloud
import Foundation
import Generators
import PropertyHarness

/// One way a daily-log document breaks seed 003's schema (`docs/rules.md`, "Android parity"), and
/// the error a reader must answer with: the input of X1.6.
enum AndroidCorruption: String, Sendable, CaseIterable {
  case dayAsDouble, dayAsString, secondsAsDouble, secondsAsTimestamp
  case dayTooEarly, dayTooLate, secondsTooEarly, secondsTooLate
  case noId, noUserId, noDate, noFoodItemIds, noExerciseItemIds, noTotalCalories, noUpdatedAt
  case negativeCalories, notFiniteCalories, goalAboveMax, emptyUserId

  /// The field it breaks.
  var field: String {
    switch self {
    case .dayAsDouble, .dayAsString, .dayTooEarly, .dayTooLate, .noDate: return "date"
    case .secondsAsDouble, .secondsAsTimestamp, .secondsTooEarly, .secondsTooLate, .noUpdatedAt:
      return "updatedAt"
    case .noId: return "id"
    case .noUserId, .emptyUserId: return "userId"
    case .noFoodItemIds: return "foodItemIds"
    case .noExerciseItemIds: return "exerciseItemIds"
    case .noTotalCalories, .negativeCalories, .notFiniteCalories: return "totalCalories"
    case .goalAboveMax: return "dailyGoal"
    }
  }

  /// The error's kind (`missingField`, `wrongType` or `invalidData`) and, for `invalidData`, the rule.
  var expected: (kind: String, rule: ValidationRule?) {
    switch self {
    case .dayAsDouble, .dayAsString, .secondsAsDouble, .secondsAsTimestamp: return ("wrongType", nil)
    case .dayTooEarly, .dayTooLate, .secondsTooEarly, .secondsTooLate: return ("invalidData", .outOfRange)
    case .noId, .noUserId, .noDate, .noFoodItemIds, .noExerciseItemIds, .noTotalCalories, .noUpdatedAt:
      return ("missingField", nil)
    case .negativeCalories: return ("invalidData", .negative)
    case .notFiniteCalories: return ("invalidData", .nonFinite)
    case .goalAboveMax: return ("invalidData", .aboveMax)
    case .emptyUserId: return ("invalidData", .empty)
    }
  }

  /// `document` broken this way; `amount` (0 or more) says how far out of range a bound goes.
  func apply(to document: Document, amount: Int64) -> Document {
    var broken = document
    let day: Int64 = { if case .integer(let d)? = document["date"] { return d } else { return 0 } }()
    switch self {
    case .dayAsDouble: broken["date"] = .double(Double(day))
    case .dayAsString: broken["date"] = .string(String(day))
    case .secondsAsDouble: broken["updatedAt"] = .double(1_767_225_600)
    case .secondsAsTimestamp:
      broken["updatedAt"] = .timestamp(Timestamp(seconds: 1_767_225_600, nanoseconds: 0))
    // The readable days are the local dates of Firestore's instants in any zone: one day beyond
    // years 1 to 9999 either side.
    case .dayTooEarly: broken["date"] = .integer(SavingZone.firstDay - 2 - amount)
    case .dayTooLate: broken["date"] = .integer(SavingZone.lastDay + 2 + amount)
    case .secondsTooEarly: broken["updatedAt"] = .integer(FirestoreTime.firstSecond - 1 - amount)
    case .secondsTooLate: broken["updatedAt"] = .integer(FirestoreTime.lastSecond + 1 + amount)
    case .noId, .noUserId, .noDate, .noFoodItemIds, .noExerciseItemIds, .noTotalCalories, .noUpdatedAt:
      broken[field] = nil
    case .negativeCalories: broken["totalCalories"] = .double(-1 - Double(amount))
    case .notFiniteCalories: broken["totalCalories"] = .double(amount % 2 == 0 ? .nan : .infinity)
    case .goalAboveMax: broken["dailyGoal"] = .double(50_000.5 + Double(amount))
    case .emptyUserId: broken["userId"] = .string(amount % 2 == 0 ? "" : " \u{200B}")
    }
    return broken
  }
}

/// A document off the schema, how it was broken, and the zone it is read in.
struct BrokenAndroidLog: Sendable {
  var corruption: AndroidCorruption
  var document: Document
  var zone: SavingZone

  static let generator: Generator<Tagged<BrokenAndroidLog>> = Gen.zip(
    Gen.zip(Gen.androidLog, Gen.element(of: AndroidCorruption.allCases)),
    Gen.zip(Gen.biased(toward: [0], probability: 0.5, otherwise: Gen.int(in: 0...1_000_000)), Gen.savingZone)
  ).map { logCorruption, amountZone in
    let ((log, corruption), (amount, zone)) = (logCorruption, amountZone)
    return Tagged(
      BrokenAndroidLog(
        corruption: corruption, document: corruption.apply(to: log.value.document, amount: Int64(amount)),
        zone: zone),
      tags: ["AndroidLog.broken.\(corruption.rawValue)"])
  }

  /// `{"corruption": "dayAsDouble", "zone": "+01:00", "document": {"fields": …}}`.
  var json: JSON {
    .object([
      ("corruption", .string(corruption.rawValue)), ("zone", .string(zone.name)),
      ("document", FirestoreREST.encode(document)),
    ])
  }

  init(corruption: AndroidCorruption, document: Document, zone: SavingZone) {
    self.corruption = corruption
    self.document = document
    self.zone = zone
  }

  init(json: JSON) throws {
    let reader = try JSONReader(json, path: "input")
    guard let corruption = AndroidCorruption(rawValue: try reader.string("corruption")) else {
      throw reader.fail(
        "corruption", "expected one of \(AndroidCorruption.allCases.map(\.rawValue).joined(separator: ", "))")
    }
    self.init(
      corruption: corruption, document: try FirestoreREST.decodeDocument(try reader.value("document")),
      zone: try SavingZone(reader, key: "zone"))
  }
}
