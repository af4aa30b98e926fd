import Foundation

extension QueueSnapshot {
  static let header = "countme-sync-queue v1 fnv1a64="

  /// The snapshot as bytes: a checksummed header line, then the body as JSON.
  ///
  /// The snapshot as bytes: a header line with an FNV-1a checksum of the body, then the body as
  /// JSON with sorted keys (so the same queue always writes the same bytes; `jsonBody()`).
  ///
  /// NB: the checksum is what makes corruption detectable: a flipped digit in the JSON (an attempt
  /// count, a timestamp) would otherwise decode silently into a different queue.
  public func encoded() -> Data {
    // A date that is not finite has no JSON number: the body is empty, as `JSONEncoder` left it,
    // and reads back as a corrupted file, which is handled.
    let body = jsonBody() ?? []
    var file = Data((Self.header + Self.checksum(body) + "\n").utf8)
    file.append(contentsOf: body)
    return file
  }

  /// Reads a snapshot, checking it is one this code wrote.
  ///
  /// The header and checksum, a known version, unique ids all below `nextID`, room for new ids, attempts from
  /// 0 to `maxAttempts`.
  ///
  /// A file whose `nextID` is above `renumberedAbove` loads with its operations renumbered (see
  /// `renumbered()`).
  ///
  /// - Throws: `QueueFileError.corrupted` with what is wrong.
  public static func decode(_ data: Data) throws -> QueueSnapshot {
    guard let newline = data.firstIndex(of: 0x0A),
      let headerLine = String(data: data[data.startIndex..<newline], encoding: .utf8),
      headerLine.hasPrefix(header)
    else { throw QueueFileError.corrupted(reason: "no queue file header") }
    let body = data[data.index(after: newline)...]
    guard String(headerLine.dropFirst(header.count)) == checksum(body) else {
      throw QueueFileError.corrupted(reason: "checksum mismatch: the file was truncated or changed")
    }
    let snapshot: QueueSnapshot
    do {
      snapshot = try body.withUnsafeBytes { try QueueSnapshot(body: QueueJSONReader.parse($0)) }
    } catch {
      throw QueueFileError.corrupted(reason: "not a queue snapshot: \(error)")
    }
    guard snapshot.version == currentVersion else {
      throw QueueFileError.corrupted(reason: "unknown version \(snapshot.version)")
    }
    let ids = snapshot.pending.map(\.id) + snapshot.failed.map(\.id)
    guard Set(ids).count == ids.count else {
      throw QueueFileError.corrupted(reason: "an operation id appears twice")
    }
    guard ids.allSatisfy({ $0.rawValue < snapshot.nextID }) else {
      throw QueueFileError.corrupted(reason: "an operation id is not below nextID \(snapshot.nextID)")
    }
    // NB: failed operations too: only pending ones were checked, and P23 loaded a failed one
    // recording -1 attempts.
    let attempts = snapshot.pending.map(\.attempts) + snapshot.failed.map(\.attempts)
    guard attempts.allSatisfy({ $0 >= 0 }) else {
      throw QueueFileError.corrupted(reason: "negative attempts")
    }
    // NB: bounds on what later arithmetic adds to: a file with a valid checksum but nextID at
    // UInt64.max or attempts at Int.max loaded, then trapped on the next enqueue or failure.
    guard snapshot.nextID <= maxNextID else {
      throw QueueFileError.corrupted(reason: "nextID \(snapshot.nextID) leaves no room for new ids")
    }
    guard attempts.allSatisfy({ $0 <= maxAttempts }) else {
      throw QueueFileError.corrupted(reason: "an operation records more than \(maxAttempts) attempts")
    }
    return snapshot.nextID > renumberedAbove ? snapshot.renumbered() : snapshot
  }

  /// The largest `nextID` a file may hold: half the id space is left for the ids still to come.
  static let maxNextID = UInt64.max / 2
  /// The `nextID` above which a loaded file is renumbered: half of `maxNextID`.
  ///
  /// NB: a file may hold `nextID` up to `maxNextID`, so a queue loaded as it is from one at the
  /// limit would hand out `maxNextID` and write a file the next launch refuses, losing the queue.
  /// Renumbered, a loaded queue starts at most here, and only 2⁶² enqueues in one launch (146
  /// years at a billion a second) bring it to the limit.
  static let renumberedAbove = maxNextID / 2

