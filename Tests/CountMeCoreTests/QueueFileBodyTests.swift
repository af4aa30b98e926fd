import Foundation
import Testing

@testable import CountMeCore

/// The queue file's body is written and read by CountMeCore's own JSON code, no longer by
/// `JSONEncoder`/`JSONDecoder`. Foundation's Codable is the oracle: the format is what it wrote
/// for `QueueSnapshot`, byte for byte, and what it reads, it reads the same.
@Suite("Queue file bodies: the same bytes JSONEncoder wrote, read strictly")
struct QueueFileBodyTests {
  static let cases = 400

  /// A small seeded generator, so the cases are the same every run (SplitMix64).
  struct Random {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    mutating func bool() -> Bool { below(2) == 0 }
  }

  /// Text with what a writer must escape: quotes, backslashes, slashes, every control character,
  /// DEL, line separators, accents, emoji.
  static let alphabet: [String] =
    ["a", "Z", "0", " ", "\"", "\\", "/", "\u{7F}", "\u{2028}", "é", "😀", "\u{FEFF}", "{", ":", ","]
    + (0..<0x20).map { String(UnicodeScalar(UInt8($0))) }

  static func text(_ random: inout Random) -> String {
    String((0..<random.below(6)).map { _ in alphabet[random.below(alphabet.count)] }.joined())
  }

  static func date(_ random: inout Random) -> Date {
    let seconds: [Double] = [
      0, -0.0, 788_918_400.25, 1e20, 1e22, .leastNonzeroMagnitude, 0.1, -3.75, 1e-7, 9_007_199_254_740_992,
      Double(random.next() % 2_000_000_000) / 1000, Double(bitPattern: random.next() >> 2),
    ]
    return Date(timeIntervalSinceReferenceDate: seconds[random.below(seconds.count)])
  }

  static func error(_ random: inout Random) -> SyncError {
    switch random.below(12) {
    case 0: return .invalidFirestoreData
    case 1: return .missingField(model: text(&random), field: text(&random))
    case 2: return .wrongType(model: text(&random), field: text(&random), expected: text(&random))
    case 3: return .invalidData(reason: text(&random))
    case 4: return .notAuthenticated
    case 5: return .networkUnavailable
    case 6: return .permissionDenied(path: text(&random))
    case 7: return .cloudUnavailable
    case 8: return .deadlineExceeded
    case 9: return .localStoreUnavailable
    case 10: return .invalidArgument(reason: text(&random))
    default:
      return .maxRetriesExceeded(operationId: text(&random), attempts: Int(truncatingIfNeeded: random.next()))
    }
  }

  static func operation(_ random: inout Random) -> SyncOperation {
    SyncOperation(
      SyncOperation.Kind.allCases[random.below(3)], entityId: text(&random),
      entityType: EntityType.allCases[random.below(EntityType.allCases.count)], timestamp: date(&random),
      owner: random.bool() ? text(&random) : nil)
  }

  static func snapshot(_ random: inout Random) -> QueueSnapshot {
    let pending = (0..<random.below(4)).map { _ in
      QueuedOperation(
        id: OperationID(random.next()), operation: operation(&random),
        attempts: Int(truncatingIfNeeded: random.next()),
        notBefore: random.bool() ? date(&random) : nil, lastError: random.bool() ? error(&random) : nil)
    }
    let failed = (0..<random.below(3)).map { _ in
      FailedOperation(
        id: OperationID(random.next()), operation: operation(&random), attempts: random.below(5),
        error: error(&random))
    }
    var snapshot = QueueSnapshot(nextID: random.next(), pending: pending, failed: failed)
    snapshot.version = random.below(3)
    return snapshot
  }

