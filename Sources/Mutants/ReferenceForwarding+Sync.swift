import CountMeContract
import CountMeCore
import Foundation

extension ReferenceForwarding {
  func resolveFoodItems(_ a: FoodItemArguments, _ b: FoodItemArguments) throws -> FoodItemArguments {
    try reference.resolveFoodItems(a, b)
  }
  func resolveExerciseItems(_ a: ExerciseItemArguments, _ b: ExerciseItemArguments) throws
    -> ExerciseItemArguments
  { try reference.resolveExerciseItems(a, b) }
  func resolveCustomMeals(_ a: CustomMealArguments, _ b: CustomMealArguments) throws -> CustomMealArguments {
    try reference.resolveCustomMeals(a, b)
  }
  func resolveUserGoals(_ a: UserGoalArguments, _ b: UserGoalArguments) throws -> UserGoalArguments {
    try reference.resolveUserGoals(a, b)
  }
  func mergeDailyLogs(_ a: DailyLogArguments, _ b: DailyLogArguments, deleted: [UUID]) throws
    -> DailyLogArguments
  { try reference.mergeDailyLogs(a, b, deleted: deleted) }
  func editFoodItem(in store: EntityStore<FoodItem>, _ item: FoodItemArguments, now: Date) throws
    -> EntityStore<FoodItem>
  { try reference.editFoodItem(in: store, item, now: now) }
  func deleteFoodItem(in store: EntityStore<FoodItem>, id: UUID, now: Date) -> EntityStore<FoodItem> {
    reference.deleteFoodItem(in: store, id: id, now: now)
  }
  func mergeFoodItems(_ store: EntityStore<FoodItem>, from other: EntityStore<FoodItem>)
    -> EntityStore<FoodItem>
  { reference.mergeFoodItems(store, from: other) }
  func applyRetention(to data: UserData, now: Date) -> UserData {
    reference.applyRetention(to: data, now: now)
  }
  func mergeUserData(_ data: UserData, from other: UserData) -> UserData {
    reference.mergeUserData(data, from: other)
  }

  // NB: no `makeDefaultQueue`/`loadDefaultQueue` here: `QueueLayer`'s own, over this mutant's
  // `makeQueue`/`loadQueue`, are what a queue mutant's defaults must be judged through.
  func makeQueue(capacity: Int, policy: RetryPolicy) -> any SyncQueueing {
    reference.makeQueue(capacity: capacity, policy: policy)
  }
  func persistQueue(_ queue: any SyncQueueing) -> Data { reference.persistQueue(queue) }
  func loadQueue(_ data: Data, capacity: Int, policy: RetryPolicy) -> (
    queue: any SyncQueueing, corrupted: String?
  ) { reference.loadQueue(data, capacity: capacity, policy: policy) }

  /// CountMeCore's engine over this mutant's own queues.
  func makeEngine(_ setup: EngineSetup) -> any EngineUnderTest {
    ReferenceEngine(queues: self).makeEngine(setup)
  }
  func makeSync<Entity: CloudSyncedEntity>(of type: Entity.Type, uid: String, queue: any SyncQueueing)
    -> any DeviceSyncUnderTest<Entity>
  { reference.makeSync(of: type, uid: uid, queue: queue) }
  func migrate<Entity: CloudSyncedEntity>(
    _ guest: EntityStore<Entity>, uid: String, queue: any SyncQueueing, now: Date
  ) -> any DeviceSyncUnderTest<Entity> { reference.migrate(guest, uid: uid, queue: queue, now: now) }
  func makeLogSync(uid: String, logs: EntityStore<DailyLog>, queues: [any SyncQueueing])
    -> any LogSyncUnderTest
  {
    reference.makeLogSync(uid: uid, logs: logs, queues: queues)
  }
}

extension ReferenceForwarding {
  func winner(
    local: (updatedAt: Date, contentHash: UInt64), cloud: (updatedAt: Date, contentHash: UInt64)?,
    policy: SyncPolicy
  ) -> WorkoutConflicts.Side {
    reference.winner(local: local, cloud: cloud, policy: policy)
  }
  func merge(local: WorkoutTemplate, cloud: WorkoutTemplate, policy: SyncPolicy) -> WorkoutTemplate {
    reference.merge(local: local, cloud: cloud, policy: policy)
  }
  func merge(local: WorkoutSession, cloud: WorkoutSession, policy: SyncPolicy) -> WorkoutSession {
    reference.merge(local: local, cloud: cloud, policy: policy)
  }
  func makeWorkoutDevice(policy: SyncPolicy) -> any WorkoutDeviceUnderTest {
    reference.makeWorkoutDevice(policy: policy)
  }
  func makeWorkoutApp(policy: SyncPolicy) -> any WorkoutAppUnderTest {
    reference.makeWorkoutApp(policy: policy)
  }
  func makeQueue(under policy: SyncPolicy) -> any SyncQueueing { reference.makeQueue(under: policy) }
  func restoreQueue(from data: Data, under policy: SyncPolicy) -> (
    queue: any SyncQueueing, corrupted: String?
  ) {
    reference.restoreQueue(from: data, under: policy)
  }
  func restoreWorkoutDevice(from data: Data, policy: SyncPolicy) -> (
    device: any WorkoutDeviceUnderTest, corrupted: String?
  ) {
    reference.restoreWorkoutDevice(from: data, policy: policy)
  }
}
