import CountMeContract
import CountMeCore
import Foundation

/// Every layer of the contract, as a mutant implements it: CountMeCore's, except where the mutant
/// says otherwise.
///
/// NB: a mutant is CountMeCore with one bug, so each layer it does not break is CountMeCore's by
/// definition, and it conforms to every layer as its own. This forwarding is internal to the
/// mutants: the contract gives an app's adapter no default, so a pass there always ran its code.
typealias EveryLayer = FoodItemsLayer & ExerciseItemsLayer & IngredientsLayer & CustomMealsLayer
  & DailyLogsLayer & UserGoalsLayer & CredentialsLayer & AuthLayer & AccountsLayer & CodecLayer
  & AndroidFormatLayer & SaveFeedbackLayer
  & ConflictsLayer
  & RetentionLayer
  & QueueLayer
  & EngineLayer & DeviceSyncLayer & LogSyncLayer & WorkoutSyncLayer

/// CountMeCore's every layer, for a mutant to change one part of.
protocol ReferenceForwarding: EveryLayer {}

extension ReferenceForwarding {
  var reference: ReferenceSystem { ReferenceSystem() }

  func makeFoodItem(_ a: FoodItemArguments) throws -> FoodItemArguments { try reference.makeFoodItem(a) }
  func newFoodItem(name: String, calories: Double) throws -> FoodItemArguments {
    try reference.newFoodItem(name: name, calories: calories)
  }
  func makeExerciseItem(_ a: ExerciseItemArguments) throws -> ExerciseItemArguments {
    try reference.makeExerciseItem(a)
  }
  func newExerciseItem(name: String, caloriesBurned: Double) throws -> ExerciseItemArguments {
    try reference.newExerciseItem(name: name, caloriesBurned: caloriesBurned)
  }
  func makeIngredient(_ a: IngredientArguments) throws -> IngredientArguments {
    try reference.makeIngredient(a)
  }
  func makeCustomMeal(_ a: CustomMealArguments) throws -> CustomMealArguments {
    try reference.makeCustomMeal(a)
  }
  func newCustomMeal(name: String, ingredients: [IngredientArguments]) throws -> CustomMealArguments {
    try reference.newCustomMeal(name: name, ingredients: ingredients)
  }
  func mealTotals(_ a: CustomMealArguments) throws -> MealTotals { try reference.mealTotals(a) }
  func signUpRequest(email: String, password: String) throws -> SignUpRequest {
    try reference.signUpRequest(email: email, password: password)
  }
  func makeAuth(restoring stored: AuthGrant?) -> any AuthUnderTest { reference.makeAuth(restoring: stored) }
  func makeSharedDevice<Entity: CloudSyncedEntity>(of type: Entity.Type, queue: any SyncQueueing)
    -> any SharedDeviceUnderTest<Entity>
  {
    reference.makeSharedDevice(of: type, queue: queue)
  }
  func makeDailyLog(_ a: DailyLogArguments) throws -> DailyLogArguments { try reference.makeDailyLog(a) }
  func newDailyLog(date: Date) throws -> DailyLogArguments { try reference.newDailyLog(date: date) }
  func logTotals(_ a: DailyLogArguments) throws -> LogTotals { try reference.logTotals(a) }
  func makeUserGoal(_ a: UserGoalArguments) throws -> UserGoalArguments { try reference.makeUserGoal(a) }
  func newUserGoal(dailyCalorieGoal: Int) throws -> UserGoalArguments {
    try reference.newUserGoal(dailyCalorieGoal: dailyCalorieGoal)
  }

  func decodeFoodItem(_ d: [String: Any]) throws -> FoodItemArguments { try reference.decodeFoodItem(d) }
  func decodeExerciseItem(_ d: [String: Any]) throws -> ExerciseItemArguments {
    try reference.decodeExerciseItem(d)
  }
  func decodeCustomMeal(_ d: [String: Any]) throws -> CustomMealArguments {
    try reference.decodeCustomMeal(d)
  }
  func decodeDailyLog(_ d: [String: Any]) throws -> DailyLogArguments { try reference.decodeDailyLog(d) }
  func decodeUserGoal(_ d: [String: Any]) throws -> UserGoalArguments { try reference.decodeUserGoal(d) }
  func encodeFoodItem(_ a: FoodItemArguments) throws -> [String: Any] { try reference.encodeFoodItem(a) }
  func encodeExerciseItem(_ a: ExerciseItemArguments) throws -> [String: Any] {
    try reference.encodeExerciseItem(a)
  }
  func encodeCustomMeal(_ a: CustomMealArguments) throws -> [String: Any] {
    try reference.encodeCustomMeal(a)
  }
  func encodeDailyLog(_ a: DailyLogArguments) throws -> [String: Any] { try reference.encodeDailyLog(a) }
  func encodeUserGoal(_ a: UserGoalArguments) throws -> [String: Any] { try reference.encodeUserGoal(a) }
  func encodeAndroidDailyLog(_ a: DailyLogArguments, savedIn zone: TimeZone) throws -> [String: Any] {
    try reference.encodeAndroidDailyLog(a, savedIn: zone)
  }
  func androidDailyLogPath(userId: String, id: UUID) -> String {
    reference.androidDailyLogPath(userId: userId, id: id)
  }
  func saveMessage(for result: Result<Void, SyncError>) -> String { reference.saveMessage(for: result) }
  func offlineSaveMessage() -> String { reference.offlineSaveMessage() }
  func decodeAndroidDailyLog(_ d: [String: Any], readIn zone: TimeZone) throws -> LogDocumentArguments {
    try reference.decodeAndroidDailyLog(d, readIn: zone)
  }
}
