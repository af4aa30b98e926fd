import CountMeContract
import CountMeCore
import CountMeGenerators
import FirestoreCloud
import Foundation

/// One version of a slot's entity as a devices run records it.
///
/// The arguments of the model the run syncs, read from a device's store or, by the harness's own schema
/// reader, from a cloud document.
package enum EntityVersion: CustomStringConvertible, Equatable {
  case foodItem(FoodItemArguments)
  case exerciseItem(ExerciseItemArguments)
  case customMeal(CustomMealArguments)
  case userGoal(UserGoalArguments)
  /// A daily log as the devices runs sync it: its own document, no items (F21's runs add those).
  case dailyLog(DailyLogArguments)
  /// An app's entity, known through its collection's description (`DescribedModel`).
  case described(DescribedVersion)

  /// When it was last changed.
  package var lastModified: Date {
    get {
      self[\.lastModified, \.lastModified, \.lastModified, \.lastModified, \.lastModified, \.lastModified]
    }
    set {
      self[\.lastModified, \.lastModified, \.lastModified, \.lastModified, \.lastModified, \.lastModified] =
        newValue
    }
  }

  /// Its owner's uid.
  package var userId: String {
    get { self[\.userId, \.userId, \.userId, \.userId, \.userId, \.userId] }
    set { self[\.userId, \.userId, \.userId, \.userId, \.userId, \.userId] = newValue }
  }

  /// Where it stands with the cloud.
  package var syncStatus: SyncStatus {
    get { self[\.syncStatus, \.syncStatus, \.syncStatus, \.syncStatus, \.syncStatus, \.syncStatus] }
    set {
      self[\.syncStatus, \.syncStatus, \.syncStatus, \.syncStatus, \.syncStatus, \.syncStatus] = newValue
    }
  }

  /// The field each model names `food`, `exercise`, `meal`, `goal`, `log`, and an app's version `app`.
  private subscript<Value>(
    food: WritableKeyPath<FoodItemArguments, Value>, exercise: WritableKeyPath<ExerciseItemArguments, Value>,
    meal: WritableKeyPath<CustomMealArguments, Value>, goal: WritableKeyPath<UserGoalArguments, Value>,
    log: WritableKeyPath<DailyLogArguments, Value>, app: WritableKeyPath<DescribedVersion, Value>
  ) -> Value {
    get {
      switch self {
      case .foodItem(let a): return a[keyPath: food]
      case .exerciseItem(let a): return a[keyPath: exercise]
      case .customMeal(let a): return a[keyPath: meal]
      case .userGoal(let a): return a[keyPath: goal]
      case .dailyLog(let a): return a[keyPath: log]
      case .described(let a): return a[keyPath: app]
      }
    }
    set {
      switch self {
      case .foodItem(var a):
        a[keyPath: food] = newValue
        self = .foodItem(a)
      case .exerciseItem(var a):
        a[keyPath: exercise] = newValue
        self = .exerciseItem(a)
      case .customMeal(var a):
        a[keyPath: meal] = newValue
        self = .customMeal(a)
      case .userGoal(var a):
        a[keyPath: goal] = newValue
        self = .userGoal(a)
      case .dailyLog(var a):
        a[keyPath: log] = newValue
        self = .dailyLog(a)
      case .described(var a):
        a[keyPath: app] = newValue
        self = .described(a)
      }
    }
  }

  /// This version with id `id`; the goal's, which its path names, and an app's stay.
  package func identified(as id: UUID) -> EntityVersion {
    switch self {
    case .foodItem(var a):
      a.id = id
      return .foodItem(a)
    case .exerciseItem(var a):
      a.id = id
      return .exerciseItem(a)
    case .customMeal(var a):
      a.id = id
      return .customMeal(a)
    case .dailyLog(var a):
      a.id = id
      return .dailyLog(a)
    case .userGoal, .described: return self
    }
  }

  /// The calories an edit step gave it (an app's entity: its value).
  ///
  /// A food item's, an exercise's burned, a meal's ingredients', a goal's a day, a log's goal (0
  /// for none), an app's value (`CollectionDescription.value`).
  package var calories: Double {
    switch self {
    case .foodItem(let a): return a.calories
    case .exerciseItem(let a): return a.caloriesBurned
    case .customMeal(let a): return a.ingredients.reduce(0) { $0 + $1.calories }
    case .userGoal(let a): return Double(a.dailyCalorieGoal)
    case .dailyLog(let a): return a.dailyGoal ?? 0
    case .described(let a): return a.value
    }
  }

  /// True when both are the same model with equal content: every field but `syncStatus`, compared
  /// as the schema gives the fields.
  func hasSameContent(as other: EntityVersion) -> Bool {
    switch (self, other) {
    case (.foodItem(let x), .foodItem(let y)):
      return ModelSchemas.foodItem.sameContent(x, y)
    case (.exerciseItem(let x), .exerciseItem(let y)):
      return ModelSchemas.exerciseItem.sameContent(x, y)
    case (.customMeal(let x), .customMeal(let y)):
      return ModelSchemas.customMeal.sameContent(x, y)
    case (.userGoal(let x), .userGoal(let y)):
      return ModelSchemas.userGoal.sameContent(x, y)
    case (.dailyLog(let x), .dailyLog(let y)):
      return ModelSchemas.dailyLog.sameContent(x, y)
    case (.described(let x), .described(let y)):
      return x.hasSameContent(as: y)
    default: return false
    }
  }

  /// This version merged with `other` by an app's merge rule; nil where versions meet by last write wins.
  ///
  /// Nil for every CountMe model here: a daily log's merge is F21's, and the devices runs' logs hold
  /// no items, so their heads meet by last write wins.
  package func merged(with other: EntityVersion) -> EntityVersion? {
    guard case .described(let mine) = self, case .described(let theirs) = other else { return nil }
    return mine.merged(with: theirs).map(EntityVersion.described)
  }

  /// The document the app writes for it, by the schema (the harness's, not the codec's).
  var document: Document {
    switch self {
    case .foodItem(let a): return ModelSchemas.foodItem.document(a)
    case .exerciseItem(let a): return ModelSchemas.exerciseItem.document(a)
    case .customMeal(let a): return ModelSchemas.customMeal.document(a)
    case .userGoal(let a): return ModelSchemas.userGoal.document(a)
    case .dailyLog(let a): return ModelSchemas.dailyLog.document(a)
    // An app's documents are its codec's: no devices run asks the harness's schema for one.
    case .described: preconditionFailure("an app's entity has no document by the harness's schema")
    }
  }

  /// The version's content and stamp, in the shortest decimal that names the stamp.
  ///
  /// "120.0 kcal modified at +3 ms" (an app's "value 1.0 modified at +3 ms (pins: [\"pin-1\"])",
  /// its document's content fields after), or "+2.0001 ms" for a stamp between two milliseconds: the
  /// shortest decimal that names the stamp's `Date`, less the start, so two stamps a report
  /// contrasts differ in print exactly when they differ.
  package var description: String {
    let stamp = Decimal(string: "\(lastModified.timeIntervalSinceReferenceDate)") ?? 0
    let milliseconds = (stamp - Decimal(DevicesRun.start.timeIntervalSinceReferenceDate)) * 1_000
    if case .described(let version) = self {
      let content = version.content
      return "value \(calories) modified at +\(milliseconds) ms" + (content.isEmpty ? "" : " (\(content))")
    }
    return "\(calories) kcal modified at +\(milliseconds) ms"
  }
}
