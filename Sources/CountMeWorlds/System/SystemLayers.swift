import CountMeContract
import PropertyHarness

/// The implementation of each layer a run checks: the system's own, the reference's where the
/// system borrows it by name, or none.
///
/// A property is handed this value restricted to the layers it declares, so reaching any other
/// layer stops the run with a message naming the property and the layer: a declaration that
/// misses a layer is found by the first run that reaches it, the reference's included.
package struct SystemLayers: Sendable {
  /// Whose code a layer is.
  enum Source: Sendable, Equatable {
    /// The system's own.
    case own
    /// CountMeCore's, borrowed by name.
    case reference
  }

  private(set) var sources: [Layer: Source] = [:]
  /// The cloud the multi-device runs sync through: the fake unless a run asks for Firestore.
  ///
  /// NB: kept here, beside the layers, because it is what every observation of a run is handed;
  /// it is the world the system is judged in, not a layer of it, and no mutant changes it.
  package var cloud: SyncCloud = .fake
  /// The property the layers are restricted to, for the message when it reaches another.
  private var restrictedTo: PropertyID?
  private var foodItemsLayer: (any FoodItemsLayer)?
  private var exerciseItemsLayer: (any ExerciseItemsLayer)?
  private var ingredientsLayer: (any IngredientsLayer)?
  private var customMealsLayer: (any CustomMealsLayer)?
  private var dailyLogsLayer: (any DailyLogsLayer)?
  private var userGoalsLayer: (any UserGoalsLayer)?
  private var credentialsLayer: (any CredentialsLayer)?
  private var authLayer: (any AuthLayer)?
  private var accountsLayer: (any AccountsLayer)?
  private var codecLayer: (any CodecLayer)?
  private var androidFormatLayer: (any AndroidFormatLayer)?
  private var saveFeedbackLayer: (any SaveFeedbackLayer)?
  private var conflictsLayer: (any ConflictsLayer)?
  private var retentionLayer: (any RetentionLayer)?
  private var queueLayer: (any QueueLayer)?
  private var engineLayer: (any EngineLayer)?
  private var deviceSyncLayer: (any DeviceSyncLayer)?
  private var logSyncLayer: (any LogSyncLayer)?
  private var workoutSyncLayer: (any WorkoutSyncLayer)?

  /// CountMeCore's every layer.
  package static let reference = SystemLayers(ReferenceSystem())

  /// Each layer `system` implements, and CountMeCore's for each it borrows and lacks.
  package init(_ system: any SystemUnderTest) {
    let reference = ReferenceSystem()
    let borrowed = Set(system.borrowedLayers)
    func resolve<L>(_ layer: Layer, _ own: L?, _ theirs: L) -> L? {
      if let own {
        sources[layer] = .own
        return own
      }
      guard borrowed.contains(layer) else { return nil }
      sources[layer] = .reference
      return theirs
    }
    foodItemsLayer = resolve(.foodItems, system as? any FoodItemsLayer, reference)
    exerciseItemsLayer = resolve(.exerciseItems, system as? any ExerciseItemsLayer, reference)
    ingredientsLayer = resolve(.ingredients, system as? any IngredientsLayer, reference)
    customMealsLayer = resolve(.customMeals, system as? any CustomMealsLayer, reference)
    dailyLogsLayer = resolve(.dailyLogs, system as? any DailyLogsLayer, reference)
    userGoalsLayer = resolve(.userGoals, system as? any UserGoalsLayer, reference)
    credentialsLayer = resolve(.credentials, system as? any CredentialsLayer, reference)
    authLayer = resolve(.auth, system as? any AuthLayer, reference)
    accountsLayer = resolve(.accounts, system as? any AccountsLayer, reference)
    codecLayer = resolve(.codec, system as? any CodecLayer, reference)
    androidFormatLayer = resolve(.androidFormat, system as? any AndroidFormatLayer, reference)
    saveFeedbackLayer = resolve(.saveFeedback, system as? any SaveFeedbackLayer, reference)
    conflictsLayer = resolve(.conflicts, system as? any ConflictsLayer, reference)
    retentionLayer = resolve(.retention, system as? any RetentionLayer, reference)
    queueLayer = resolve(.queue, system as? any QueueLayer, reference)
    // A borrowed engine drives the queues of the queue layer resolved above, the system's own
    // where it has one.
    engineLayer = resolve(
      .engine, system as? any EngineLayer, ReferenceEngine(queues: queueLayer ?? reference))
    deviceSyncLayer = resolve(.deviceSync, system as? any DeviceSyncLayer, reference)
    logSyncLayer = resolve(.logSync, system as? any LogSyncLayer, reference)
    workoutSyncLayer = resolve(.workoutSync, system as? any WorkoutSyncLayer, reference)
  }

  /// The layers of `layers` that this system neither implements nor borrows.
  package func missing(_ layers: [Layer]) -> [Layer] { layers.filter { sources[$0] == nil } }

  /// The layers of `layers` that run CountMeCore's code, borrowed.
  package func borrowed(_ layers: [Layer]) -> [Layer] { layers.filter { sources[$0] == .reference } }

  /// These layers with every layer but `layers` taken away, for property `id`.
  package func restricted(to layers: [Layer], for id: PropertyID) -> SystemLayers {
    var copy = self
    copy.restrictedTo = id
    for layer in Layer.allCases where !layers.contains(layer) {
      copy.sources[layer] = nil
      switch layer {
      case .foodItems: copy.foodItemsLayer = nil
      case .exerciseItems: copy.exerciseItemsLayer = nil
      case .ingredients: copy.ingredientsLayer = nil
      case .customMeals: copy.customMealsLayer = nil
      case .dailyLogs: copy.dailyLogsLayer = nil
      case .userGoals: copy.userGoalsLayer = nil
      case .credentials: copy.credentialsLayer = nil
      case .auth: copy.authLayer = nil
      case .accounts: copy.accountsLayer = nil
      case .codec: copy.codecLayer = nil
      case .androidFormat: copy.androidFormatLayer = nil
      case .saveFeedback: copy.saveFeedbackLayer = nil
      case .conflicts: copy.conflictsLayer = nil
      case .retention: copy.retentionLayer = nil
      case .queue: copy.queueLayer = nil
      case .engine: copy.engineLayer = nil
      case .deviceSync: copy.deviceSyncLayer = nil
      case .logSync: copy.logSyncLayer = nil
      case .workoutSync: copy.workoutSyncLayer = nil
      }
    }
    return copy
  }

  /// The layer, which the catalog guarantees is here; stops the run naming what reached for it.
  private func required<L>(_ layer: L?, _ name: Layer) -> L {
    guard let layer else {
      let who = restrictedTo.map { "property \($0)" } ?? "a run"
      fatalError("\(who) reached the \(name.name) layer (\(name.protocolName)), which it does not declare")
    }
    return layer
  }

  package var foodItems: any FoodItemsLayer { required(foodItemsLayer, .foodItems) }
  package var exerciseItems: any ExerciseItemsLayer { required(exerciseItemsLayer, .exerciseItems) }
  package var ingredients: any IngredientsLayer { required(ingredientsLayer, .ingredients) }
  package var customMeals: any CustomMealsLayer { required(customMealsLayer, .customMeals) }
  package var dailyLogs: any DailyLogsLayer { required(dailyLogsLayer, .dailyLogs) }
  package var userGoals: any UserGoalsLayer { required(userGoalsLayer, .userGoals) }
  package var credentials: any CredentialsLayer { required(credentialsLayer, .credentials) }
  var auth: any AuthLayer { required(authLayer, .auth) }
  var accounts: any AccountsLayer { required(accountsLayer, .accounts) }
  package var codec: any CodecLayer { required(codecLayer, .codec) }
  package var androidFormat: any AndroidFormatLayer { required(androidFormatLayer, .androidFormat) }
  package var saveFeedback: any SaveFeedbackLayer { required(saveFeedbackLayer, .saveFeedback) }
  package var conflicts: any ConflictsLayer { required(conflictsLayer, .conflicts) }
  var retention: any RetentionLayer { required(retentionLayer, .retention) }
  var queue: any QueueLayer { required(queueLayer, .queue) }
  var engine: any EngineLayer { required(engineLayer, .engine) }
  var deviceSync: any DeviceSyncLayer { required(deviceSyncLayer, .deviceSync) }
  var logSync: any LogSyncLayer { required(logSyncLayer, .logSync) }
  package var workoutSync: any WorkoutSyncLayer { required(workoutSyncLayer, .workoutSync) }
}
