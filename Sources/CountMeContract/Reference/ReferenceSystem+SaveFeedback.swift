import CountMeCore
import Foundation

extension ReferenceSystem {
  /// CountMeCore's `SaveFeedback(result).message`.
  public func saveMessage(for result: Result<Void, SyncError>) -> String { SaveFeedback(result).message }

  /// CountMeCore's `SaveFeedback.savedOffline.message`.
  public func offlineSaveMessage() -> String { SaveFeedback.savedOffline.message }
}
