import Foundation
import PropertyHarness

/// CountMeCore's queue file, format v1, as its documentation states it.
///
/// CountMeCore's queue file, format v1, as its documentation states it and the harness knows it
/// (never by calling CountMeCore's writer or reader): a header line
/// `countme-sync-queue v1 fnv1a64=<16 lowercase hex digits>` holding the FNV-1a 64-bit hash of the
/// body, a newline, and a JSON body `{"version": 1, "nextID": n, "pending": [...], "failed": [...]}`
/// whose operations carry `id.rawValue` and `attempts`.
///
/// Keys may come in any order; unknown keys are ignored. The body is JSON by RFC 8259, UTF-8 with no byte
/// order mark, an object's keys distinct, numbers finite as a `Double`, nested at most `maxNesting` deep.
///
/// The format checks apply to an implementation whose bytes begin `countme-sync-queue `: it claims
/// this format. Another implementation's own format gets only the generic damage (`Corruption`).
package enum QueueFileFormat {
  static let family = "countme-sync-queue "
  static let header = "countme-sync-queue v1 fnv1a64="
  /// How deep a body's arrays and objects may nest, its own object counting as one.
  static let maxNesting = 32

  /// FNV-1a, 64-bit: offset basis 0xcbf29ce484222325, prime 0x100000001b3, over every byte.
  package static func fnv1a64(_ bytes: some Sequence<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01B3
    }
    return hash
  }

  /// True when `data` claims to be a file of this family.
  static func claims(_ data: Data) -> Bool { data.starts(with: Array(family.utf8)) }

  /// The body of a v1 file whose header and checksum are right, or what is wrong with the file.
  package static func body(of data: Data) -> Result<JSON, Problem> {
    let bytes = [UInt8](data)
    guard let newline = bytes.firstIndex(of: 0x0A) else { return .failure(Problem("no header line")) }
    let headerLine = String(decoding: bytes[..<newline], as: UTF8.self)
    guard headerLine.hasPrefix(header) else {
      return .failure(Problem("header \"\(headerLine.prefix(40))\" is not \"\(header)…\""))
    }
    let body = bytes[(newline + 1)...]
    let sum = hex(fnv1a64(body))
    guard headerLine.dropFirst(header.count) == sum else {
      return .failure(Problem("header checksum \(headerLine.dropFirst(header.count)) is not FNV-1a \(sum)"))
    }
    guard let text = String(validating: body, as: UTF8.self) else {
      return .failure(Problem("body is not UTF-8"))
    }
    do {
      let json = try JSON.parse(text)
      guard nesting(json) <= maxNesting else {
        return .failure(Problem("body nests deeper than \(maxNesting)"))
      }
      guard json["version"] == .integer(1) else {
        return .failure(Problem("body version \(json["version"]?.text() ?? "missing"), not 1"))
      }
      return .success(json)
    } catch {
      return .failure(Problem("body is not JSON: \(error)"))
    }
  }

  /// A v1 file of `body`, its checksum computed here.
  package static func write(_ body: JSON) -> Data { write(text: body.text()) }

  /// A v1 file whose body is `text`, its checksum computed here.
  package static func write(text: String) -> Data { write(bytes: Array(text.utf8)) }

  /// A v1 file whose body is `bytes`, its checksum computed here.
  package static func write(bytes: [UInt8]) -> Data {
    Data((header + hex(fnv1a64(bytes)) + "\n").utf8) + bytes
  }

  /// `json` with every object's keys in reverse order: a reader must not depend on key order.
  static func reversingKeys(_ json: JSON) -> JSON {
    switch json {
    case .object(let members): return .object(members.reversed().map { ($0.0, reversingKeys($0.1)) })
    case .array(let items): return .array(items.map(reversingKeys))
    default: return json
    }
  }

  /// How deep `json`'s arrays and objects nest: 0 for a scalar.
  private static func nesting(_ json: JSON) -> Int {
    switch json {
    case .object(let members): return 1 + members.reduce(0) { max($0, nesting($1.1)) }
    case .array(let items): return 1 + items.reduce(0) { max($0, nesting($1)) }
    default: return 0
    }
  }

  private static func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }

  /// Why bytes are not a sound v1 file.
  package struct Problem: Error, Equatable, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
  }
}

