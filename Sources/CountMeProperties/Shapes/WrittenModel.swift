import CountMeContract
import CountMeCore
import CountMeGenerators
import CountMeWorlds
import FirestoreCloud
import Generators
import PropertyHarness

/// A valid model, as the arguments that build it, for the property that writes it as a document
/// and reads it back.
struct WrittenModel: Sendable {
  /// The arguments of one of the five models that have a document.
  enum Arguments: Sendable {
    case foodItem(FoodItemArguments)
    case exerciseItem(ExerciseItemArguments)
    case customMeal(CustomMealArguments)
    case dailyLog(DailyLogArguments)
    case userGoal(UserGoalArguments)
  }

  let arguments: Arguments

  var model: DocumentModel {
    switch arguments {
    case .foodItem: return .foodItem
    case .exerciseItem: return .exerciseItem
    case .customMeal: return .customMeal
    case .dailyLog: return .dailyLog
    case .userGoal: return .userGoal
    }
  }

  /// The arguments in their corpus encoding.
  var json: JSON {
    switch arguments {
    case .foodItem(let a): return a.json
    case .exerciseItem(let a): return a.json
    case .customMeal(let a): return a.json
    case .dailyLog(let a): return a.json
    case .userGoal(let a): return a.json
    }
  }

  /// The document the schema says the app writes for it.
  var document: Document {
    switch arguments {
    case .foodItem(let a): return AppDocument.foodItem(a)
    case .exerciseItem(let a): return AppDocument.exerciseItem(a)
    case .customMeal(let a): return AppDocument.customMeal(a)
    case .dailyLog(let a): return AppDocument.dailyLog(a)
    case .userGoal(let a): return AppDocument.userGoal(a)
    }
  }

  /// What reading the document back must give: the arguments, except that a log's items are
  /// documents of their own, so the log read back has none.
  var readBack: JSON {
    guard case .dailyLog(var log) = arguments else { return json }
    log.foodItems = []
    log.exerciseItems = []
    return log.json
  }

  /// What `system` writes for it.
  func written(by system: SystemLayers) throws -> [String: Any] {
    switch arguments {
    case .foodItem(let a): return try system.codec.encodeFoodItem(a)
    case .exerciseItem(let a): return try system.codec.encodeExerciseItem(a)
    case .customMeal(let a): return try system.codec.encodeCustomMeal(a)
    case .dailyLog(let a): return try system.codec.encodeDailyLog(a)
    case .userGoal(let a): return try system.codec.encodeUserGoal(a)
    }
  }

  /// Reads the arguments of the model a corpus case names.
  static func decode(_ json: JSON, context: CaseContext) throws -> WrittenModel {
    guard let model = context.model else {
      throw InputDecodingError(path: "case.model", problem: "a case of a valid model names its model")
    }
    return try decode(json, model: model)
  }

  /// Reads the arguments of a `model` from a corpus file.
  static func decode(_ json: JSON, model: DocumentModel) throws -> WrittenModel {
    switch model {
    case .foodItem:
      return WrittenModel(arguments: .foodItem(try ModelSchemas.foodItem.decode(json, path: "input")))
    case .exerciseItem:
      return WrittenModel(arguments: .exerciseItem(try ModelSchemas.exerciseItem.decode(json, path: "input")))
    case .customMeal:
      return WrittenModel(arguments: .customMeal(try ModelSchemas.customMeal.decode(json, path: "input")))
    case .dailyLog:
      return WrittenModel(arguments: .dailyLog(try ModelSchemas.dailyLog.decode(json, path: "input")))
    case .userGoal:
      return WrittenModel(arguments: .userGoal(try ModelSchemas.userGoal.decode(json, path: "input")))
    }
  }

  /// Valid models of every kind with a document, each owned by a drawn uid (a document always has
  /// an owner), tagged as the valid generators tag them.
  static let generator: Generator<Tagged<WrittenModel>> = {
    func owned<A: Sendable>(
      _ models: Generator<Tagged<A>>, _ owner: WritableKeyPath<A, String> & Sendable,
      _ wrap: @escaping @Sendable (A) -> Arguments
    ) -> Generator<Tagged<WrittenModel>> {
      Gen.zip(models, Gen.ownerId).map { tagged, uid in
        var arguments = tagged.value
        arguments[keyPath: owner] = uid
        return Tagged(WrittenModel(arguments: wrap(arguments)), tags: tagged.tags)
      }
    }
    return Gen.oneOf([
      owned(Gen.validFoodItem, \.userId, Arguments.foodItem),
      owned(Gen.validExerciseItem, \.userId, Arguments.exerciseItem),
      owned(Gen.validCustomMeal, \.userId, Arguments.customMeal),
      owned(Gen.validDailyLog, \.userId, Arguments.dailyLog),
      owned(Gen.validUserGoal, \.userId, Arguments.userGoal),
    ])
  }()
}
