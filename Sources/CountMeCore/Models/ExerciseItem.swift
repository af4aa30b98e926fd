import Foundation

/// An exercise entry: what was done, for how long, and the calories it burned.
public struct ExerciseItem: Equatable, Hashable, Sendable {
  /// Its identity, stable across devices.
  public let id: UUID
  /// The name a person sees.
  public let name: String
  /// Energy burned in kilocalories, `0...maxCalories`.
  public let caloriesBurned: Double
  /// Minutes, `0...maxDurationMinutes`, or nil when not given.
  public let durationMinutes: Double?
  /// A raw `ExerciseType` value; unknown values are kept as they are.
  public var exerciseType: String
  /// A raw `ExerciseIntensity` value; unknown values are kept as they are.
  public var intensity: String
  /// Free text, or nil.
  public var notes: String?
  /// When it happened.
  public var timestamp: Date
  /// The owner's uid ("" before sign-in).
  public var userId: String
  /// When it was last changed, for conflict resolution.
  public var lastModified: Date
  /// Where it stands with the cloud.
  public var syncStatus: SyncStatus

  /// Creates an exercise entry, checking requirement 2.
  ///
  /// - Throws: `ValidationError` when the name has no visible character, calories burned are
  ///   outside `0...maxCalories`, the duration is outside `0...maxDurationMinutes`, or a number is
  ///   not finite.
  public init(
    id: UUID = UUID(), name: String, caloriesBurned: Double, durationMinutes: Double? = nil,
    exerciseType: String = "walking", intensity: String = "moderate", notes: String? = nil,
    timestamp: Date = Date(), userId: String = "", lastModified: Date = Date(),
    syncStatus: SyncStatus = .pendingUpload
  ) throws {
    let model = "ExerciseItem"
    try Rules.name(name, of: model)
    try Rules.calories(caloriesBurned, field: "caloriesBurned", of: model)
    try Rules.duration(durationMinutes)
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

extension ExerciseItem: Codable {
  /// Decodes through the validating initialiser, so decoding can't build an invalid item.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    try self.init(
      id: c.decode(UUID.self, forKey: .id), name: c.decode(String.self, forKey: .name),
      caloriesBurned: c.decode(Double.self, forKey: .caloriesBurned),
      durationMinutes: c.decodeIfPresent(Double.self, forKey: .durationMinutes),
      exerciseType: c.decode(String.self, forKey: .exerciseType),
      intensity: c.decode(String.self, forKey: .intensity),
      notes: c.decodeIfPresent(String.self, forKey: .notes),
      timestamp: c.decode(Date.self, forKey: .timestamp),
      userId: c.decode(String.self, forKey: .userId),
      lastModified: c.decode(Date.self, forKey: .lastModified),
      syncStatus: c.decode(SyncStatus.self, forKey: .syncStatus))
  }
}
