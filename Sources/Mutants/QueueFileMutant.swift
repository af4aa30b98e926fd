import CountMeContract
import CountMeCore
import Foundation

/// One bug in how the queue is written to or read from its file; the queue itself is the reference.
struct QueueFileMutant: ReferenceForwarding {
  enum Bug: Sendable {
    /// The checksum is checked, the content is not: any body that decodes is loaded.
    case trustsChecksummedContent
    /// Writes and reads its own checksum (FNV-1a over the body and a newline): it reads back what
    /// it writes, and no file another build wrote.
    case privateChecksum
    /// The attempts bound is 1,000,000, one short of what the most generous policy makes: the file
    /// of an operation that used every retry is refused.
    case attemptsBoundOneShort
    /// No bound on `nextID`: a file with no room left for new ids loads, and the next enqueue traps.
    case nextIDUnbounded
    /// A file whose `nextID` is near the limit loads with its ids as they are, not renumbered.
    ///
    /// The queue hands out the limit's id and writes a file the next launch refuses.
    case keepsIDsAtLimit
    /// Reads the body with Foundation's `JSONDecoder`, which takes text that is not JSON.
    ///
    /// Reads the body with Foundation's `JSONDecoder`, as builds before e9c0c31 did: text that is
    /// not JSON by RFC 8259 (a trailing comma, a leading zero, a repeated key, a byte order mark)
    /// loads.
    case foundationJSON
  }

  let bug: Bug

  init(_ bug: Bug) { self.bug = bug }

  private static let header = "countme-sync-queue v1 fnv1a64="

  private static func split(_ data: Data) -> (header: String, body: Data)? {
    guard let newline = data.firstIndex(of: 0x0A) else { return nil }
    return (String(decoding: data[..<newline], as: UTF8.self), Data(data[data.index(after: newline)...]))
  }

  /// The body's snapshot as JSON decodes it, none of the reader's checks applied (nor its
  /// renumbering).
  private static func unchecked(_ data: Data) -> QueueSnapshot? {
    guard let (_, body) = split(data) else { return nil }
    return try? JSONDecoder().decode(QueueSnapshot.self, from: body)
  }

  private static func privateSum(_ body: Data) -> String { FNV1a.hex(FNV1a.hash(body + [0x0A])) }

  func persistQueue(_ queue: any SyncQueueing) -> Data {
    let data = queue.snapshot().encoded()
    guard bug == .privateChecksum, let (_, body) = Self.split(data) else { return data }
    return Data((Self.header + Self.privateSum(body) + "\n").utf8) + body
  }

  func loadQueue(_ data: Data, capacity: Int, policy: RetryPolicy) -> (
    queue: any SyncQueueing, corrupted: String?
  ) {
    let empty = SyncQueue(capacity: capacity, policy: policy)
    let reference = ReferenceSystem().loadQueue(data, capacity: capacity, policy: policy)
    switch bug {
    case .attemptsBoundOneShort:
      let snapshot = reference.queue.snapshot()
      let attempts = snapshot.pending.map(\.attempts) + snapshot.failed.map(\.attempts)
      return attempts.contains { $0 > 1_000_000 } ? (empty, "too many attempts") : reference
    case .keepsIDsAtLimit:
      guard reference.corrupted == nil, let snapshot = Self.unchecked(data) else { return reference }
      return (SyncQueue(restoring: snapshot, capacity: capacity, policy: policy), nil)
    case .nextIDUnbounded:
      guard reference.corrupted?.contains("leaves no room") == true, let snapshot = Self.unchecked(data)
      else { return reference }
      return (SyncQueue(restoring: snapshot, capacity: capacity, policy: policy), nil)
    case .privateChecksum:
      guard let (header, body) = Self.split(data), header == Self.header + Self.privateSum(body) else {
        return (empty, "checksum mismatch")
      }
      let standard = Data((Self.header + FNV1a.hex(FNV1a.hash(body)) + "\n").utf8) + body
      return ReferenceSystem().loadQueue(standard, capacity: capacity, policy: policy)
    case .foundationJSON:
      // The reference checks what it reads from the body as JSONDecoder read it.
      guard reference.corrupted != nil, let (header, body) = Self.split(data),
        header == Self.header + FNV1a.hex(FNV1a.hash(body)), let snapshot = Self.unchecked(data)
      else { return reference }
      return ReferenceSystem().loadQueue(snapshot.encoded(), capacity: capacity, policy: policy)
    case .trustsChecksummedContent:
      guard let (header, body) = Self.split(data), header == Self.header + FNV1a.hex(FNV1a.hash(body)),
        let snapshot = Self.unchecked(data)
      else { return (empty, "checksum mismatch") }
      return (SyncQueue(restoring: snapshot, capacity: capacity, policy: policy), nil)
    }
  }
}
