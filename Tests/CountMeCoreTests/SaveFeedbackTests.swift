import Foundation
import Testing

@testable import CountMeCore

@Suite("Save feedback")
struct SaveFeedbackTests {
  @Test(
    "each outcome gets seed 003's message",
    arguments: [
      (Result<Void, SyncError>.success(()), "Log saved successfully"),
      (.failure(.networkUnavailable), "Failed to save: Check your internet connection"),
      (.failure(.deadlineExceeded), "Failed to save: Check your internet connection"),
      (.failure(.notAuthenticated), "Failed to save: Please sign in again"),
      (.failure(.permissionDenied(path: "users/u1/dailyLogs/x")), "Failed to save: Please sign in again"),
      (
        .failure(.missingField(model: "DailyLog", field: "date")),
        "Failed to save: DailyLog document has no date."
      ),
    ])
  func messages(result: Result<Void, SyncError>, message: String) {
    #expect(SaveFeedback(result).message == message)
  }
}
