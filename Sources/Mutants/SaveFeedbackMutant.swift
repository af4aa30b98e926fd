import CountMeContract
import CountMeCore
import Foundation

/// One bug in the message a save ends with; the rest is the reference.
struct SaveFeedbackMutant: ReferenceForwarding {
  enum Bug: Sendable {
    /// A timed-out call gets the generic message, not "check your internet connection".
    ///
    /// A timed-out call gets the generic message, its description, where seed 003 says "check your
    /// internet connection" (only `networkUnavailable` counted as a network problem).
    case timeoutNotNetwork
    /// A refusal by the rules is told as a network problem.
    ///
    /// As an app that retries everything would: the user is asked to check a connection that works instead of
    /// signing in again.
    case deniedAsNetwork
    /// A save kept and queued offline is told as a failure: "Failed to save: Check your internet connection".
    ///
    /// Seed 003's 4.3 words taken literally for an offline save, which the device kept and will
    /// sync: the user is told it failed, and saves it again.
    case offlineSaveReportedFailed
  }

  let bug: Bug

  init(_ bug: Bug) { self.bug = bug }

  func saveMessage(for result: Result<Void, SyncError>) -> String {
    switch (bug, result) {
    case (.timeoutNotNetwork, .failure(.deadlineExceeded)):
      return "Failed to save: " + (SyncError.deadlineExceeded.errorDescription ?? "")
    case (.deniedAsNetwork, .failure(.permissionDenied)): return SaveFeedback.failedNetwork.message
    default: return reference.saveMessage(for: result)
    }
  }

  func offlineSaveMessage() -> String {
    bug == .offlineSaveReportedFailed ? SaveFeedback.failedNetwork.message : reference.offlineSaveMessage()
  }
}
