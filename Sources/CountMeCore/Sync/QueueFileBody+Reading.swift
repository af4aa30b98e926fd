import Foundation

/// Why a body that is JSON is not a snapshot: where (`pending[2].operation.kind`) and what.
struct QueueBodyError: Error, CustomStringConvertible {
  let path: String
  let problem: String

  var description: String { "\(path): \(problem)" }

  /// The error, found inside `parent`.
  func inside(_ parent: String) -> QueueBodyError {
    QueueBodyError(path: path.isEmpty ? parent : "\(parent).\(path)", problem: problem)
  }
}

extension QueueSnapshot {
  /// Reads a queue file's body as Swift's synthesized `Codable` read it.
  ///
  /// Reads a queue file's body (see `jsonBody()` for its shape), as Swift's synthesized `Codable`
  /// read it: every field required except the optional ones (absent or `null`), other keys ignored.
  ///
  /// Stricter where it never mattered to a file a build wrote: an integer is written as one (no fraction or
  /// exponent) and must fit its type, a date must be finite, an object's keys distinct.
  init(body: QueueJSON) throws {
    let fields = try QueueBodyFields(body, at: "")
    version = try fields.integer("version")
    nextID = try fields.integer("nextID")
    pending = try fields.list("pending") { fields in
      QueuedOperation(
        id: try fields.id(), operation: try fields.operation(), attempts: try fields.integer("attempts"),
        notBefore: try fields.ifPresent("notBefore", fields.date),
        lastError: try fields.ifPresent("lastError", fields.error))
    }
    failed = try fields.list("failed") { fields in
      FailedOperation(
        id: try fields.id(), operation: try fields.operation(), attempts: try fields.integer("attempts"),
        error: try fields.error("error"))
    }
  }
}

/// An object's members, read by key.
private struct QueueBodyFields {
  private let members: [QueueJSON.Member]

  /// The members of `json`, which must be an object (`path` names it in the error).
  init(_ json: QueueJSON, at path: String) throws {
    guard case .object(let members) = json else { throw QueueBodyError(path: path, problem: "not an object") }
    self.members = members
  }

  /// The value of `key`, nil when absent or `null`.
  private func optional(_ key: String) -> QueueJSON? {
    for member in members where member.key == key {
      // NB: a pattern, not `== .null`: the synthesized `==` compares the whole value.
      if case .null = member.value { return nil }
      return member.value
    }
    return nil
  }

  private func required(_ key: String) throws -> QueueJSON {
    guard let value = optional(key) else { throw QueueBodyError(path: key, problem: "missing") }
    return value
  }

  func integer<T: FixedWidthInteger>(_ key: String) throws -> T {
    guard case .number(let text) = try required(key) else {
      throw QueueBodyError(path: key, problem: "not a number")
    }
    guard let value = T(text) else { throw QueueBodyError(path: key, problem: "\(text) is not a \(T.self)") }
    return value
  }

  func string(_ key: String) throws -> String {
    guard case .string(let value) = try required(key) else {
      throw QueueBodyError(path: key, problem: "not a string")
    }
    return value
  }

  func date(_ key: String) throws -> Date {
    guard case .number(let text) = try required(key) else {
      throw QueueBodyError(path: key, problem: "not a number")
    }
    guard let seconds = Double(text), seconds.isFinite else {
      throw QueueBodyError(path: key, problem: "\(text) is not a finite number of seconds")
    }
    return Date(timeIntervalSinceReferenceDate: seconds)
  }

  /// What `read` makes of the value at `key`; nil when it is absent or `null` (an optional field).
  func ifPresent<T>(_ key: String, _ read: (String) throws -> T) throws -> T? {
    guard optional(key) != nil else { return nil }
    return try read(key)
  }

  /// The array at `key`, each element an object read by `read`.
  func list<T>(_ key: String, _ read: (QueueBodyFields) throws -> T) throws -> [T] {
    guard case .array(let items) = try required(key) else {
      throw QueueBodyError(path: key, problem: "not an array")
    }
    var values: [T] = []
    values.reserveCapacity(items.count)
    for index in items.indices {
      do {
        values.append(try read(try QueueBodyFields(items[index], at: "")))
      } catch let error as QueueBodyError {
        throw error.inside("\(key)[\(index)]")
      }
    }
    return values
  }

  /// `id`: `{"rawValue": n}`.
  func id() throws -> OperationID {
    OperationID(try nested("id") { try $0.integer("rawValue") })
  }

  /// `operation`: the operation's fields.
  func operation() throws -> SyncOperation {
    try nested("operation") { fields in
      let kind = try fields.string("kind")
      guard let kind = SyncOperation.Kind(rawValue: kind) else {
        throw QueueBodyError(path: "kind", problem: "unknown kind \"\(kind)\"")
      }
      let type = try fields.string("entityType")
      guard let type = EntityType(rawValue: type) else {
        throw QueueBodyError(path: "entityType", problem: "unknown entity type \"\(type)\"")
      }
      return SyncOperation(
        kind, entityId: try fields.string("entityId"), entityType: type,
        timestamp: try fields.date("timestamp"),
        owner: try fields.ifPresent("owner", fields.string))
    }
  }

  /// An error: an object with one key, its case, holding an object of the case's values.
  func error(_ key: String) throws -> SyncError {
    try nested(key) { fields in
      guard fields.members.count == 1, let only = fields.members.first else {
        throw QueueBodyError(
          path: "", problem: "an error holds exactly one case, not \(fields.members.count)")
      }
      let values = try QueueBodyFields(only.value, at: only.key)
      do {
        return try values.error(named: only.key)
      } catch let error as QueueBodyError {
        throw error.inside(only.key)
      }
    }
  }

  /// The error case `name`, its values read from these fields.
  private func error(named name: String) throws -> SyncError {
    switch name {
    case "invalidFirestoreData": return .invalidFirestoreData
    case "missingField": return .missingField(model: try string("model"), field: try string("field"))
    case "wrongType":
      return .wrongType(
        model: try string("model"), field: try string("field"), expected: try string("expected"))
    case "invalidData": return .invalidData(reason: try string("reason"))
    case "notAuthenticated": return .notAuthenticated
    case "networkUnavailable": return .networkUnavailable
    case "permissionDenied": return .permissionDenied(path: try string("path"))
    case "cloudUnavailable": return .cloudUnavailable
    case "deadlineExceeded": return .deadlineExceeded
    case "localStoreUnavailable": return .localStoreUnavailable
    case "invalidArgument": return .invalidArgument(reason: try string("reason"))
    case "maxRetriesExceeded":
      return .maxRetriesExceeded(operationId: try string("operationId"), attempts: try integer("attempts"))
    default: throw QueueBodyError(path: "", problem: "unknown error case")
    }
  }

  /// What `read` makes of the object at `key`, its errors placed inside `key`.
  private func nested<T>(_ key: String, _ read: (QueueBodyFields) throws -> T) throws -> T {
    let fields = try QueueBodyFields(try required(key), at: key)
    do {
      return try read(fields)
    } catch let error as QueueBodyError {
      throw error.inside(key)
    }
  }
}
