import CountMeCore
import Foundation
import Generators

/// The implementation the properties check: the six models' constructors and four deserialisers.
///
/// Each method returns the fields of the model it built, as the matching `…Arguments` struct, so an
/// implementation that wrongly accepts an input can still say what it made. Errors are CountMeCore's:
/// constructors throw `ValidationError`, deserialisers `SyncError`. The reference implementation is
/// `ReferenceSystem`; to check the app's own models, write an adapter:
///
/// ```swift
/// import CountMeProperties
///
/// struct AppModels: SystemUnderTest {
///   func makeFoodItem(_ a: FoodItemArguments) throws -> FoodItemArguments {
///     let item = try AppFoodItem(name: a.name, calories: a.calories, /* … */)
///     return FoodItemArguments(id: item.id, name: item.name, calories: item.calories, /* … */)
///   }
///   // … the other eight methods
/// }
///
/// let report = Catalog.run(AppModels(), settings: RunSettings(seed: 0xC0FFEE))
/// #expect(report.passed, "\(report.failed.map { HumanReport.failure($0) })")
/// ```
public protocol SystemUnderTest: Sendable {
  func makeFoodItem(_ arguments: FoodItemArguments) throws -> FoodItemArguments
  func makeExerciseItem(_ arguments: ExerciseItemArguments) throws -> ExerciseItemArguments
  func makeIngredient(_ arguments: IngredientArguments) throws -> IngredientArguments
  func makeCustomMeal(_ arguments: CustomMealArguments) throws -> CustomMealArguments
  func makeDailyLog(_ arguments: DailyLogArguments) throws -> DailyLogArguments
  /// The user's goal these arguments build (properties 28 and 29).
  func makeUserGoal(_ arguments: UserGoalArguments) throws -> UserGoalArguments
  func decodeFoodItem(_ document: [String: Any]) throws -> FoodItemArguments
  func decodeExerciseItem(_ document: [String: Any]) throws -> ExerciseItemArguments
  func decodeCustomMeal(_ document: [String: Any]) throws -> CustomMealArguments
  func decodeDailyLog(_ document: [String: Any]) throws -> DailyLogArguments
  /// The goal read from a `users/{uid}/profile/settings` document (properties 11, 12).
  func decodeUserGoal(_ document: [String: Any]) throws -> UserGoalArguments

  /// The document the implementation writes for the model these (valid) arguments build.
  func encodeFoodItem(_ arguments: FoodItemArguments) throws -> [String: Any]
  /// The document the implementation writes for the model these (valid) arguments build.
  func encodeExerciseItem(_ arguments: ExerciseItemArguments) throws -> [String: Any]
  /// The document the implementation writes for the model these (valid) arguments build.
  func encodeCustomMeal(_ arguments: CustomMealArguments) throws -> [String: Any]
  /// The document the implementation writes for the model these (valid) arguments build.
  func encodeDailyLog(_ arguments: DailyLogArguments) throws -> [String: Any]
  /// The document the implementation writes for the goal these (valid) arguments build.
  func encodeUserGoal(_ arguments: UserGoalArguments) throws -> [String: Any]

  /// The totals of the meal these (valid) arguments build (property 25).
  func mealTotals(_ arguments: CustomMealArguments) throws -> MealTotals
  /// The totals of the log these (valid) arguments build (property 25).
  func logTotals(_ arguments: DailyLogArguments) throws -> LogTotals

  /// A new food item from what a user enters; every other field is the initialiser's default
  /// (property 26).
  func newFoodItem(name: String, calories: Double) throws -> FoodItemArguments
  /// A new exercise item from what a user enters (property 26).
  func newExerciseItem(name: String, caloriesBurned: Double) throws -> ExerciseItemArguments
  /// A new custom meal from what a user enters (property 26).
  func newCustomMeal(name: String, ingredients: [IngredientArguments]) throws -> CustomMealArguments
  /// A new daily log for a day (property 26).
  func newDailyLog(date: Date) throws -> DailyLogArguments
  /// A new goal of so many calories a day (property 26).
  func newUserGoal(dailyCalorieGoal: Int) throws -> UserGoalArguments