  /// The snapshot with its operations numbered again from 1, in the same order.
  ///
  /// The snapshot with its operations numbered from 1 in the order of their ids, and `nextID` one
  /// past them: the same queue in the same processing order, with the whole id space ahead.
  ///
  /// Ids are stable across launches otherwise; only a file near the limit (which no queue writes
  /// by enqueueing) gets new ones.
  func renumbered() -> QueueSnapshot {
    let ids = (pending.map(\.id) + failed.map(\.id)).sorted()
    var rank: [OperationID: OperationID] = [:]
    for (index, id) in ids.enumerated() { rank[id] = OperationID(UInt64(index + 1)) }
    let newPending = pending.map {
      QueuedOperation(
        id: rank[$0.id] ?? $0.id, operation: $0.operation, attempts: $0.attempts, notBefore: $0.notBefore,
        lastError: $0.lastError)
    }
    let newFailed = failed.map {
      FailedOperation(
        id: rank[$0.id] ?? $0.id, operation: $0.operation, attempts: $0.attempts, error: $0.error)
    }
    return QueueSnapshot(nextID: UInt64(ids.count + 1), pending: newPending, failed: newFailed)
  }
  /// The most attempts a file may record for one operation: the first and every retry the most
  /// generous policy allows.
  ///
  /// NB: it was 1,000,000, one short: an operation that used all of `RetryPolicy.mostRetries` made
  /// 1,000,001 attempts, and the file recording its failure was quarantined with the whole queue.
  package static let maxAttempts = RetryPolicy.mostRetries + 1

  /// FNV-1a (64-bit) of `bytes`, as 16 hex digits.
  static func checksum(_ bytes: some ContiguousBytes) -> String {
    // NB: over the raw buffer; iterating `Data` itself is slow in debug builds.
    FNV1a.hex(bytes.withUnsafeBytes { FNV1a.hash($0) })
  }
}

/// Why a queue file could not be used.
public enum QueueFileError: Error, Equatable, Sendable {
  case corrupted(reason: String)
}

/// Where the queue persists between launches: one JSON file, written atomically.
public struct QueueFile: Sendable {
  /// What loading found.
  public enum LoadResult: Equatable, Sendable {
    /// No file: a first launch.
    case empty
    case loaded(QueueSnapshot)
    /// The file could not be read; it was moved to `movedTo` (kept, not deleted) and the queue
    /// starts empty.
    case quarantined(movedTo: String, reason: String)
  }

  /// Where the queue is kept.
  public let path: String

  /// Creates a `QueueFile` from its parts.
  public init(path: String) { self.path = path }

  /// Writes `snapshot` atomically: a reader sees the old file or the new one, never half of one.
  public func save(_ snapshot: QueueSnapshot) throws {
    try snapshot.encoded().write(to: URL(fileURLWithPath: path), options: .atomic)
  }

  /// Reads the file. A corrupted or truncated file never crashes: it is moved aside to
  /// `<path>.corrupt-<n>` (the first free n) and reported.
  public func load() -> LoadResult {
    guard FileManager.default.fileExists(atPath: path) else { return .empty }
    let problem: String
    do {
      return .loaded(try QueueSnapshot.decode(try Data(contentsOf: URL(fileURLWithPath: path))))
    } catch QueueFileError.corrupted(let reason) {
      problem = reason
    } catch {
      problem = "unreadable: \(error.localizedDescription)"
    }
    var index = 1
    while FileManager.default.fileExists(atPath: "\(path).corrupt-\(index)") { index += 1 }
    let aside = "\(path).corrupt-\(index)"
    do {
      try FileManager.default.moveItem(atPath: path, toPath: aside)
    } catch {
      return .quarantined(
        movedTo: path, reason: "\(problem); could not move it aside: \(error.localizedDescription)")
    }
    return .quarantined(movedTo: aside, reason: problem)
  }
}
