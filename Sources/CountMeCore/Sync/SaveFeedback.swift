import Foundation

/// What the app tells the user when saving a daily log ends.
///
/// What the app tells the user when saving a daily log ends (seed 003, requirement 4): the data
/// layer decides which message an outcome gets; showing it (for 3 seconds, after a loading
/// indicator) is the app's.
///
/// A network problem (`networkUnavailable`, `cloudUnavailable`, `deadlineExceeded`: the device or
/// the path to the cloud) and an authentication problem (`notAuthenticated`, `permissionDenied`:
/// the rules refuse a caller whose session is gone or is someone else's) each get seed 003's fixed
/// message; any other error gets "Failed to save: " and the error's own description.
///
/// A save the device kept and queued because it is offline is not a failure (seed 003, 5.5: it
/// syncs once the connection is back): it gets a message of ours that says so (`savedOffline`),
/// where 4.3's network message would tell the user that a kept log failed to save
/// (`docs/rules.md`, "The message a save ends with").
public enum SaveFeedback: Equatable, Sendable {
  /// The save went through: "Log saved successfully".
  case saved
  /// Kept on the device and queued while it is offline: "Saved on this device: it will sync when you're online".
  case savedOffline
  /// "Failed to save: Check your internet connection".
  case failedNetwork
  /// "Failed to save: Please sign in again".
  case failedAuthentication
  /// "Failed to save: " and the error's description.
  case failed(SyncError)

  /// The feedback for a save that ended with `result`.
  public init(_ result: Result<Void, SyncError>) {
    switch result {
    case .success: self = .saved
    case .failure(.networkUnavailable), .failure(.cloudUnavailable), .failure(.deadlineExceeded):
      self = .failedNetwork
    case .failure(.notAuthenticated), .failure(.permissionDenied): self = .failedAuthentication
    case .failure(let error): self = .failed(error)
    }
  }

  /// The message, in seed 003's words.
  public var message: String {
    switch self {
    case .saved: return "Log saved successfully"
    case .savedOffline: return "Saved on this device: it will sync when you're online"
    case .failedNetwork: return "Failed to save: Check your internet connection"
    case .failedAuthentication: return "Failed to save: Please sign in again"
    case .failed(let error): return "Failed to save: " + (error.errorDescription ?? "\(error)")
    }
  }
}
