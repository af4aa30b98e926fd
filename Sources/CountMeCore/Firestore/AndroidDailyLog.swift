import Foundation

/// A daily log in the Android client's format, which the iOS app must read and write too.
///
/// A daily log as seed 003 has both clients store it at `users/{uid}/dailyLogs/{id}`: the Android
/// client's format, which the iOS app must read and write too (requirement 1.3).
///
/// The schema the harness assumes, since the seed names no field list, is in `docs/rules.md` ("Android
/// parity").
///
/// What differs from the iOS document (`DailyLog.toFirestoreData`): the day is an epoch day in the
/// zone the log was saved in, not a timestamp; the time of the last change is `updatedAt`, whole
/// seconds since 1970, not `lastModified`; no `syncStatus` (a device's own bookkeeping). The items
/// are documents of their own, named by id, as on iOS.
public struct AndroidDailyLog: Equatable, Hashable, Sendable, Codable {
  /// Its identity, stable across devices.
  public let id: UUID
  /// The owner's uid.
  public var userId: String
  /// The day (`EpochDay`), in the zone it was saved in.
  public var epochDay: Int64
  /// The ids of the day's food items, in the log's order.
  public var foodItemIds: [UUID]
  /// The ids of the day's exercise items, in the log's order.
  public var exerciseItemIds: [UUID]
  /// Calories eaten that day, at least 0.
  public var totalCalories: Double
  /// The calorie goal, `0...maxDailyGoal`, or nil.
  public var dailyGoal: Double?
  /// Whole seconds since 1970-01-01T00:00:00Z at the last change.
  public var updatedAt: Int64
  /// Where it stands with the cloud: this device's bookkeeping, never written.
  public var syncStatus: SyncStatus

  /// Creates one from its parts, as a document holds them (`fromFirestoreData` checks the rules).
  public init(
    id: UUID, userId: String, epochDay: Int64, foodItemIds: [UUID], exerciseItemIds: [UUID],
    totalCalories: Double, dailyGoal: Double?, updatedAt: Int64, syncStatus: SyncStatus = .synced
  ) {
    self.id = id
    self.userId = userId
    self.epochDay = epochDay
    self.foodItemIds = foodItemIds
    self.exerciseItemIds = exerciseItemIds
    self.totalCalories = totalCalories
    self.dailyGoal = dailyGoal
    self.updatedAt = updatedAt
    self.syncStatus = syncStatus
  }

  /// `log` as it is saved in time zone `zone`.
  ///
  /// Its day is the local day its `date` falls on there, its `updatedAt` the whole seconds of its
  /// `lastModified`, toward the past (`seconds(of:)`).
  public init(_ log: DailyLog, savedIn zone: TimeZone) {
    self.init(
      id: log.id, userId: log.userId, epochDay: EpochDay.of(log.date, in: zone),
      foodItemIds: log.foodItems.map(\.id), exerciseItemIds: log.exerciseItems.map(\.id),
      totalCalories: log.totalCalories, dailyGoal: log.dailyGoal,
      updatedAt: Self.seconds(of: log.lastModified))
  }

  /// The log as read in time zone `zone`.
  ///
  /// The log read in time zone `zone`: dated the first instant of its day there
  /// (`EpochDay.start(of:in:)`), last modified at `updatedAt`, with this version's sync status.
  ///
  /// As the iOS document's reader, it holds no items: they are documents of their own.
  ///
  /// - Throws: `ValidationError` for a goal outside its range.
  public func dailyLog(in zone: TimeZone) throws -> DailyLog {
    try DailyLog(
      id: id, date: EpochDay.start(of: epochDay, in: zone), dailyGoal: dailyGoal, userId: userId,
      lastModified: lastModified, syncStatus: syncStatus)
  }

  /// Where it lives: `users/{userId}/dailyLogs/{id}`, the id in lower case (`documentId(of:)`).
  public var path: DocumentPath { Self.path(of: id, userId: userId) }

  /// Where log `id` of user `userId` lives.
  public static func path(of id: UUID, userId: String) -> DocumentPath {
    DocumentPath(uid: userId, collection: EntityType.dailyLog.collection, documentId: documentId(of: id))
  }

  /// The id of log `id`'s document: its UUID in lower case, as Android writes it.
  public static func documentId(of id: UUID) -> String { id.idText.lowercased() }

  /// The whole seconds since 1970 of `date`, rounded toward the past.
  ///
  /// The whole seconds since 1970 of `date`, toward the past: the seconds of the Firestore
  /// timestamp it is written as (`Timestamp(date:)`, to the nanosecond), without its nanoseconds.
  ///
  /// So both clients truncate, and a time read back is never later than the one written.
  public static func seconds(of date: Date) -> Int64 { Timestamp(date: date).seconds }
}