  /// The version every device keeps of two versions of one food item (F19).
  func resolveFoodItems(_ a: FoodItemArguments, _ b: FoodItemArguments) throws -> FoodItemArguments
  /// The version every device keeps of two versions of one exercise item (F19).
  func resolveExerciseItems(_ a: ExerciseItemArguments, _ b: ExerciseItemArguments) throws
    -> ExerciseItemArguments
  /// The version every device keeps of two versions of one custom meal (F19).
  func resolveCustomMeals(_ a: CustomMealArguments, _ b: CustomMealArguments) throws -> CustomMealArguments
  /// The goal every device keeps of two versions of one user's goal (F19).
  func resolveUserGoals(_ a: UserGoalArguments, _ b: UserGoalArguments) throws -> UserGoalArguments
  /// Two versions of one day's log merged, without the items whose ids are in `deleted` (F21).
  func mergeDailyLogs(_ a: DailyLogArguments, _ b: DailyLogArguments, deleted: [UUID]) throws
    -> DailyLogArguments

  /// A device's or the cloud's food items after a local edit made at `now` (F14, F20).
  func editFoodItem(in store: EntityStore<FoodItem>, _ item: FoodItemArguments, now: Date) throws
    -> EntityStore<FoodItem>
  /// A store's food items after a local deletion at `now` (F14, F20).
  func deleteFoodItem(in store: EntityStore<FoodItem>, id: UUID, now: Date) -> EntityStore<FoodItem>
  /// A store's food items after taking in another store's, as a sync does both ways (F14, F20).
  func mergeFoodItems(_ store: EntityStore<FoodItem>, from other: EntityStore<FoodItem>) -> EntityStore<
    FoodItem
  >
  /// A device's or the cloud's data after seed 002's retention runs at `now`, that place's clock
  /// (F26–F28).
  func applyRetention(to data: UserData, now: Date) -> UserData
  /// A place's data after taking in another's, as a sync does both ways (F26–F28).
  func mergeUserData(_ data: UserData, from other: UserData) -> UserData

  /// A new device of user `uid` that syncs its entities of `type` (food items, exercise items,
  /// custom meals or the goal) through the cloud with `queue` (F12–F18, F29, F30).
  func makeSync<Entity: CloudSyncedEntity>(of type: Entity.Type, uid: String, queue: any SyncQueueing)
    -> any DeviceSyncUnderTest<Entity>

  /// A device whose guest entities (`guest`, made before any account) move to the new account
  /// `uid` through the cloud with `queue` (F22, F23).
  func migrate<Entity: CloudSyncedEntity>(_ guest: EntityStore<Entity>, uid: String, queue: any SyncQueueing)
    -> any DeviceSyncUnderTest<Entity>

  /// A device of user `uid` that syncs its daily logs and the food in them through the cloud,
  /// holding `logs` and a queue for each collection: food items' first, then the logs' (F21).
  func makeLogSync(uid: String, logs: EntityStore<DailyLog>, queues: [any SyncQueueing])
    -> any LogSyncUnderTest

  /// A new, empty sync queue (properties 13 onward drive it).
  func makeQueue(capacity: Int, policy: RetryPolicy) -> any SyncQueueing
  /// The queue a new device gets with no settings: the properties hold it to the documented
  /// defaults, capacity 1,000 (requirement 7.1) and retries after 1 s, doubling to 60 s, 6 times.
  func makeDefaultQueue() -> any SyncQueueing
  /// The queue a launch with no settings loads from `data`, or an empty one and the reason.
  func loadDefaultQueue(_ data: Data) -> (queue: any SyncQueueing, corrupted: String?)
  /// The bytes the queue persists between launches.
  func persistQueue(_ queue: any SyncQueueing) -> Data
  /// The queue a launch loads from `data`; for bytes it cannot read, an empty queue and the reason.
  func loadQueue(_ data: Data, capacity: Int, policy: RetryPolicy) -> (
    queue: any SyncQueueing, corrupted: String?
  )

