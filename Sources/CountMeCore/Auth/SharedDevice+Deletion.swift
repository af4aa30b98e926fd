import Foundation

/// What a shared phone asks its driver to do next: a pass's token refresh and cloud calls, or an
/// account deletion's.
public enum SharedDeviceAction: Sendable {
  /// Send `request` (each pass's first step, a token refresh; each deletion's, a re-authentication)
  /// to the auth service; report the answer with `answered`.
  case auth(AuthRequest)
  /// Read every document of user `owner`'s `collection` the cloud changed after revision `after`;
  /// report them with `downloaded`.
  case download(owner: String, after: Int)
  /// Write `document` at `path`; report with `uploaded`.
  case upload(OperationID, path: DocumentPath, document: CloudDocument)
  /// Delete the document at `path` for the pass; report with `uploaded`.
  case delete(OperationID, path: DocumentPath)
  /// Nothing is due before `until`; the pass may wait or end here.
  case wait(until: Date)
  /// Account deletion: read every document of user `owner`'s `collection`; report their paths
  /// with `listed`.
  case list(owner: String, collection: String)
  /// Account deletion: delete the document at `path`; report with `removed`.
  case deleteDocument(DocumentPath)
  /// Account deletion: delete the account the session `token` signs in to; report with
  /// `accountDeleted`.
  case deleteAccount(token: String)
  /// The pass or the deletion is over.
  case done

  /// A pass's action of the user's `CollectionSync`.
  public init(_ action: CollectionSyncAction) {
    switch action {
    case .download(let owner, let after): self = .download(owner: owner, after: after)
    case .upload(let id, let path, let document): self = .upload(id, path: path, document: document)
    case .delete(let id, let path): self = .delete(id, path: path)
    case .wait(let until): self = .wait(until: until)
    case .done: self = .done
    }
  }
}

extension SharedDevice {
  /// Starts deleting the signed-in user's account, confirmed with their `password`; false when
  /// nobody is signed in or the phone is busy.
  ///
  /// The user signs in again first (`AuthRequest.reauthenticate`): the auth service deletes an
  /// account only after a recent sign-in, and a fresh token also outlives the calls (an account
  /// deleted elsewhere, or a wrong password, ends the deletion here, before anything is deleted). The
  /// cloud goes next, every collection, while the session still signs the calls in; then the
  /// account, which revokes its sessions on every phone; only then does the phone forget the user. A
  /// failure on the way stops it, everything on the phone as it was (the documents deleted so far
  /// stay deleted): the user may retry. Takes the place of a pass paused at a backoff.
  public mutating func deleteAccount(password: String) -> Bool {
    guard let uid = user, !awaiting else { return false }
    task = .deleting(AccountDeletion(uid: uid, password: password))
    deletionError = nil
    return true
  }

  /// The documents of the collection the deletion listed; the error to show when it failed.
  @discardableResult
  public mutating func listed(_ result: Result<[DocumentPath], SyncError>) -> AuthError? {
    awaiting = false
    guard case .deleting(var deletion) = task, case .success(let documents) = result else {
      return stopDeletion()
    }
    deletion.collections.removeFirst()
    deletion.documents = documents.sorted()
    task = .deleting(deletion)
    return nil
  }

  /// How the deletion of the first document listed went; the error to show when it failed.
  @discardableResult
  public mutating func removed(_ result: Result<Void, SyncError>) -> AuthError? {
    awaiting = false
    guard case .deleting(var deletion) = task, case .success = result, !deletion.documents.isEmpty else {
      return stopDeletion()
    }
    deletion.documents.removeFirst()
    task = .deleting(deletion)
    return nil
  }

  /// Takes in how the deletion of the account went, and returns the error to show when it failed.
  ///
  /// How the deletion of the account went: done (or the service no longer has the account, deleted
  /// on another phone: `userNotFound`), the phone forgets the user (their data, and the changes
  /// they had queued: an app that tells the user what was never uploaded reads `queue(of:)` before
  /// it deletes) and signs out; the error to show when it failed.
  @discardableResult
  public mutating func accountDeleted(_ result: Result<Void, AuthError>) -> AuthError? {
    awaiting = false
    guard case .deleting(let deletion) = task, result.accountGone else { return stopDeletion() }
    accounts[deletion.uid] = nil
    task = .idle
    auth.signOut()
    return nil
  }

  /// Stops the deletion under way, nothing on the phone changed, with `error` to show (kept in `deletionError`).
  mutating func stopDeletion(_ error: AuthError = .accountDeletionFailed) -> AuthError {
    task = .idle
    deletionError = error
    return error
  }
}

extension Result where Success == Void, Failure == AuthError {
  /// True when the account is gone: deleted now, or already (`userNotFound`).
  var accountGone: Bool {
    switch self {
    case .success, .failure(.userNotFound): return true
    case .failure: return false
    }
  }
}