/// A change to a v1 file that keeps its checksum valid.
///
/// Most make a file no build writes, which the reader must refuse by its content, since the checksum cannot;
/// `attemptsAtLimit`, `nextIDAtLimit` and `nextIDAtRenumberingBound` make the largest values the format
/// allows (`mustLoad`), which it must load, and the queue it loads must go on writing files the next launch
/// loads.
package enum FileEdit: String, CaseIterable, Sendable {
  /// `version` 2: a format this build does not know.
  case futureVersion
  /// The second operation given the first one's id.
  case duplicateID
  /// `nextID` lowered to the largest id in the file, so a new operation would reuse it.
  case idNotBelowNextID
  /// An operation with -1 attempts.
  case negativeAttempts
  /// An operation whose attempts are the string `"1"`.
  ///
  /// One element of a list the reader cannot read, which must refuse the file, not load the list without it.
  case attemptsAsText
  /// An operation with 1,000,002 attempts, one more than any policy allows.
  case tooManyAttempts
  /// An operation with 1,000,001 attempts: the first and the 1,000,000 retries of the most
  /// generous policy.
  case attemptsAtLimit
  /// `nextID` 2⁶³, one above it: new ids would soon run out.
  case nextIDBeyondLimit
  /// `nextID` 2⁶³ − 1, the most a file may hold: it loads with its operations renumbered from 1.
  case nextIDAtLimit
  /// `nextID` 2⁶² − 1, the most a file may hold and load with its ids as they are.
  case nextIDAtRenumberingBound

  /// True for an edit whose file is one the format allows, and must load.
  package var mustLoad: Bool { [.attemptsAtLimit, .nextIDAtLimit, .nextIDAtRenumberingBound].contains(self) }

  /// The file of `body` edited, or nil when it has nothing this edit can change.
  package func file(from body: JSON) -> Data? {
    guard let edited = apply(to: body) else { return nil }
    guard self == .nextIDBeyondLimit else { return QueueFileFormat.write(edited) }
    // NB: 2⁶³ is beyond the harness's 64-bit signed JSON integers, so it is written as text.
    let atLimit = "\"nextID\":\(QueueSpecification.mostNextID)"
    let text = edited.text()
    guard text.contains(atLimit) else { return nil }
    return QueueFileFormat.write(
      text: text.replacingOccurrences(of: atLimit, with: "\"nextID\":9223372036854775808"))
  }

  /// The edited body, or nil when the file has nothing this edit can change (no operations, say).
  package func apply(to body: JSON) -> JSON? {
    guard case .object(var members) = body else { return nil }
    func set(_ key: String, _ value: JSON) {
      if let index = members.firstIndex(where: { $0.0 == key }) { members[index].1 = value }
    }
    var operations = (body["pending"].flatMap(Self.items) ?? []).map { ("pending", $0) }
    operations += (body["failed"].flatMap(Self.items) ?? []).map { ("failed", $0) }
    switch self {
    case .futureVersion:
      set("version", .integer(2))
      return .object(members)
    case .duplicateID:
      guard operations.count >= 2, let first = operations[0].1["id"] else { return nil }
      return Self.replacing(body, at: operations[1], key: "id", with: first)
    case .idNotBelowNextID:
      let ids = operations.compactMap { op -> Int64? in
        if case .integer(let raw)? = op.1["id"]?["rawValue"] { return raw }
        return nil
      }
      guard let largest = ids.max() else { return nil }
      set("nextID", .integer(largest))
      return .object(members)
    case .nextIDBeyondLimit, .nextIDAtLimit:
      set("nextID", .integer(QueueSpecification.mostNextID))
      return .object(members)
    case .nextIDAtRenumberingBound:
      set("nextID", .integer(QueueSpecification.renumberedAbove))
      return .object(members)
    case .negativeAttempts, .tooManyAttempts, .attemptsAtLimit:
      guard let operation = operations.first else { return nil }
      let most = Int64(QueueSpecification.mostAttempts)
      let attempts: Int64 = self == .negativeAttempts ? -1 : self == .tooManyAttempts ? most + 1 : most
      return Self.replacing(body, at: operation, key: "attempts", with: .integer(attempts))
    case .attemptsAsText:
      guard let operation = operations.first else { return nil }
      return Self.replacing(body, at: operation, key: "attempts", with: .string("1"))
    }
  }

  private static func items(_ json: JSON) -> [JSON]? {
    if case .array(let items) = json { return items }
    return nil
  }

  /// `body` with field `key` of the first operation equal to `operation` in its list replaced.
  private static func replacing(_ body: JSON, at operation: (String, JSON), key: String, with value: JSON)
    -> JSON?
  {
    guard case .object(var members) = body,
      let listIndex = members.firstIndex(where: { $0.0 == operation.0 }),
      case .array(var items) = members[listIndex].1, let index = items.firstIndex(of: operation.1),
      case .object(var fields) = items[index], let fieldIndex = fields.firstIndex(where: { $0.0 == key })
    else { return nil }
    fields[fieldIndex].1 = value
    items[index] = .object(fields)
    members[listIndex].1 = .array(items)
    return .object(members)
  }
}