  /// A sync engine built from `setup`, loading its queue from `setup.file` (properties 23 and 24
  /// drive it, with callers that may run at once).
  func makeEngine(_ setup: EngineSetup) -> any EngineUnderTest
}

extension SystemUnderTest {
  /// CountMeCore's `toFirestoreData()`: an implementation that provides no encoder is checked with it.
  public func encodeFoodItem(_ arguments: FoodItemArguments) throws -> [String: Any] {
    try arguments.construct().toFirestoreData()
  }
  /// CountMeCore's `toFirestoreData()`: an implementation that provides no encoder is checked with it.
  public func encodeExerciseItem(_ arguments: ExerciseItemArguments) throws -> [String: Any] {
    try arguments.construct().toFirestoreData()
  }
  /// CountMeCore's `toFirestoreData()`: an implementation that provides no encoder is checked with it.
  public func encodeCustomMeal(_ arguments: CustomMealArguments) throws -> [String: Any] {
    try arguments.construct().toFirestoreData()
  }
  /// CountMeCore's `toFirestoreData()`: an implementation that provides no encoder is checked with it.
  public func encodeDailyLog(_ arguments: DailyLogArguments) throws -> [String: Any] {
    try arguments.construct().toFirestoreData()
  }

  /// CountMeCore's `toFirestoreData()`: an implementation that provides no encoder is checked with it.
  public func encodeUserGoal(_ arguments: UserGoalArguments) throws -> [String: Any] {
    try arguments.construct().toFirestoreData()
  }

  /// CountMeCore's `UserGoal`: an implementation that provides no goal model is checked with it.
  public func makeUserGoal(_ arguments: UserGoalArguments) throws -> UserGoalArguments {
    UserGoalArguments(try arguments.construct())
  }
  /// CountMeCore's `UserGoal.fromFirestoreData`: an implementation that provides no goal decoder is
  /// checked with it.
  public func decodeUserGoal(_ document: [String: Any]) throws -> UserGoalArguments {
    UserGoalArguments(try UserGoal.fromFirestoreData(document))
  }

  /// CountMeCore's `SyncQueue`: an implementation that provides no queue is checked with it.
  public func makeQueue(capacity: Int, policy: RetryPolicy) -> any SyncQueueing {
    SyncQueue(capacity: capacity, policy: policy)
  }

  /// `makeQueue` with the documented defaults: an implementation whose queue has defaults of its
  /// own provides this to have them checked.
  public func makeDefaultQueue() -> any SyncQueueing {
    makeQueue(capacity: QueueSpecification.defaultCapacity, policy: QueueSpecification.defaultPolicy)
  }

  /// `loadQueue` with the documented defaults, as `makeDefaultQueue`.
  public func loadDefaultQueue(_ data: Data) -> (queue: any SyncQueueing, corrupted: String?) {
    loadQueue(data, capacity: QueueSpecification.defaultCapacity, policy: QueueSpecification.defaultPolicy)
  }

  /// The snapshot's checksummed bytes.
  public func persistQueue(_ queue: any SyncQueueing) -> Data { queue.snapshot().encoded() }

  /// CountMeCore's queue from its bytes, or an empty one and why.
  public func loadQueue(_ data: Data, capacity: Int, policy: RetryPolicy) -> (
    queue: any SyncQueueing, corrupted: String?
  ) {
    do {
      return (SyncQueue(restoring: try QueueSnapshot.decode(data), capacity: capacity, policy: policy), nil)
    } catch {
      return (SyncQueue(capacity: capacity, policy: policy), "\(error)")
    }
  }

