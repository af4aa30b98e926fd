import CountMeCore
import Foundation
import JSONValues

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One request to Firestore's v1 REST API, as a security rule sees it.
///
/// What is asked (`Method`), where, by whom (nil: nobody signed in), and the document written.
public struct FirestoreRequest: Sendable, Equatable {
  /// What the request asks, by the names the rules use.
  public enum Method: String, Sendable, CaseIterable {
    /// Read one document (`allow get`).
    case get
    /// Read a collection (`allow list`): refused whole unless the rules allow every document.
    case list
    /// Write a document that must not exist yet (`allow create`).
    case create
    /// Write a document that must exist (`allow update`).
    case update
    /// Write a document whether or not it exists: a create or an update, as the rules judge it
    /// (the SDK's `setData`).
    case patch
    /// Delete a document (`allow delete`).
    case delete
  }

  /// What is asked.
  public let method: Method
  /// The path below the database's `documents`, e.g. `users/alice/foodItems/f1`; a collection's
  /// path for `list`.
  public let path: String
  /// The caller's uid; nil when nobody is signed in.
  public let caller: String?
  /// The document written, as Firestore REST JSON; nil for reads and deletions.
  public let body: Data?
  /// True for a request past the rules: the emulator's administrator (`Bearer owner`), which sets
  /// a case's stage.
  public var bypassesRules = false
  /// A method of the documents resource after the path (`:commit`, `:runQuery`), sent as a POST
  /// of `body`; nil for the plain REST verbs.
  public var endpoint: String?

  /// A request of `method` on `path` by `caller`, writing `body`.
  public init(_ method: Method, path: String, as caller: String?, body: Data? = nil) {
    self.method = method
    self.path = path
    self.caller = caller
    self.body = body
  }

  /// A request on the document at `path` (its collection, for `list`).
  public init(_ method: Method, _ path: DocumentPath, as caller: String?, body: Data? = nil) {
    let collection = "users/\(path.uid)/\(path.collection)"
    self.init(
      method, path: method == .list ? collection : "\(collection)/\(path.documentId)", as: caller, body: body)
  }

  /// The HTTP request for `project` on the emulator at `host`.
  func urlRequest(host: String, project: String) -> URLRequest {
    let documents = "http://\(host)/v1/projects/\(project)/databases/(default)/documents"
    let parent = path.split(separator: "/").dropLast().joined(separator: "/")
    let last = path.split(separator: "/").last.map(String.init) ?? ""
    let address: String
    let verb: String
    switch method {
    case _ where endpoint != nil:
      (address, verb) = (documents + (path.isEmpty ? "" : "/\(path)") + (endpoint ?? ""), "POST")
    case .get, .list: (address, verb) = ("\(documents)/\(path)", "GET")
    case .delete: (address, verb) = ("\(documents)/\(path)", "DELETE")
    case .patch: (address, verb) = ("\(documents)/\(path)", "PATCH")
    case .update: (address, verb) = ("\(documents)/\(path)?currentDocument.exists=true", "PATCH")
    case .create: (address, verb) = ("\(documents)/\(parent)?documentId=\(last)", "POST")
    }
    var request = URLRequest(url: URL(string: address) ?? URL(fileURLWithPath: "/"))
    request.httpMethod = verb
    request.httpBody = body
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    if bypassesRules {
      request.setValue("Bearer owner", forHTTPHeaderField: "Authorization")
    } else if let caller {
      request.setValue(
        EmulatorToken.bearer(uid: caller, project: project), forHTTPHeaderField: "Authorization")
    }
    return request
  }
}
