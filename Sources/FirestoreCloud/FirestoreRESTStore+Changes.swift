import CountMeCore
import Foundation
import JSONValues

/// Downloads of what changed since a cursor, by the server's time of each write.
///
/// Downloads of what changed since a cursor, as a device syncs: every write stamps the document with
/// the server's time in `serverUpdatedAt`, and a download asks for the documents stamped after the
/// cursor, in the order of their stamps.
///
/// NB: Firestore orders writes by the server's clock, not the devices'; a query cannot read a
/// document's own update time, so the store keeps it in a field the way apps do
/// (`FieldValue.serverTimestamp()`). A change's revision is that time in microseconds since 1970,
/// so revisions order writes as `CloudFake`'s counters do, with other numbers.
extension FirestoreRESTStore {
  /// The field every write stamps with the server's time.
  public static let stampField = "serverUpdatedAt"

  /// Writes `document` at `path` as `uid`, stamped with the server's time; returns the stamp as a
  /// revision.
  ///
  /// - Throws: the `SyncError` Firestore's answer maps to.
  @discardableResult
  public func setStamped(_ document: CloudDocument, at path: DocumentPath, as uid: String) async throws -> Int
  {
    try stamp(of: try await send(try stampedWrite(document, at: path, as: uid)), at: path)
  }

  /// `setStamped`, waited for on the calling thread; `bypassingRules`, as the emulator's
  /// administrator (another client's write that sets a case's stage).
  @discardableResult
  public func setStampedAndWait(
    _ document: CloudDocument, at path: DocumentPath, as uid: String, bypassingRules: Bool = false
  ) throws -> Int {
    var request = try stampedWrite(document, at: path, as: uid)
    request.bypassesRules = bypassingRules
    return try stamp(of: try sendAndWait(request), at: path)
  }

  private func stampedWrite(_ document: CloudDocument, at path: DocumentPath, as uid: String) throws
    -> FirestoreRequest
  {
    let fields = try Document(native: document.fields, path: path.description)
    let name = "projects/\(project)/databases/(default)/documents/\(path)"
    var update = FirestoreREST.encode(fields)
    if case .object(var members) = update {
      members.insert(("name", .string(name)), at: 0)
      update = .object(members)
    }
    let transform = JSON.object([
      ("fieldPath", .string(Self.stampField)), ("setToServerValue", .string("REQUEST_TIME")),
    ])
    let write = JSON.object([("update", update), ("updateTransforms", .array([transform]))])
    let body = Data(JSON.object([("writes", .array([write]))]).text().utf8)
    var request = FirestoreRequest(.patch, path: "", as: uid, body: body)
    request.endpoint = ":commit"
    return request
  }

  private func stamp(of answer: (status: Int, body: Data), at path: DocumentPath) throws -> Int {
    guard answer.status == 200 else { throw Self.syncError(answer, at: path) }
    let json = try? JSON.parse(String(decoding: answer.body, as: UTF8.self))
    guard
      let stamp = Self.elements(json?["writeResults"]).first?["transformResults"]
        .map(Self.elements)?.first?["timestampValue"]?.stringValue, let revision = Self.revision(stamp)
    else {
      throw SyncError.invalidData(reason: "Firestore's commit for \(path) gave no server time")
    }
    return revision
  }

  /// Every document of `uid`'s `collection` stamped after `cursor`, in the order of their stamps,
  /// read as `caller`: what a device downloads when it syncs.
  ///
  /// - Throws: the `SyncError` Firestore's answer maps to (`permissionDenied` for a query the
  ///   rules refuse: they refuse it whole, never filter it).
  public func changes(in collection: String, of uid: String, as caller: String?, after cursor: Int)
    async throws -> [CloudChange]
  {
    let request = changesQuery(collection, of: uid, as: caller, after: cursor)
    return try changes(from: try await send(request), in: collection, of: uid, after: cursor)
  }

  /// `changes(in:of:as:after:)`, waited for on the calling thread.
  ///
  /// `bypassingRules`, as the emulator's administrator (what the cloud holds, whoever may read it).
  public func changesAndWait(
    in collection: String, of uid: String, as caller: String?, after cursor: Int, bypassingRules: Bool = false
  ) throws -> [CloudChange] {
    var request = changesQuery(collection, of: uid, as: caller, after: cursor)
    request.bypassesRules = bypassingRules
    return try changes(from: try sendAndWait(request), in: collection, of: uid, after: cursor)
  }

  private func changesQuery(_ collection: String, of uid: String, as caller: String?, after cursor: Int)
    -> FirestoreRequest
  {
    let after = RFC3339.format(
      Timestamp(seconds: Int64(cursor / 1_000_000), nanoseconds: Int32(cursor % 1_000_000) * 1_000))
    let stamp = JSON.object([("fieldPath", .string(Self.stampField))])
    let filter = JSON.object([
      ("field", stamp), ("op", .string("GREATER_THAN")),
      ("value", .object([("timestampValue", .string(after))])),
    ])
    let query = JSON.object([
      (
        "structuredQuery",
        .object([
          ("from", .array([.object([("collectionId", .string(collection))])])),
          ("where", .object([("fieldFilter", filter)])),
          ("orderBy", .array([.object([("field", stamp), ("direction", .string("ASCENDING"))])])),
        ])
      )
    ])
    var request = FirestoreRequest(.list, path: "users/\(uid)", as: caller, body: Data(query.text().utf8))
    request.endpoint = ":runQuery"
    return request
  }

  private func changes(
    from answer: (status: Int, body: Data), in collection: String, of uid: String, after cursor: Int
  )
    throws -> [CloudChange]
  {
    let path = DocumentPath(uid: uid, collection: collection, documentId: "(changes after \(cursor))")
    guard answer.status == 200 else { throw Self.syncError(answer, at: path) }
    guard let parsed = try? JSON.parse(String(decoding: answer.body, as: UTF8.self)),
      case .array(let results) = parsed
    else {
      throw SyncError.invalidData(reason: "Firestore's answer to a query of \(path) is not a list")
    }
    return try results.compactMap { result -> CloudChange? in
      guard let document = result["document"] else { return nil }
      guard let name = document["name"]?.stringValue, let id = name.split(separator: "/").last,
        let stamp = document["fields"]?[Self.stampField]?["timestampValue"]?.stringValue,
        let revision = Self.revision(stamp)
      else { throw SyncError.invalidData(reason: "a document of \(path) has no name or server time") }
      var fields = try FirestoreREST.decodeDocument(document).dictionary
      fields[Self.stampField] = nil
      return CloudChange(
        revision: revision, path: DocumentPath(uid: uid, collection: collection, documentId: String(id)),
        document: CloudDocument(fields))
    }
  }

  /// The elements of an array; none for anything else.
  static func elements(_ json: JSON?) -> [JSON] {
    guard case .array(let elements) = json else { return [] }
    return elements
  }

  /// A server time in RFC 3339 as microseconds since 1970.
  static func revision(_ text: String) -> Int? {
    guard let time = RFC3339.parse(text) else { return nil }
    return Int(time.seconds) * 1_000_000 + Int(time.nanoseconds) / 1_000
  }
}
