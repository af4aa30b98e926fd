import CountMeContract
import CountMeCore
import Foundation

/// One bug in the documents the models write; the rest is the reference.
struct EncoderMutant: ReferenceForwarding {
  enum Bug: Sendable {
    /// A log's total written as food minus exercise: nothing reads it back, only the schema says.
    case totalIsNetCalories
    /// A macro of 0 g treated as absent: it reads back as nil.
    case dropsZeroMacros
    /// Dates written as whole milliseconds since 1970, truncated.
    ///
    /// Dates written as whole milliseconds since 1970, truncated (`Int64(t * 1000)`): a common way
    /// to store a date, which loses the microseconds and rounds times before 1970 the wrong way.
    case timestampInMilliseconds
    /// The goal written as a Double where seed 002's schema says `Int`.
    ///
    /// The goal written as a Double (`Double(goal)`, as a client that keeps every number as one
    /// does) where seed 002's schema says `Int`: a reader that asks for an integer gets a double.
    case goalAsDouble
  }

  let bug: Bug

  init(_ bug: Bug) { self.bug = bug }

  func encodeFoodItem(_ arguments: FoodItemArguments) throws -> [String: Any] {
    var data = try arguments.construct().toFirestoreData()
    if bug == .dropsZeroMacros {
      for key in ["protein", "carbohydrates", "fats"] where data[key] as? Double == 0 { data[key] = nil }
    }
    if bug == .timestampInMilliseconds, let item = try? arguments.construct() {
      let milliseconds = item.timestamp.timeIntervalSince1970 * 1_000
      if milliseconds.magnitude < 0x1p62 {
        let whole = Int64(milliseconds)
        data["timestamp"] = Timestamp(
          seconds: whole / 1_000, nanoseconds: Int32(whole % 1_000) * 1_000_000)
      }
    }
    return data
  }

  func encodeDailyLog(_ arguments: DailyLogArguments) throws -> [String: Any] {
    let log = try arguments.construct()
    var data = log.toFirestoreData()
    if bug == .totalIsNetCalories { data["totalCalories"] = log.netCalories }
    return data
  }

  func encodeUserGoal(_ arguments: UserGoalArguments) throws -> [String: Any] {
    let goal = try arguments.construct()
    var data = goal.toFirestoreData()
    if bug == .goalAsDouble { data["dailyCalorieGoal"] = Double(goal.dailyCalorieGoal) }
    return data
  }
}
