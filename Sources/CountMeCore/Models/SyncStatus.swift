/// Where a local record stands with respect to the cloud.
public enum SyncStatus: String, Codable, CaseIterable, Sendable {
  case synced
  case pendingUpload
  case pendingDelete
  case conflict
}

/// Where a food entry came from.
public enum FoodItemSource: String, Codable, CaseIterable, Sendable {
  case api
  case manual
  case customMeal
}

/// The exercise types the app knows.
///
/// `ExerciseItem.exerciseType` stores the raw string, so a type written by a newer client is kept as it is
/// rather than rewritten.
public enum ExerciseType: String, CaseIterable, Sendable {
  case walking, running, cycling, strengthTraining, yoga, swimming, rowing, elliptical, hiit, hiking,
    sports
}

/// The intensities the app knows; like `ExerciseType`, unknown raw values are kept.
public enum ExerciseIntensity: String, CaseIterable, Sendable {
  case light, moderate, vigorous
}
