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
public enum SaveFeedback: Equatable, Sendable {
  /// The save went through: "Log saved successfully".
  case saved
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
    case .failedNetwork: return "Failed to save: Check your internet connection"
    case .failedAuthentication: return "Failed to save: Please sign in again"
    case .failed(let error): return "Failed to save: " + (error.errorDescription ?? "\(error)")
    }
  }
}