  /// CountMeCore's `SyncEngine`, driving this system's queue (`makeQueue`, or `loadQueue` of the
  /// saved snapshot).
  public func makeEngine(_ setup: EngineSetup) -> any EngineUnderTest {
    SyncEngine(
      queue: AnySyncQueue(base: makeQueue(capacity: setup.capacity, policy: setup.policy)),
      restore: {
        AnySyncQueue(base: loadQueue($0.encoded(), capacity: setup.capacity, policy: setup.policy).queue)
      },
      cloud: setup.cloud, clock: setup.clock, file: setup.file, documentFor: setup.documentFor)
  }
}

/// CountMeCore, the reference implementation.
public struct ReferenceSystem: SystemUnderTest {
  /// CountMeCore itself.
  public init() {}

  /// CountMeCore's `SyncQueue()`, with its own defaults.
  public func makeDefaultQueue() -> any SyncQueueing { SyncQueue() }

  /// CountMeCore's `SyncQueue(restoring:)` with its own defaults, or `SyncQueue()` and why.
  public func loadDefaultQueue(_ data: Data) -> (queue: any SyncQueueing, corrupted: String?) {
    do {
      return (SyncQueue(restoring: try QueueSnapshot.decode(data)), nil)
    } catch {
      return (SyncQueue(), "\(error)")
    }
  }

  /// CountMeCore's: builds the model, or decodes the document, and returns its fields.
  public func makeFoodItem(_ arguments: FoodItemArguments) throws -> FoodItemArguments {
    FoodItemArguments(try arguments.construct())
  }
  /// CountMeCore's: builds the model, or decodes the document, and returns its fields.
  public func makeExerciseItem(_ arguments: ExerciseItemArguments) throws -> ExerciseItemArguments {
    ExerciseItemArguments(try arguments.construct())
  }
  /// CountMeCore's: builds the model, or decodes the document, and returns its fields.
  public func makeIngredient(_ arguments: IngredientArguments) throws -> IngredientArguments {
    IngredientArguments(try arguments.construct())
  }
  /// CountMeCore's: builds the model, or decodes the document, and returns its fields.
  public func makeCustomMeal(_ arguments: CustomMealArguments) throws -> CustomMealArguments {
    CustomMealArguments(try arguments.construct())
  }
  /// CountMeCore's: builds the model, or decodes the document, and returns its fields.
  public func makeDailyLog(_ arguments: DailyLogArguments) throws -> DailyLogArguments {
    DailyLogArguments(try arguments.construct())
  }
  /// CountMeCore's: builds the model, or decodes the document, and returns its fields.
  public func decodeFoodItem(_ document: [String: Any]) throws -> FoodItemArguments {
    FoodItemArguments(try FoodItem.fromFirestoreData(document))
  }
  /// CountMeCore's: builds the model, or decodes the document, and returns its fields.
  public func decodeExerciseItem(_ document: [String: Any]) throws -> ExerciseItemArguments {
    ExerciseItemArguments(try ExerciseItem.fromFirestoreData(document))
  }
  /// CountMeCore's: builds the model, or decodes the document, and returns its fields.
  public func decodeCustomMeal(_ document: [String: Any]) throws -> CustomMealArguments {
    CustomMealArguments(try CustomMeal.fromFirestoreData(document))
  }
  /// CountMeCore's: builds the model, or decodes the document, and returns its fields.
  public func decodeDailyLog(_ document: [String: Any]) throws -> DailyLogArguments {
    DailyLogArguments(try DailyLog.fromFirestoreData(document))
  }
}

extension SystemUnderTest {
  /// Decodes `document` as a `model`, returning its fields as the argument encoding.
  func decode(_ model: DocumentModel, _ document: [String: Any]) throws -> JSONRepresentable {
    switch model {
    case .foodItem: return try decodeFoodItem(document)
    case .exerciseItem: return try decodeExerciseItem(document)
    case .customMeal: return try decodeCustomMeal(document)
    case .dailyLog: return try decodeDailyLog(document)
    case .userGoal: return try decodeUserGoal(document)
    }
  }
}
