import CountMeContract
import CountMeCore
import Foundation

/// One bug in the Firestore deserialisers; the rest is the reference decoder.
struct DecoderMutant: ReferenceForwarding {
  enum Bug: Sendable {
    case skipsCaloriesRange, skipsIngredientQuantity, acceptsEmptyIngredients, rejectsIntegers,
      acceptsBoolAsNumber
    case dropsWrongTypeOptional, rewritesUnknownExerciseType, ignoresOwner, dropsProtein
    case nanExplainedAsNegative, outOfRangeExplainedAsMissing, readsGeoPointAsNumber, rejectsUnknownValueTypes
    case refusesNSNumber, truncatesInt64, datesRoundPastLastSecond
    case goalFractionTruncated, goalWholeDoubleRefused
    /// Reads an id with `UUID(uuidString:)`, as CountMeCore once did: on Linux its `sscanf`
    /// takes `+0000000-…` for `00000000-…`.
    case readsNearUUIDs
    /// Reads a timestamp as `seconds + nanoseconds / 1e9` and checks only the instant.
    ///
    /// -1 ns is the instant before the second, 1,000,000,000 ns the next second, where Firestore refuses
    /// both.
    case carriesNanoseconds
  }

  let bug: Bug
  private let reference = ReferenceSystem()

  init(_ bug: Bug) { self.bug = bug }

  private static func number(_ value: Any?) -> Double? {
    switch value {
    case let number as Double: return number
    case let number as Int64: return Double(number)
    case let number as Int: return Double(number)
    default: return nil
    }
  }

  /// The conversion before the `documents` fuzz target: the nearest `Date`, which for Firestore's
  /// last instant is 10000-01-01, a date it cannot store.
  ///
  /// Nil for any other value.
  private func nearestDate(_ value: Any?) -> Date? {
    guard bug == .datesRoundPastLastSecond, let stamp = value as? Timestamp,
      stamp.seconds == Timestamp.maxSeconds
    else { return nil }
    return Date(
      timeIntervalSinceReferenceDate: Double(stamp.seconds - 978_307_200) + Double(stamp.nanoseconds) / 1e9)
  }

  /// The reference's error, explained wrongly by the two mutants that explain: the right field,
  /// the wrong reason.
  private func explaining<T>(_ decode: () throws -> T) throws -> T {
    do {
      return try decode()
    } catch let error as SyncError {
      guard let violation = error.dataViolation else { throw error }
      switch bug {
      case .nanExplainedAsNegative where violation.rule == .nonFinite:
        throw SyncError.invalidData(
          DataViolation(
            model: violation.model, field: violation.field, rule: .negative, value: violation.value,
            detail: "it is below 0"))
      case .outOfRangeExplainedAsMissing:
        throw SyncError.missingField(model: violation.model, field: violation.field)
      default: throw error
      }
    }
  }

  /// The document as this mutant reads it before handing it to the reference decoder.
  private func prepare(_ document: [String: Any], numbers: [String], optionals: [String]) throws -> [String:
    Any]
  {
    var data = document
    switch bug {
    case .rejectsIntegers:
      // `as? Double` only: a whole number written as an integer is refused.
      for key in numbers where data[key] is Int64 || data[key] is Int {
        throw SyncError.wrongType(model: "document", field: key, expected: "Double")
      }
    case .acceptsBoolAsNumber:
      for key in numbers { if let flag = data[key] as? Bool { data[key] = flag ? 1.0 : 0.0 } }
    case .dropsWrongTypeOptional:
      for key in optionals
      where data[key] != nil && !(data[key] is NSNull) && Self.number(data[key]) == nil
        && !(data[key] is String)
      {
        data[key] = nil
      }
      for key in optionals where data[key] is String && numbers.contains(key) { data[key] = nil }
    case .refusesNSNumber:
      // Written for Swift values only: the iOS SDK's NSNumber is not a number to it.
      for key in numbers where data[key].map({ type(of: $0) is NSNumber.Type }) == true {
        throw SyncError.wrongType(model: "document", field: key, expected: "Double")
      }
    case .truncatesInt64:
      // Integers read through a 32-bit Int: Int64.max becomes -1.
      for key in numbers {
        if let integer = data[key] as? Int64 { data[key] = Int64(Int32(truncatingIfNeeded: integer)) }
      }
    case .readsGeoPointAsNumber:
      // A lenient number reader: a geo point's latitude is a number, isn't it?
      for key in numbers { if let point = data[key] as? GeoPoint { data[key] = point.latitude } }
    case .rejectsUnknownValueTypes:
      // A strict reader that refuses every value type it does not know, even under keys it ignores.
      for key in data.keys.sorted()
      where data[key] is GeoPoint || data[key] is Data || data[key] is DocumentReference {
        throw SyncError.wrongType(model: "document", field: key, expected: "a known value type")
      }
    case .carriesNanoseconds:
      for key in data.keys.sorted() {
        guard let stamp = data[key] as? Timestamp, !(0..<1_000_000_000).contains(stamp.nanoseconds) else {
          continue
        }
        let carry = Int64((Double(stamp.nanoseconds) / 1e9).rounded(.down))
        let (seconds, overflow) = stamp.seconds.addingReportingOverflow(carry)
        if overflow { continue }
        data[key] = Timestamp(
          seconds: seconds, nanoseconds: Int32(Int64(stamp.nanoseconds) - carry * 1_000_000_000))
      }
    case .readsNearUUIDs:
      if let text = data["id"] as? String, let id = UUID(uuidString: text) { data["id"] = id.uuidString }
    case .ignoresOwner:
      if let owner = data["userId"] as? String, owner.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
      {
        data["userId"] = "x"
      }
    default: break
    }
    return data
  }

