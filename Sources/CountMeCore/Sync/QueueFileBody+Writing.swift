import Foundation

/// The queue file's body: a snapshot's fields as JSON, in the shape synthesized `Codable` gives them.
///
/// The queue file's body: a snapshot's fields as JSON, in the shape Swift's synthesized `Codable`
/// gives them (the format v1 files have always had): an id is `{"rawValue": n}`, a date is seconds
/// since 2001-01-01 as a number, an absent optional is an absent key, and an error is
/// `{"<case>": {<its labelled values>}}`.
extension QueueSnapshot {
  /// The body's bytes; nil when a date is not finite (JSON has no such number).
  func jsonBody() -> [UInt8]? {
    var writer = QueueJSONWriter(capacity: 64 + 160 * (pending.count + failed.count))
    writer.beginObject()
    writer.key("failed")
    writer.beginArray()
    for operation in failed {
      writer.beginObject()
      writer.key("attempts")
      writer.integer(operation.attempts)
      writer.key("error")
      Self.write(operation.error, to: &writer)
      writer.key("id")
      Self.write(operation.id, to: &writer)
      writer.key("operation")
      guard Self.write(operation.operation, to: &writer) else { return nil }
      writer.endObject()
    }
    writer.endArray()
    writer.key("nextID")
    writer.integer(nextID)
    writer.key("pending")
    writer.beginArray()
    for operation in pending {
      writer.beginObject()
      writer.key("attempts")
      writer.integer(operation.attempts)
      writer.key("id")
      Self.write(operation.id, to: &writer)
      if let error = operation.lastError {
        writer.key("lastError")
        Self.write(error, to: &writer)
      }
      if let notBefore = operation.notBefore {
        writer.key("notBefore")
        guard writer.double(notBefore.timeIntervalSinceReferenceDate) else { return nil }
      }
      writer.key("operation")
      guard Self.write(operation.operation, to: &writer) else { return nil }
      writer.endObject()
    }
    writer.endArray()
    writer.key("version")
    writer.integer(version)
    writer.endObject()
    return writer.bytes
  }

  private static func write(_ id: OperationID, to writer: inout QueueJSONWriter) {
    writer.beginObject()
    writer.key("rawValue")
    writer.integer(id.rawValue)
    writer.endObject()
  }

  private static func write(_ operation: SyncOperation, to writer: inout QueueJSONWriter) -> Bool {
    writer.beginObject()
    writer.key("entityId")
    writer.string(operation.entityId)
    writer.key("entityType")
    writer.string(operation.entityType.rawValue)
    writer.key("kind")
    writer.string(operation.kind.rawValue)
    if let owner = operation.owner {
      writer.key("owner")
      writer.string(owner)
    }
    writer.key("timestamp")
    guard writer.double(operation.timestamp.timeIntervalSinceReferenceDate) else { return false }
    writer.endObject()
    return true
  }

  private static func write(_ error: SyncError, to writer: inout QueueJSONWriter) {
    writer.beginObject()
    switch error {
    case .invalidFirestoreData: writer.error("invalidFirestoreData")
    case .missingField(let model, let field): writer.error("missingField", ("field", field), ("model", model))
    case .wrongType(let model, let field, let expected):
      writer.error("wrongType", ("expected", expected), ("field", field), ("model", model))
    case .invalidData(let reason): writer.error("invalidData", ("reason", reason))
    case .notAuthenticated: writer.error("notAuthenticated")
    case .networkUnavailable: writer.error("networkUnavailable")
    case .permissionDenied(let path): writer.error("permissionDenied", ("path", path))
    case .cloudUnavailable: writer.error("cloudUnavailable")
    case .deadlineExceeded: writer.error("deadlineExceeded")
    case .localStoreUnavailable: writer.error("localStoreUnavailable")
    case .invalidArgument(let reason): writer.error("invalidArgument", ("reason", reason))
    case .maxRetriesExceeded(let operationId, let attempts):
      writer.key("maxRetriesExceeded")
      writer.beginObject()
      writer.key("attempts")
      writer.integer(attempts)
      writer.key("operationId")
      writer.string(operationId)
      writer.endObject()
    }
    writer.endObject()
  }
}

extension QueueJSONWriter {
  /// An error's case: its name, then an object of its string values (keys in sorted order), `{}`
  /// for none.
  fileprivate mutating func error(_ name: StaticString, _ values: (key: StaticString, value: String)...) {
    key(name)
    beginObject()
    for value in values {
      key(value.key)
      string(value.value)
    }
    endObject()
  }
}
