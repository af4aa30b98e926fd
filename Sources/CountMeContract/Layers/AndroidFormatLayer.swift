import CountMeCore
import Foundation

/// Seed 003's daily-log document, which the iOS app must write and read as the Android client does.
///
/// Seed 003's daily-log document, which the iOS app must write and read as the Android client
/// does at `users/{uid}/dailyLogs/{id}`: the day as an epoch day in the zone it was saved in, the
/// time of the last change as `updatedAt` in whole seconds.
///
/// A second codec of the daily log, judged by X1.3, X1.6, X2.2, X2.3 and X2.4 against the harness's own
/// Android client.
///
/// Read and write take the user's time zone at that moment: a day is a local day.
public protocol AndroidFormatLayer: SystemUnderTest {
  /// The document the implementation writes for the log these arguments build, saved in `zone`.
  func encodeAndroidDailyLog(_ arguments: DailyLogArguments, savedIn zone: TimeZone) throws -> [String: Any]
  /// The path the implementation writes log `id` of user `userId` at, e.g.
  /// `users/u1/dailyLogs/0b6f…`.
  func androidDailyLogPath(userId: String, id: UUID) -> String
  /// What a document written by either client holds, read in `zone`.
  ///
  /// - Throws: `SyncError` for a document it refuses.
  func decodeAndroidDailyLog(_ document: [String: Any], readIn zone: TimeZone) throws -> LogDocumentArguments
}
