import CountMeContract
import CountMeCore
import CountMeGenerators
import FirestoreCloud
import Foundation
import Generators

/// What a devices run needs of an entity type it syncs, written from the model's schema.
///
/// What a devices run needs of an entity type it syncs through the cloud, written by the harness
/// from the model's schema: the version an edit step makes, the version a document holds, and a
/// document another client broke.
package protocol DevicesRunEntity: CloudSyncedEntity, DevicesRunModel where Entity == Self {
  /// "food item": how reports name one.
  static var noun: String { get }
  /// The top-level number field a broken document breaks: the calories, or a meal's servings.
  static var caloriesField: String { get }
  /// What an edit step of `slot` to `calories` hands its device (the device then stamps it).
  static func edited(_ slot: Int, calories: Int, uid: String) -> EntityVersion
  /// The version `fields` hold, read by the model's schema (`ModelSchema.arguments(reading:)`);
  /// nil when they do not fit it.
  static func reading(_ fields: [String: Any]) -> EntityVersion?
  /// The model `version` holds, through its validating initialiser.
  static func make(_ version: EntityVersion) throws -> Self
  /// This entity's version.
  var version: EntityVersion { get }
  /// How many entities a run's slots name: `DevicesScenario.slots`, or 1 for the user's one goal
  /// (every slot of a step then names it).
  static var slots: Int { get }
  /// The id of the entity of `slot` (`0..<slots`).
  static func id(ofSlot slot: Int) -> UUID
  /// The collection its documents live in under `users/{uid}/`, as seed 002's tree names it.
  static var collection: String { get }
  /// The id of `slot`'s document, as seed 002's tree names it: the entity's id, or the goal's
  /// `settings`.
  ///
  /// (The harness's own, never CountMeCore's `documentId(of:)`, which it judges.)
  static func documentId(ofSlot slot: Int) -> String
  /// The field holding a document's own id, which must be its path's; nil when it has none.
  static var idField: String? { get }
  /// False when no user deletes one (the goal is replaced, never deleted): deletion steps skip it.
  static var isDeletable: Bool { get }
}

extension DevicesRunEntity {
  /// `edited`: CountMe's models make every edit.
  package static func version(editing slot: Int, to calories: Int, uid: String) -> EntityVersion {
    edited(slot, calories: calories, uid: uid)
  }

  /// `entity.version`.
  package static func version(of entity: Self) -> EntityVersion { entity.version }

  package static var slots: Int { DevicesScenario.slots }
  package static func id(ofSlot slot: Int) -> UUID { DevicesRun.id(slot) }
  package static func documentId(ofSlot slot: Int) -> String { DevicesRun.id(slot).uuidText }
  package static var idField: String? { "id" }
  package static var isDeletable: Bool { true }
  /// False: CountMe's collections are the fake's own.
  package static var isAppCollection: Bool { false }

  /// "food", "exercise", "meal" or "log".
  package static var word: String {
    switch entityType {
    case .exerciseItem: return "exercise"
    case .customMeal: return "meal"
    case .dailyLog: return "log"
    default: return "food"
    }
  }

  /// `id`, one of each person's own, and its text.
  package static func phoneEntity(_ index: Int, id: UUID) -> (id: UUID, documentId: String) {
    (id, id.uuidText)
  }

  /// `edited`'s entity of `slot`, with the person's own `id`.
  package static func phoneVersion(_ index: Int, slot: Int, id: UUID, calories: Int) -> EntityVersion {
    edited(slot, calories: calories, uid: "").identified(as: id)
  }

  /// What a document's fields hold, read by the harness's schema, never by CountMeCore's codec.
  package static func held(_ fields: [String: Any], at path: DocumentPath) -> SharedDevicesRun.Held {
    if fields["deleted"] as? Bool == true { return .deleted(userId: fields["userId"] as? String) }
    guard let version = reading(fields) else { return .unreadable }
    return .live(calories: version.calories, userId: version.userId)
  }

