import Foundation

/// The kind of record an app syncs, which names the collection it lives in: CountMe's, the workout app's, or any app's.
///
/// The kinds of record the apps sync, by the collection they live in: CountMe's five, seed 004's
/// workout app's eight, and any app's own collection (`init?(collection:)`), so that an app that is
/// not CountMe queues and syncs its records through the same queue and sync.
///
/// Persisted by raw value (queue-file format v1), so a known type is never renamed; generators of
/// CountMe's operations draw from `countmeTypes`, not `allCases`, so adding one moves no generated
/// case. An app's type is persisted as its collection's name.
public struct EntityType: RawRepresentable, Hashable, Codable, Sendable, CustomStringConvertible {
  /// The name the queue file keeps: "foodItem", or an app's collection name.
  public let rawValue: String
  /// The Firestore collection under `users/{uid}/`.
  public let collection: String

  private init(known rawValue: String, _ collection: String) {
    (self.rawValue, self.collection) = (rawValue, collection)
  }

  /// `foodItem`, in `foodItems`.
  public static let foodItem = EntityType(known: "foodItem", "foodItems")
  /// `exerciseItem`, in `exerciseItems`.
  public static let exerciseItem = EntityType(known: "exerciseItem", "exerciseItems")
  /// `dailyLog`, in `dailyLogs`.
  public static let dailyLog = EntityType(known: "dailyLog", "dailyLogs")
  /// `customMeal`, in `customMeals`.
  public static let customMeal = EntityType(known: "customMeal", "customMeals")
  /// `userGoal`, in `profile`.
  public static let userGoal = EntityType(known: "userGoal", "profile")
  /// `setData`, in `setData`.
  public static let setData = EntityType(known: "setData", "setData")
  /// `session`, in `sessions`.
  public static let session = EntityType(known: "session", "sessions")
  /// `userProfile`, in `userProfiles`.
  public static let userProfile = EntityType(known: "userProfile", "userProfiles")
  /// `customExercise`, in `customExercises`.
  public static let customExercise = EntityType(known: "customExercise", "customExercises")
  /// `module`, in `modules`.
  public static let module = EntityType(known: "module", "modules")
  /// `workout`, in `workouts`.
  public static let workout = EntityType(known: "workout", "workouts")
  /// `program`, in `programs`.
  public static let program = EntityType(known: "program", "programs")
  /// `scheduledWorkout`, in `scheduledWorkouts`.
  public static let scheduledWorkout = EntityType(known: "scheduledWorkout", "scheduledWorkouts")

  /// The types CountMe syncs (seeds 001/002).
  public static let countmeTypes: [EntityType] = [
    .foodItem, .exerciseItem, .dailyLog, .customMeal, .userGoal,
  ]

  /// The types seed 004's workout app syncs, in its priority order (1.3): the active workout's
  /// sets first, the library last.
  public static let workoutTypes: [EntityType] = [
    .setData, .session, .userProfile, .customExercise, .module, .workout, .program, .scheduledWorkout,
  ]

  /// The types the harness knows: CountMe's, then the workout app's.
  public static let allCases: [EntityType] = countmeTypes + workoutTypes

  /// The known type `rawValue` names, or else an app's type whose collection it names; nil when it can be neither.
  ///
  /// The known type `rawValue` names, or else the app type of collection `rawValue`
  /// (`init?(collection:)`): nil for a name that is no app's collection.
  public init?(rawValue: String) {
    if let known = Self.allCases.first(where: { $0.rawValue == rawValue }) {
      self = known
    } else if let app = EntityType(collection: rawValue), app.rawValue == rawValue {
      self = app
    } else {
      return nil
    }
  }

  /// The type whose documents live in `users/{uid}/{collection}/`: a known one's, or an app's own.
  ///
  /// The type of collection `collection`: a known type's when it is one (`"foodItems"`), otherwise
  /// an app's own type named by the collection. Nil when `collection` is no name an app's type may
  /// have: 1 to 100 ASCII letters, digits and underscores, beginning with a letter, and not a known
  /// type's persisted name (`"workout"` is the workout app's, whose collection is `"workouts"`).
  public init?(collection: String) {
    if let known = Self.allCases.first(where: { $0.collection == collection }) {
      self = known
      return
    }
    let bytes = Array(collection.utf8)
    guard (1...100).contains(bytes.count), bytes[0].isASCIILetter,
      bytes.allSatisfy({ $0.isASCIILetter || (48...57).contains($0) || $0 == 95 }),
      !Self.allCases.contains(where: { $0.rawValue == collection })
    else { return nil }
    (rawValue, self.collection) = (collection, collection)
  }

  /// Equal raw values: the collection follows from it.
  public static func == (lhs: EntityType, rhs: EntityType) -> Bool { lhs.rawValue == rhs.rawValue }

  /// Hashes the raw value.
  public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

  /// Reads the raw value; a name that is no type's is a decoding error.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let raw = try container.decode(String.self)
    guard let type = EntityType(rawValue: raw) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "unknown entity type \"\(raw)\"")
    }
    self = type
  }

  /// Writes the raw value.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }

  /// The raw value.
  public var description: String { rawValue }
}

extension UInt8 {
  fileprivate var isASCIILetter: Bool { (65...90).contains(self) || (97...122).contains(self) }
}
