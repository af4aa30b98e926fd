import Foundation

// `Versioned.hasSameContent(as:)` for CountMeCore's models: content equality that agrees exactly
// with equality of `Reconcile.contentKey`s, without encoding them. Every field but the value's own
// `syncStatus` (a nested item's counts), strings by their UTF-8 bytes, numbers and dates by their
// bits: the key's sorted-key JSON tells `"é"` precomposed from decomposed, and `0` from `-0`, where
// `==` does not, and a sync that took two such versions for one would never send the other.
//
// NB: encoding versions as JSON to compare them was a third of a cloud-devices run and three
// quarters of a retention run. A test holds each model's comparison to `contentKey` with every
// field changed in turn, so a field added to a model and not here fails it.

/// Field comparisons as the content key's JSON makes them.
enum Same {
  static func text(_ a: String, _ b: String) -> Bool {
    // NB: the bytes compared in memory: `a.utf8.elementsEqual(b.utf8)`, generic, cost a debug
    // build a witness call at every byte.
    var a = a
    var b = b
    return a.withUTF8 { a in
      b.withUTF8 { b in
        guard a.count == b.count else { return false }
        guard let first = a.baseAddress, let second = b.baseAddress else { return a.isEmpty }
        return memcmp(first, second, a.count) == 0
      }
    }
  }
  static func text(_ a: String?, _ b: String?) -> Bool {
    guard let a, let b else { return a == nil && b == nil }
    return text(a, b)
  }
  static func number(_ a: Double, _ b: Double) -> Bool { a.bitPattern == b.bitPattern }
  static func number(_ a: Double?, _ b: Double?) -> Bool {
    guard let a, let b else { return a == nil && b == nil }
    return number(a, b)
  }
  static func date(_ a: Date, _ b: Date) -> Bool {
    number(a.timeIntervalSinceReferenceDate, b.timeIntervalSinceReferenceDate)
  }
  static func list<T>(_ a: [T], _ b: [T], _ same: (T, T) -> Bool) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy(same)
  }
}

extension FoodItem {
  /// Every field but `syncStatus`, as the content key compares them.
  public func hasSameContent(as o: FoodItem) -> Bool {
    id == o.id && Same.text(name, o.name) && Same.number(calories, o.calories)
      && Same.date(timestamp, o.timestamp) && Same.text(servingSize, o.servingSize)
      && Same.text(servingUnit, o.servingUnit) && source == o.source && Same.number(protein, o.protein)
      && Same.number(carbohydrates, o.carbohydrates) && Same.number(fats, o.fats)
      && Same.text(userId, o.userId) && Same.date(lastModified, o.lastModified)
  }
}

extension ExerciseItem {
  /// Every field but `syncStatus`, as the content key compares them.
  public func hasSameContent(as o: ExerciseItem) -> Bool {
    id == o.id && Same.text(name, o.name) && Same.number(caloriesBurned, o.caloriesBurned)
      && Same.number(durationMinutes, o.durationMinutes) && Same.text(exerciseType, o.exerciseType)
      && Same.text(intensity, o.intensity) && Same.text(notes, o.notes) && Same.date(timestamp, o.timestamp)
      && Same.text(userId, o.userId) && Same.date(lastModified, o.lastModified)
  }
}

extension Ingredient {
  /// Every field, as a meal's content key compares them.
  func hasSameContent(as o: Ingredient) -> Bool {
    id == o.id && Same.text(name, o.name) && Same.number(quantity, o.quantity) && Same.text(unit, o.unit)
      && Same.number(calories, o.calories) && Same.number(protein, o.protein)
      && Same.number(carbohydrates, o.carbohydrates) && Same.number(fats, o.fats)
  }
}

extension CustomMeal {
  /// Every field but `syncStatus`, as the content key compares them.
  public func hasSameContent(as o: CustomMeal) -> Bool {
    id == o.id && Same.text(name, o.name)
      && Same.list(ingredients, o.ingredients) { $0.hasSameContent(as: $1) }
      && Same.date(createdAt, o.createdAt) && Same.date(lastUsedAt, o.lastUsedAt)
      && Same.number(servingsCount, o.servingsCount) && Same.text(userId, o.userId)
      && Same.date(lastModified, o.lastModified)
  }
}

extension DailyLog {
  /// Every field but the log's `syncStatus` (its items' count), as the content key compares them.
  public func hasSameContent(as o: DailyLog) -> Bool {
    id == o.id && Same.date(date, o.date)
      && Same.list(foodItems, o.foodItems) { $0.hasSameContent(as: $1) && $0.syncStatus == $1.syncStatus }
      && Same.list(exerciseItems, o.exerciseItems) {
        $0.hasSameContent(as: $1) && $0.syncStatus == $1.syncStatus
      }
      && Same.number(dailyGoal, o.dailyGoal) && Same.text(userId, o.userId)
      && Same.date(lastModified, o.lastModified)
  }
}

extension UserGoal {
  /// Every field but `syncStatus`, as the content key compares them.
  public func hasSameContent(as o: UserGoal) -> Bool {
    dailyCalorieGoal == o.dailyCalorieGoal && Same.date(createdAt, o.createdAt) && Same.text(userId, o.userId)
      && Same.date(lastModified, o.lastModified)
  }
}
