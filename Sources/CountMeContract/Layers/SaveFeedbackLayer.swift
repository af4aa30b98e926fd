import CountMeCore
import Foundation

/// The message the app shows when saving a daily log ends (seed 003, requirement 4), judged by X4.3.
public protocol SaveFeedbackLayer: SystemUnderTest {
  /// The message for a save that ended with `result`.
  func saveMessage(for result: Result<Void, SyncError>) -> String
}