  /// What a cloud document at `path` holds, read by the harness, never by CountMeCore's codec.
  ///
  /// Unreadable when another client wrote it broken (`damaged`: the harness knows, having broken it; its
  /// schema reads shapes, not the model's rules), or when its `id` is not its path's, or when its fields do
  /// not fit the schema; deleted for a tombstone (`deleted: true` and a `deletedAt` timestamp); otherwise the
  /// version its fields hold (`reading`).
  package static func state(of fields: [String: Any], at path: DocumentPath, damaged: Bool)
    -> CloudDevicesRun.SlotState
  {
    guard !damaged else { return .unreadable }
    if let idField, fields[idField] as? String != path.documentId { return .unreadable }
    if fields["deleted"] as? Bool == true {
      return fields["deletedAt"] is Timestamp ? .deleted : .unreadable
    }
    return reading(fields).map { .live($0) } ?? .unreadable
  }

  /// Where another client writes a document for `slot` broken by `damage`, and its fields.
  ///
  /// The document the app writes for an edit of it to 100 kcal at `now`, its calories (a meal's servings)
  /// text or negative, its `id` another slot's, or a tombstone with no deletion time.
  ///
  /// A goal has no `id` field (its path names it): its `wrongID` is a valid goal document under another name
  /// in `profile`, which names no entity, so no device may take it.
  package static func damagedDocument(_ slot: Int, _ damage: DevicesScenario.Damage, now: Date) -> (
    DocumentPath, [String: Any]
  ) {
    let path = DocumentPath(
      uid: CloudDevicesRun.uid, collection: collection, documentId: documentId(ofSlot: slot))
    var version = edited(slot, calories: 100, uid: CloudDevicesRun.uid)
    (version.lastModified, version.syncStatus) = (now, .synced)
    var document = version.document
    switch damage {
    case .wrongType: document[caloriesField] = .string("100")
    case .brokenRule: document[caloriesField] = .double(-5)
    case .wrongID:
      guard let idField = idField else {
        let stray = DocumentPath(
          uid: CloudDevicesRun.uid, collection: collection, documentId: DevicesRun.id(slot).uuidText)
        return (stray, document.dictionary)
      }
      document[idField] = .string(DevicesRun.id((slot + 1) % DevicesScenario.slots).uuidText)
    case .brokenTombstone:
      let id = documentId(ofSlot: slot)
      return (path, ["id": id, "userId": CloudDevicesRun.uid, "deleted": true])
    }
    return (path, document.dictionary)
  }
}

extension FoodItem: DevicesRunEntity {
  package static var collection: String { "foodItems" }
  package static var noun: String { "food item" }
  package static var caloriesField: String { "calories" }

  package static func edited(_ slot: Int, calories: Int, uid: String) -> EntityVersion {
    var item = FoodItemArguments()
    (item.id, item.name, item.calories) = (DevicesRun.id(slot), "item \(slot)", Double(calories))
    (item.timestamp, item.userId, item.syncStatus) = (DevicesRun.start, uid, .pendingUpload)
    return .foodItem(item)
  }

  package static func reading(_ fields: [String: Any]) -> EntityVersion? {
    ModelSchemas.foodItem.arguments(reading: fields).map(EntityVersion.foodItem)
  }

  package static func make(_ version: EntityVersion) throws -> FoodItem {
    guard case .foodItem(let a) = version else { preconditionFailure("\(version) is no food item") }
    return try a.construct()
  }

  package var version: EntityVersion { .foodItem(FoodItemArguments(self)) }
}

extension ExerciseItem: DevicesRunEntity {
  package static var collection: String { "exerciseItems" }
  package static var noun: String { "exercise item" }
  package static var caloriesField: String { "caloriesBurned" }

