import Foundation

/// The app's on-device store: each record encoded as a row under its key, and when each removed key
/// was removed. In the app it is a table on disk; here it holds the same rows in memory. It knows
/// nothing of the harness.
public struct LocalStore: Sendable, Equatable {
  /// How rows write their dates.
  public enum Dates: Sendable, Equatable {
    /// As the `Date` itself: every bit kept.
    case exact
    /// As ISO 8601 text, whole seconds: what many apps' JSON columns hold.
    case iso8601
  }

  /// How this store writes dates.
  public let dates: Dates
  /// The encoded records, by key.
  public private(set) var rows: [String: Data] = [:]
  /// When each removed key was first removed.
  public private(set) var removed: [String: Date] = [:]

  /// An empty store that writes dates as `dates` says.
  public init(dates: Dates = .exact) { self.dates = dates }

  /// Writes `record` as the row of `key`.
  public mutating func write<Record: Encodable>(_ record: Record, at key: String) throws {
    let encoder = JSONEncoder()
    if dates == .iso8601 { encoder.dateEncodingStrategy = .iso8601 }
    rows[key] = try encoder.encode(record)
  }

  /// The record of `key`'s row, read as `type`; nil when there is none.
  public func read<Record: Decodable>(_ type: Record.Type, at key: String) throws -> Record? {
    guard let row = rows[key] else { return nil }
    let decoder = JSONDecoder()
    if dates == .iso8601 { decoder.dateDecodingStrategy = .iso8601 }
    return try decoder.decode(type, from: row)
  }

  /// Removes `key`'s row, remembering the first time it was removed.
  public mutating func remove(_ key: String, at time: Date) {
    rows[key] = nil
    removed[key] = removed[key].map { min($0, time) } ?? time
  }
}
