import CountMeCore

/// The fields of each model's document, in the order the app writes them, with what each may hold.
struct FieldSpec: Sendable {
  enum Kind: Sendable {
    case uuid
    /// Any string.
    case text
    /// A string with a visible character (names, units, owners, exercise types).
    case visibleText
    /// A number valid unless it breaks one of `rules` (with `max` for `aboveMax`).
    case number(rules: [Violation.Kind], max: Double)
    case timestamp
    /// A raw value of a closed enum (source, syncStatus).
    case enumeration
    case stringArray
    case ingredients
  }

  let name: String
  let kind: Kind
  let required: Bool

  init(_ name: String, _ kind: Kind, required: Bool = true) {
    self.name = name
    self.kind = kind
    self.required = required
  }
}

enum DocumentSchema {
  static let range: [Violation.Kind] = [.negative, .aboveMax, .nonFinite]

  static func fields(of model: DocumentModel) -> [FieldSpec] {
    switch model {
    case .foodItem: return food
    case .exerciseItem: return exercise
    case .customMeal: return meal
    case .dailyLog: return log
    }
  }

  static let food: [FieldSpec] =
    [
      FieldSpec("id", .uuid), FieldSpec("name", .visibleText),
      FieldSpec("calories", .number(rules: range, max: ValidationConstants.maxCalories)),
      FieldSpec("timestamp", .timestamp), FieldSpec("source", .enumeration),
      FieldSpec("userId", .visibleText),
      FieldSpec("lastModified", .timestamp), FieldSpec("syncStatus", .enumeration),
      FieldSpec("servingSize", .text, required: false), FieldSpec("servingUnit", .text, required: false),
    ] + macros

  static let macros: [FieldSpec] = ["protein", "carbohydrates", "fats"].map {
    FieldSpec($0, .number(rules: range, max: ValidationConstants.maxMacroGrams), required: false)
  }

  static let exercise: [FieldSpec] = [
    FieldSpec("id", .uuid), FieldSpec("name", .visibleText),
    FieldSpec("caloriesBurned", .number(rules: range, max: ValidationConstants.maxCalories)),
    FieldSpec("timestamp", .timestamp), FieldSpec("exerciseType", .visibleText),
    FieldSpec("intensity", .visibleText), FieldSpec("userId", .visibleText),
    FieldSpec("lastModified", .timestamp),
    FieldSpec("syncStatus", .enumeration),
    FieldSpec(
      "durationMinutes", .number(rules: range, max: ValidationConstants.maxDurationMinutes), required: false),
    FieldSpec("notes", .text, required: false),
  ]

  static let ingredient: [FieldSpec] =
    [
      FieldSpec("id", .uuid), FieldSpec("name", .visibleText),
      FieldSpec("quantity", .number(rules: [.nonPositive, .nonFinite], max: 0)),
      FieldSpec("unit", .visibleText),
      FieldSpec("calories", .number(rules: range, max: ValidationConstants.maxCalories)),
    ] + macros

  static let meal: [FieldSpec] = [
    FieldSpec("id", .uuid), FieldSpec("name", .visibleText), FieldSpec("ingredients", .ingredients),
    FieldSpec("createdAt", .timestamp), FieldSpec("lastUsedAt", .timestamp),
    FieldSpec("servingsCount", .number(rules: [.nonPositive, .nonFinite], max: 0)),
    FieldSpec("userId", .visibleText), FieldSpec("lastModified", .timestamp),
    FieldSpec("syncStatus", .enumeration),
  ]

  static let log: [FieldSpec] = [
    FieldSpec("id", .uuid), FieldSpec("date", .timestamp),
    FieldSpec("totalCalories", .number(rules: [.negative, .nonFinite], max: 0)),
    FieldSpec("foodItemIds", .stringArray), FieldSpec("exerciseItemIds", .stringArray),
    FieldSpec("dailyGoal", .number(rules: range, max: ValidationConstants.maxDailyGoal), required: false),
    FieldSpec("userId", .visibleText), FieldSpec("lastModified", .timestamp),
    FieldSpec("syncStatus", .enumeration),
  ]
}
