/// A part of the contract an implementation provides on its own: one protocol each.
///
/// A property declares the layers it exercises, and runs only against an implementation that
/// provides every one of them (or borrows it from the reference by name); a mutant breaks one
/// layer, and the kill matrix runs it against the properties that exercise that layer.
///
/// NB: the models are one layer per model, so an app can bring its models one at a time: its
/// `FoodItem` first, say, with every other model's properties reported as not checked.
public enum Layer: String, Sendable, CaseIterable, Comparable {
  /// `FoodItemsLayer`: the food item's validating and convenience initialisers.
  case foodItems
  /// `ExerciseItemsLayer`: the exercise item's initialisers.
  case exerciseItems
  /// `IngredientsLayer`: the ingredient's validating initialiser.
  case ingredients
  /// `CustomMealsLayer`: the custom meal's initialisers and totals.
  case customMeals
  /// `DailyLogsLayer`: the daily log's initialisers and totals.
  case dailyLogs
  /// `UserGoalsLayer`: the user's goal's initialisers.
  case userGoals
  /// `CredentialsLayer`: the email and password rules account creation checks.
  case credentials
  /// `AuthLayer`: a device's sign-up, sign-in, sessions and sign-out.
  case auth
  /// `AccountsLayer`: a phone several users sign in on, each one's data kept apart.
  case accounts
  /// `CodecLayer`: the Firestore documents models write, and the deserialisers.
  case codec
  /// `AndroidFormatLayer`: seed 003's daily-log document, as the Android client writes it.
  case androidFormat
  /// `SaveFeedbackLayer`: the message a daily log's save ends with.
  case saveFeedback
  /// `ConflictsLayer`: how two versions of one entity become one, and a store's edits and merges.
  case conflicts
  /// `RetentionLayer`: what a user's data keeps as it ages, and how two places' data merge.
  case retention
  /// `QueueLayer`: the offline sync queue and the file it persists to.
  case queue
  /// `EngineLayer`: the sync engine around the queue, with its cloud, clock and file.
  case engine
  /// `DeviceSyncLayer`: a device's sync of one collection through the cloud.
  case deviceSync
  /// `LogSyncLayer`: a device's sync of its daily logs and the items in them.
  case logSync
  /// `WorkoutSyncLayer`: seed 004's workout data, its conflicts, merges and a device's sync.
  case workoutSync

  /// How reports name it: "the reference \(name)".
  public var name: String {
    switch self {
    case .foodItems: return "food items"
    case .exerciseItems: return "exercise items"
    case .ingredients: return "ingredients"
    case .customMeals: return "custom meals"
    case .dailyLogs: return "daily logs"
    case .userGoals: return "user goals"
    case .credentials: return "credentials"
    case .auth: return "auth"
    case .accounts: return "accounts"
    case .codec: return "codec"
    case .androidFormat: return "Android format"
    case .saveFeedback: return "save feedback"
    case .conflicts: return "conflicts"
    case .retention: return "retention"
    case .queue: return "queue"
    case .engine: return "engine"
    case .deviceSync: return "device sync"
    case .logSync: return "log sync"
    case .workoutSync: return "workout sync"
    }
  }

  /// The protocol an implementation conforms to for it, e.g. `QueueLayer`.
  public var protocolName: String {
    let first = rawValue.prefix(1).uppercased() + rawValue.dropFirst()
    return first + "Layer"
  }

  /// Catalog order: models first, then the credentials, auth and accounts, the codecs, conflicts, retention, the queue and the syncs.
  public static func < (lhs: Layer, rhs: Layer) -> Bool {
    let order = allCases
    return (order.firstIndex(of: lhs) ?? 0) < (order.firstIndex(of: rhs) ?? 0)
  }
}
