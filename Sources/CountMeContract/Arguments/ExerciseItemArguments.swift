import CountMeCore
import Foundation

/// Every argument of `ExerciseItem.init`, in its order: an input for properties 3 and 4.
public struct ExerciseItemArguments: Sendable, Equatable {
  /// Its identity, stable across devices.
  public var id: UUID = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
  /// The name a person sees.
  public var name: String = ""
  /// Energy burned in kilocalories, `0...maxCalories`.
  public var caloriesBurned: Double = 0
  /// Minutes, `0...maxDurationMinutes`, or nil when not given.
  public var durationMinutes: Double?
  /// The kind of exercise, kept as written (unknown kinds included).
  public var exerciseType: String = ""
  /// How hard, kept as written.
  public var intensity: String = ""
  /// Free text, or nil.
  public var notes: String?
  /// When it happened.
  public var timestamp: Date = Date(timeIntervalSince1970: 0)
  /// The owner's uid ("" before sign-in).
  public var userId: String = ""
  /// When it was last changed, for conflict resolution.
  public var lastModified: Date = Date(timeIntervalSince1970: 0)
  /// Where it stands with the cloud.
  public var syncStatus: SyncStatus = .synced

  /// A blank value, every field at its simplest (nil UUID, empty, 0, nil, 1970), for a decoder
  /// to fill in field by field.
  public init() {}

  /// Creates an `ExerciseItemArguments` from its parts: an adapter's way to hand over its model, with the
  /// compiler checking that it names every field.
  ///
  /// NB: the body repeats `ExerciseItem.init`'s assignments on purpose: this value must be able to
  /// hold what the model refuses, and Swift writes no public memberwise initialiser.
  public init(
    id: UUID, name: String, caloriesBurned: Double, durationMinutes: Double?, exerciseType: String,
    intensity: String, notes: String?, timestamp: Date, userId: String, lastModified: Date,
    syncStatus: SyncStatus
  ) {
    self.id = id
    self.name = name
    self.caloriesBurned = caloriesBurned
    self.durationMinutes = durationMinutes
    self.exerciseType = exerciseType
    self.intensity = intensity
    self.notes = notes
    self.timestamp = timestamp
    self.userId = userId
    self.lastModified = lastModified
    self.syncStatus = syncStatus
  }
}
