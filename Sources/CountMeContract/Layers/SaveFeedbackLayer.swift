import CountMeCore
import Foundation

/// The message the app shows when saving a daily log ends (seed 003, requirement 4), judged by X4.3 and X1.5.
public protocol SaveFeedbackLayer: SystemUnderTest {
  /// The message for a save that ended with `result`.
  func saveMessage(for result: Result<Void, SyncError>) -> String
  /// The message for a save the device kept and queued because it is offline.
  ///
  /// The message for a save the device stored and queued for upload because it is offline (seed
  /// 003, 5.5: it syncs once the connection is back). By default the network failure's,
  /// `saveMessage(for: .failure(.networkUnavailable))`: seed 003's 4.3 words, which tell the user
  /// that a log they still have failed to save, and which X1.5 refuses.
  func offlineSaveMessage() -> String
}

extension SaveFeedbackLayer {
  /// The network failure's message, seed 003's 4.3 words.
  public func offlineSaveMessage() -> String { saveMessage(for: .failure(.networkUnavailable)) }
}
