import CountMeCore
import Foundation

/// CountMe's five synced collections, described as any app's are: CountMeCore's models, codec and rules.
///
/// CountMe's collections under `users/{uid}/` (seed 002's tree), each a `CollectionDescription`
/// through CountMeCore's models, their Firestore codec, its tombstones and its conflict rules. An
/// entity of slot `s` has the id `00000000-0000-0000-0000-0000000000Fs` (the goal, one document,
/// has its own); a log of slot `s` is the midnight `89 + s` days before 2026-01-01, around the
/// 90-day retention boundary of a run that starts then.
public enum CountMeCollections {
  /// The tombstone CountMe's documents become: `deleted: true` and `deletedAt`.
  public static let tombstone = DeletionStyle.tombstone(flag: "deleted", time: "deletedAt")

  /// The id of slot `slot`'s entity: the devices runs' too (`DevicesRun.id`).
  package static func id(_ slot: Int) -> UUID {
    UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xF0, UInt8(truncatingIfNeeded: slot)))
  }

  /// Food items: last write wins.
  public static let foodItems = CollectionDescription<FoodItem>(
    name: "foodItems", noun: "food item", documentId: { FoodItem.documentId(of: $0.id) }, owner: \.userId,
    lastModified: \.lastModified, value: \.calories, encode: { $0.toFirestoreData() },
    decode: FoodItem.fromFirestoreData, sameContent: { $0.hasSameContent(as: $1) }, deletion: tombstone,
    conflict: .lastWriteWins
  ) { slot, value, owner, at in
    try FoodItem(
      id: id(slot), name: "item \(slot)", calories: Double(value), timestamp: at, userId: owner,
      lastModified: at)
  }

  /// Exercise items: last write wins.
  public static let exerciseItems = CollectionDescription<ExerciseItem>(
    name: "exerciseItems", noun: "exercise item", documentId: { ExerciseItem.documentId(of: $0.id) },
    owner: \.userId, lastModified: \.lastModified, value: \.caloriesBurned, encode: { $0.toFirestoreData() },
    decode: ExerciseItem.fromFirestoreData, sameContent: { $0.hasSameContent(as: $1) }, deletion: tombstone,
    conflict: .lastWriteWins
  ) { slot, value, owner, at in
    try ExerciseItem(
      id: id(slot), name: "exercise \(slot)", caloriesBurned: Double(value), exerciseType: "running",
      timestamp: at, userId: owner, lastModified: at)
  }

  /// Custom meals of one ingredient whose calories the edit sets: last write wins.
  public static let customMeals = CollectionDescription<CustomMeal>(
    name: "customMeals", noun: "custom meal", documentId: { CustomMeal.documentId(of: $0.id) },
    owner: \.userId, lastModified: \.lastModified, value: { $0.ingredients.reduce(0) { $0 + $1.calories } },
    encode: { $0.toFirestoreData() }, decode: CustomMeal.fromFirestoreData,
    sameContent: { $0.hasSameContent(as: $1) }, deletion: tombstone, conflict: .lastWriteWins
  ) { slot, value, owner, at in
    let ingredient = try Ingredient(
      id: id(0x80 + slot), name: "ingredient \(slot)", quantity: 1, unit: "portion", calories: Double(value))
    return try CustomMeal(
      id: id(slot), name: "meal \(slot)", ingredients: [ingredient], createdAt: at, lastUsedAt: at,
      userId: owner, lastModified: at)
  }

  /// The goal: one document, `profile/settings`, replaced and never deleted; last write wins.
  public static let goal = CollectionDescription<UserGoal>(
    name: "profile", noun: "goal", slots: 1, documentId: { UserGoal.documentId(of: $0.id) }, owner: \.userId,
    lastModified: \.lastModified, value: { Double($0.dailyCalorieGoal) }, encode: { $0.toFirestoreData() },
    decode: UserGoal.fromFirestoreData, sameContent: { $0.hasSameContent(as: $1) }, deletion: tombstone,
    conflict: .lastWriteWins
  ) { _, value, owner, at in
    try UserGoal(dailyCalorieGoal: value, createdAt: at, userId: owner, lastModified: at)
  }

  /// Daily logs, their own documents (the items are their collections'): two versions merge; a log may have no goal.
  public static let dailyLogs: CollectionDescription<DailyLog> = {
    var logs = dailyLogsWithGoals
    logs.optionalFields = ["dailyGoal"]
    return logs
  }()

  /// Daily logs as `edited` makes them, each with a goal.
  private static let dailyLogsWithGoals = CollectionDescription<DailyLog>(
    name: "dailyLogs", noun: "daily log", documentId: { DailyLog.documentId(of: $0.id) }, owner: \.userId,
    lastModified: \.lastModified, value: { $0.dailyGoal ?? 0 }, encode: { $0.toFirestoreData() },
    decode: DailyLog.fromFirestoreData, sameContent: { $0.hasSameContent(as: $1) }, deletion: tombstone,
    conflict: .merge(DailyLog.reconcile)
  ) { slot, value, owner, at in
    try DailyLog(id: id(slot), date: logDay(slot), dailyGoal: Double(value), userId: owner, lastModified: at)
  }

  /// Log `slot`'s day: the midnight `89 + slot` days before 2026-01-01, the devices runs' too.
  package static func logDay(_ slot: Int) -> Date {
    Date(timeIntervalSince1970: 1_767_225_600 - 86_400 * Double(89 + slot))
  }
}