  static func encoderBody(_ snapshot: QueueSnapshot) throws -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return Array(try encoder.encode(snapshot))
  }

  static func read(_ body: [UInt8]) throws -> QueueSnapshot {
    try body.withUnsafeBytes { try QueueSnapshot(body: QueueJSONReader.parse($0)) }
  }

  @Test("the body is the bytes JSONEncoder (sorted keys) writes, and reads back to the same snapshot")
  func sameBytes() throws {
    var random = Random(state: 0xC0FFEE)
    for _ in 0..<Self.cases {
      let snapshot = Self.snapshot(&random)
      let body = try #require(snapshot.jsonBody())
      #expect(body == (try Self.encoderBody(snapshot)), "\(snapshot)")
      #expect(try Self.read(body) == snapshot)
      #expect(try JSONDecoder().decode(QueueSnapshot.self, from: Data(body)) == snapshot)
    }
  }

  /// `json` as text with each object's keys reversed and whitespace around every token.
  static func respaced(_ json: QueueJSON) -> String {
    switch json {
    case .object(let members):
      let inner = members.reversed().map { " \(respaced(.string($0.key))) :\t\(respaced($0.value)) " }
      return "{\n" + inner.joined(separator: ",\r\n") + "}"
    case .array(let items): return "[ " + items.map(respaced).joined(separator: " , ") + " ]"
    case .string(let text):
      // Every character escaped as \uXXXX (surrogate pairs above the BMP), another valid spelling.
      return "\"" + text.utf16.map { "\\u" + String(format: "%04X", $0) }.joined() + "\""
    case .number(let text): return text
    case .bool(let value): return "\(value)"
    case .null: return "null"
    }
  }

  @Test("keys in another order, whitespace and escapes read as JSONDecoder reads them")
  func anySpelling() throws {
    var random = Random(state: 0xFEED)
    for _ in 0..<Self.cases {
      let snapshot = Self.snapshot(&random)
      let body = try #require(snapshot.jsonBody())
      let text = Self.respaced(try body.withUnsafeBytes { try QueueJSONReader.parse($0) })
      let decoded = try JSONDecoder().decode(QueueSnapshot.self, from: Data(text.utf8))
      #expect(decoded == snapshot)
      #expect(try Self.read(Array(text.utf8)) == snapshot, "\(text)")
    }
  }

  @Test("optional fields may be null, and keys the format does not know are ignored")
  func nullsAndUnknownKeys() throws {
    let body = """
      {"version":1,"nextID":3,"extra":[1,{"x":null}],"failed":[],"pending":[{"attempts":0,"id":{"rawValue":2},\
      "lastError":null,"notBefore":null,"operation":{"entityId":"e","entityType":"foodItem","kind":"create",\
      "owner":null,"timestamp":5}}]}
      """
    let snapshot = try Self.read(Array(body.utf8))
    #expect(snapshot.pending.first?.lastError == nil && snapshot.pending.first?.operation.owner == nil)
    #expect(snapshot.pending.first?.operation.timestamp == Date(timeIntervalSinceReferenceDate: 5))
  }

  static let valid =
    #"{"failed":[],"nextID":3,"pending":[{"attempts":0,"id":{"rawValue":2},"operation":{"#
    + #""entityId":"e","entityType":"foodItem","kind":"create","timestamp":5}}],"version":1}"#

  /// `valid` with `old` replaced by `new`.
  static func edited(_ old: String, _ new: String) -> String {
    valid.replacingOccurrences(of: old, with: new)
  }

  /// Bodies no build writes, and what the error says.
  static let refusals: [(body: String, says: String)] = [
    (#"{"a":1} x"#, "text after"),
    (#"{"a":1,"a":2}"#, "appears twice"),
    (String(repeating: "[", count: 40) + String(repeating: "]", count: 40), "nested deeper"),
    (#"{"a":"\ud800"}"#, "surrogate"),
    (#"{"a":"\udc00"}"#, "surrogate"),
    ("{\"a\":\"\u{01}\"}", "control character"),
    (#"{"a":"\x"}"#, "unknown escape"),
    (#"{"a":01}"#, "expected ',' or '}'"),
    (#"{"a":1.}"#, "after '.'"),
    (#"{"a":-}"#, "expected a digit"),
    (#"{"a":1e}"#, "exponent"),
    (#"{"a":tru}"#, "expected true"),
    (#"{"a":"b"#, "not closed"),
    (#"{"a" 1}"#, "expected ':'"),
    (#"{,}"#, "expected a key"),
    ("", "ends where a value belongs"),
    (edited(#""nextID":3"#, #""nextID":3.0"#), "nextID: 3.0 is not a UInt64"),
    (edited(#""nextID":3"#, #""nextID":-3"#), "nextID: -3 is not a UInt64"),
    (edited(#""nextID":3"#, #""nextID":18446744073709551616"#), "is not a UInt64"),
    (edited(#""attempts":0"#, #""attempts":"0""#), "pending[0].attempts: not a number"),
    (edited(#""kind":"create""#, #""kind":"move""#), "pending[0].operation.kind"),
    (edited(#""timestamp":5"#, #""timestamp":1e400"#), "1e400 is beyond a Double's range"),
    (edited(#""version":1"#, #""version":1,"ignored":-1E+999"#), "-1E+999 is beyond a Double's range"),
    (
      edited(#""version":1"#, #""version":1,"ignored":"# + String(repeating: "9", count: 310)),
      "beyond a Double"
    ),
    (edited(#""rawValue":2"#, #""rawValue":null"#), "pending[0].id.rawValue: missing"),
    (edited(#""failed":[]"#, #""failed":{}"#), "failed: not an array"),
    (edited(#""version":1"#, ""), "expected a key"),
    (edited(#","version":1"#, ""), "version: missing"),
    (
      edited(#""attempts":0,"#, #""attempts":0,"lastError":{"a":{},"b":{}},"#),
      "an error holds exactly one case, not 2"
    ),
    (
      edited(#""attempts":0,"#, #""attempts":0,"lastError":{"permissionDenied":{}},"#),
      "lastError.permissionDenied.path: missing"
    ),
    (
      edited(#""attempts":0,"#, #""attempts":0,"lastError":{"teapot":{}},"#),
      "pending[0].lastError.teapot: unknown error case"
    ),
  ]

  @Test("a body a build never writes is refused, saying where", arguments: refusals)
  func refused(body: String, says: String) throws {
    do {
      _ = try Self.read(Array(body.utf8))
      Issue.record("loaded: \(body)")
    } catch {
      #expect("\(error)".contains(says), "\(error)")
    }
  }

  @Test("bytes that are not UTF-8 in a string are refused")
  func invalidUTF8() {
    let body: [UInt8] = Array(#"{"a":""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)
    #expect(throws: QueueJSONSyntaxError.self) { try body.withUnsafeBytes { try QueueJSONReader.parse($0) } }
  }

  @Test("a date that is not finite leaves the body empty, which reads back as a corrupted file")
  func notFinite() {
    let operation = SyncOperation(
      .create, entityId: "e", entityType: .foodItem, timestamp: Date(timeIntervalSinceReferenceDate: .nan))
    let snapshot = QueueSnapshot(
      nextID: 2,
      pending: [
        QueuedOperation(id: OperationID(1), operation: operation, attempts: 0, notBefore: nil, lastError: nil)
      ],
      failed: [])
    #expect(snapshot.jsonBody() == nil)
    #expect(throws: QueueFileError.self) { try QueueSnapshot.decode(snapshot.encoded()) }
  }
}