  func decodeFoodItem(_ d: [String: Any]) throws -> FoodItemArguments { try explaining { try foodItem(d) } }

  private func foodItem(_ d: [String: Any]) throws -> FoodItemArguments {
    var data = try prepare(
      d, numbers: ["calories", "protein", "carbohydrates", "fats"],
      optionals: ["protein", "carbohydrates", "fats", "servingSize", "servingUnit"])
    if bug == .skipsCaloriesRange, let calories = Self.number(data["calories"]),
      !(0...50_000).contains(calories)
    {
      data["calories"] = 1.0
      var item = try reference.decodeFoodItem(data)
      item.calories = calories
      return item
    }
    var item = try reference.decodeFoodItem(data)
    if bug == .ignoresOwner, let owner = d["userId"] as? String { item.userId = owner }
    if bug == .dropsProtein { item.protein = nil }
    if let date = nearestDate(d["timestamp"]) { item.timestamp = date }
    if let date = nearestDate(d["lastModified"]) { item.lastModified = date }
    return item
  }

  func decodeExerciseItem(_ d: [String: Any]) throws -> ExerciseItemArguments {
    try explaining { try exerciseItem(d) }
  }

  private func exerciseItem(_ d: [String: Any]) throws -> ExerciseItemArguments {
    var item = try reference.decodeExerciseItem(
      try prepare(
        d, numbers: ["caloriesBurned", "durationMinutes"], optionals: ["durationMinutes", "notes"]))
    if bug == .rewritesUnknownExerciseType, ExerciseType(rawValue: item.exerciseType) == nil {
      item.exerciseType = "walking"
    }
    if bug == .ignoresOwner, let owner = d["userId"] as? String { item.userId = owner }
    if let date = nearestDate(d["timestamp"]) { item.timestamp = date }
    if let date = nearestDate(d["lastModified"]) { item.lastModified = date }
    return item
  }

  func decodeCustomMeal(_ d: [String: Any]) throws -> CustomMealArguments {
    try explaining { try customMeal(d) }
  }

  private func customMeal(_ d: [String: Any]) throws -> CustomMealArguments {
    var data = try prepare(d, numbers: ["servingsCount"], optionals: [])
    var quantities: [Int: Double] = [:]
    if bug == .skipsIngredientQuantity, var ingredients = data["ingredients"] as? [Any] {
      for (index, element) in ingredients.enumerated() {
        guard var map = element as? [String: Any], let quantity = Self.number(map["quantity"]),
          !(quantity > 0) || !quantity.isFinite
        else { continue }
        quantities[index] = quantity
        map["quantity"] = 1.0
        ingredients[index] = map
      }
      data["ingredients"] = ingredients
    }
    if bug == .acceptsEmptyIngredients, let ingredients = data["ingredients"] as? [Any], ingredients.isEmpty {
      data["ingredients"] = [
        [
          "id": "00000000-0000-0000-0000-000000000000", "name": "x", "quantity": 1.0, "unit": "g",
          "calories": 0.0,
        ]
      ]
      var meal = try reference.decodeCustomMeal(data)
      meal.ingredients = []
      return meal
    }
    var meal = try reference.decodeCustomMeal(data)
    for (index, quantity) in quantities where index < meal.ingredients.count {
      meal.ingredients[index].quantity = quantity
    }
    if bug == .ignoresOwner, let owner = d["userId"] as? String { meal.userId = owner }
    return meal
  }

  func decodeDailyLog(_ d: [String: Any]) throws -> DailyLogArguments { try explaining { try dailyLog(d) } }

  private func dailyLog(_ d: [String: Any]) throws -> DailyLogArguments {
    var log = try reference.decodeDailyLog(
      try prepare(d, numbers: ["totalCalories", "dailyGoal"], optionals: ["dailyGoal"]))
    if bug == .ignoresOwner, let owner = d["userId"] as? String { log.userId = owner }
    return log
  }

  func decodeUserGoal(_ d: [String: Any]) throws -> UserGoalArguments { try explaining { try userGoal(d) } }

  private func userGoal(_ d: [String: Any]) throws -> UserGoalArguments {
    var data = try prepare(d, numbers: ["dailyCalorieGoal"], optionals: [])
    switch (bug, data["dailyCalorieGoal"]) {
    case (.goalFractionTruncated, let goal as Double) where goal.magnitude < 0x1p62:
      // `Int(goal)`: 1999.5 kcal silently becomes 1999.
      data["dailyCalorieGoal"] = Int64(goal.rounded(.towardZero))
    case (.goalWholeDoubleRefused, let goal as Double):
      // `as? Int` only: the 2000.0 a client that keeps numbers as Doubles writes is refused.
      throw SyncError.wrongType(model: "UserGoal", field: "dailyCalorieGoal", expected: "Int, not \(goal)")
    default: break
    }
    var goal = try reference.decodeUserGoal(data)
    if bug == .ignoresOwner, let owner = d["userId"] as? String { goal.userId = owner }
    return goal
  }

}
