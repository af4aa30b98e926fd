import CountMeCore
import Foundation
import JSONValues

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A real Firestore (the emulator) behind CountMeCore's `CloudStore`, over its v1 REST API.
///
/// Each call is signed in as its user with an emulator ID token (`EmulatorToken`); documents cross
/// as Firestore's REST typed values, through the same mapping as the corpus (`FirestoreREST`).
/// Firestore's answers become the `SyncError`s the engine retries or refuses (`syncError`).
public struct FirestoreRESTStore: CloudStore {
  /// `host:port` of the emulator.
  public let host: String
  /// The project the documents live in: one per case keeps cases apart.
  public let project: String

  /// A store of `project`'s documents on the emulator at `host`.
  public init(host: String, project: String) {
    self.host = host
    self.project = project
  }

  /// Writes `document` at `path` (a create or an overwrite), signed in as `uid`.
  public func setDocument(_ document: CloudDocument, at path: DocumentPath, as uid: String) async throws {
    let fields = try Document(native: document.fields, path: path.description)
    let body = Data(FirestoreREST.encode(fields).text().utf8)
    let answer = try await send(FirestoreRequest(.patch, path, as: uid, body: body))
    guard answer.status == 200 else { throw Self.syncError(answer, at: path) }
  }

  /// The document at `path`, or nil when there is none, read as `uid`.
  public func getDocument(at path: DocumentPath, as uid: String) async throws -> CloudDocument? {
    try Self.document(from: try await send(FirestoreRequest(.get, path, as: uid)), at: path)
  }

  /// `getDocument`, waited for on the calling thread.
  public func getDocumentAndWait(at path: DocumentPath, as uid: String) throws -> CloudDocument? {
    try Self.document(from: try sendAndWait(FirestoreRequest(.get, path, as: uid)), at: path)
  }

  private static func document(from answer: (status: Int, body: Data), at path: DocumentPath) throws
    -> CloudDocument?
  {
    if answer.status == 404 { return nil }
    guard answer.status == 200 else { throw syncError(answer, at: path) }
    do {
      let json = try JSON.parse(String(decoding: answer.body, as: UTF8.self))
      // The server's time a stamped write adds is this store's bookkeeping, not the document's.
      var fields = try FirestoreREST.decodeDocument(json).dictionary
      fields[stampField] = nil
      return CloudDocument(fields)
    } catch {
      throw SyncError.invalidData(reason: "Firestore's answer for \(path) is not a document: \(error)")
    }
  }

  /// Deletes the document at `path` (none there is not an error, as in Firestore), as `uid`.
  public func deleteDocument(at path: DocumentPath, as uid: String) async throws {
    let answer = try await send(FirestoreRequest(.delete, path, as: uid))
    guard answer.status == 200 else { throw Self.syncError(answer, at: path) }
  }

  /// `deleteDocument`, waited for on the calling thread.
  public func deleteDocumentAndWait(at path: DocumentPath, as uid: String) throws {
    let answer = try sendAndWait(FirestoreRequest(.delete, path, as: uid))
    guard answer.status == 200 else { throw Self.syncError(answer, at: path) }
  }

  /// Sends `request` to this store's project and waits for Firestore's status and body, without
  /// judging them: how the rules property asks for a decision.
  ///
  /// - Throws: the `SyncError` for a request that never got an answer (refused, timed out).
  public func send(_ request: FirestoreRequest) async throws -> (status: Int, body: Data) {
    let urlRequest = request.urlRequest(host: host, project: project)
    do {
      let answer = try await AsyncHTTP.send(urlRequest)
      return (answer.status, answer.body)
    } catch let error as URLError {
      throw Self.syncError(error)
    }
  }

  /// `send(_:)`, waited for on the calling thread: for the harness's synchronous properties.
  ///
  /// - Throws: the `SyncError` for a request that never got an answer (refused, timed out).
  public func sendAndWait(_ request: FirestoreRequest) throws -> (status: Int, body: Data) {
    do {
      let answer = try BlockingHTTP.send(request.urlRequest(host: host, project: project))
      return (answer.status, answer.body)
    } catch let error as URLError {
      throw Self.syncError(error)
    }
  }

  /// The `SyncError` for Firestore's answer to a call on `path`.
  ///
  /// 403 (the rules refused) is `permissionDenied`; 401 `notAuthenticated`; 429 and every 5xx (Firestore is
  /// overloaded or down) `cloudUnavailable`, which the queue retries; 504 and 408 `deadlineExceeded`;
  /// anything else (a 400's invalid argument, a 409 or 412 failed precondition) `invalidArgument`, which it
  /// does not.
  public static func syncError(_ answer: (status: Int, body: Data), at path: DocumentPath) -> SyncError {
    switch answer.status {
    case 403: return .permissionDenied(path: path.description)
    case 401: return .notAuthenticated
    case 408, 504: return .deadlineExceeded
    case 429, 500...599: return .cloudUnavailable
    default:
      let text = String(decoding: answer.body.prefix(300), as: UTF8.self)
      return .invalidArgument(reason: "Firestore answered \(answer.status) for \(path): \(text)")
    }
  }

  /// The `SyncError` for a request that got no answer; both kinds are retried.
  ///
  /// The `SyncError` for a request that got no answer: a timeout is `deadlineExceeded`, anything
  /// else (refused, unreachable, the connection lost) `networkUnavailable`; both are retried.
  public static func syncError(_ error: URLError) -> SyncError {
    error.code == .timedOut ? .deadlineExceeded : .networkUnavailable
  }
}