  package static func edited(_ slot: Int, calories: Int, uid: String) -> EntityVersion {
    var item = ExerciseItemArguments()
    (item.id, item.name, item.caloriesBurned) = (DevicesRun.id(slot), "exercise \(slot)", Double(calories))
    (item.exerciseType, item.intensity) = ("running", "moderate")
    (item.timestamp, item.userId, item.syncStatus) = (DevicesRun.start, uid, .pendingUpload)
    return .exerciseItem(item)
  }

  package static func reading(_ fields: [String: Any]) -> EntityVersion? {
    ModelSchemas.exerciseItem.arguments(reading: fields).map(EntityVersion.exerciseItem)
  }

  package static func make(_ version: EntityVersion) throws -> ExerciseItem {
    guard case .exerciseItem(let a) = version else { preconditionFailure("\(version) is no exercise item") }
    return try a.construct()
  }

  package var version: EntityVersion { .exerciseItem(ExerciseItemArguments(self)) }
}

extension CustomMeal: DevicesRunEntity {
  package static var collection: String { "customMeals" }
  package static var noun: String { "custom meal" }
  /// A meal's calories are its ingredients'; a broken document breaks its servings instead.
  package static var caloriesField: String { "servingsCount" }

  /// A meal of one ingredient of `calories`.
  package static func edited(_ slot: Int, calories: Int, uid: String) -> EntityVersion {
    var ingredient = IngredientArguments()
    (ingredient.id, ingredient.name) = (DevicesRun.id(0x80 + slot), "ingredient \(slot)")
    (ingredient.quantity, ingredient.unit, ingredient.calories) = (1, "portion", Double(calories))
    var meal = CustomMealArguments()
    (meal.id, meal.name, meal.ingredients) = (DevicesRun.id(slot), "meal \(slot)", [ingredient])
    (meal.createdAt, meal.lastUsedAt, meal.servingsCount) = (DevicesRun.start, DevicesRun.start, 1)
    (meal.userId, meal.syncStatus) = (uid, .pendingUpload)
    return .customMeal(meal)
  }

  package static func reading(_ fields: [String: Any]) -> EntityVersion? {
    ModelSchemas.customMeal.arguments(reading: fields).map(EntityVersion.customMeal)
  }

  package static func make(_ version: EntityVersion) throws -> CustomMeal {
    guard case .customMeal(let a) = version else { preconditionFailure("\(version) is no custom meal") }
    return try a.construct()
  }

  package var version: EntityVersion { .customMeal(CustomMealArguments(self)) }
}

extension UserGoal: DevicesRunEntity {
  package static var collection: String { "profile" }
  package static var noun: String { "goal" }
  package static var caloriesField: String { "dailyCalorieGoal" }
  package static var slots: Int { 1 }
  /// The goal's id as CountMeCore documents it, written out here.
  ///
  /// The goal's id as CountMeCore documents it, written out here rather than read from
  /// `UserGoal.singletonID`: the queue file and a device's store persist it, so a build that names
  /// the goal otherwise loses every goal change an earlier build left queued.
  package static func id(ofSlot slot: Int) -> UUID {
    UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x60, 0x1A))
  }
  package static func documentId(ofSlot slot: Int) -> String { "settings" }
  /// A goal's document is named by its path alone.
  package static var idField: String? { nil }
  package static var isDeletable: Bool { false }

  /// A goal of `calories` a day, first set at the run's start.
  package static func edited(_ slot: Int, calories: Int, uid: String) -> EntityVersion {
    var goal = UserGoalArguments()
    (goal.dailyCalorieGoal, goal.createdAt, goal.userId) = (calories, DevicesRun.start, uid)
    goal.syncStatus = .pendingUpload
    return .userGoal(goal)
  }

  package static func reading(_ fields: [String: Any]) -> EntityVersion? {
    ModelSchemas.userGoal.arguments(reading: fields).map(EntityVersion.userGoal)
  }

  package static func make(_ version: EntityVersion) throws -> UserGoal {
    guard case .userGoal(let a) = version else { preconditionFailure("\(version) is no goal") }
    return try a.construct()
  }

  package var version: EntityVersion { .userGoal(UserGoalArguments(self)) }
}
