import Foundation

/// A JSON value of a queue file's body, as `QueueJSONReader` reads it.
///
/// An object keeps its members in file order (the few keys of a queue file are found by a scan),
/// and a number keeps its text, so each field reads it as the type it needs: an integer exactly,
/// whatever its size, or a date as a `Double`.
enum QueueJSON: Equatable, Sendable {
  case object([Member])
  case array([QueueJSON])
  case string(String)
  case number(String)
  case bool(Bool)
  case null

  /// An object's member.
  struct Member: Equatable, Sendable {
    let key: String
    let value: QueueJSON
  }
}

/// Where and why a queue file's body is not JSON.
struct QueueJSONSyntaxError: Error, CustomStringConvertible {
  /// The byte offset in the body.
  let offset: Int
  let problem: String

  var description: String { "byte \(offset) of the body: \(problem)" }
}

/// Reads JSON strictly as RFC 8259 states it: one value, whitespace around it, nothing else.
///
/// Strings must be valid UTF-8 with no raw control characters, escapes well formed (surrogates in pairs), and
/// an object's keys distinct. Nesting deeper than `maxDepth` is refused (a queue file nests five deep), so no
/// input can exhaust the stack.
///
/// NB: the queue file was read with `JSONDecoder` (Codable), and written with `JSONEncoder`: they
/// were two thirds of P14–P16's instructions, whose simulations restart every twenty steps or
/// so; with this reader and `QueueJSONWriter` a restart costs a quarter of what it did.
struct QueueJSONReader {
  static let maxDepth = 32

  private let bytes: UnsafeRawBufferPointer
  private var index = 0
  private var depth = 0

  private init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

  /// The value `bytes` hold.
  static func parse(_ bytes: UnsafeRawBufferPointer) throws -> QueueJSON {
    var reader = QueueJSONReader(bytes)
    reader.skipWhitespace()
    let value = try reader.value()
    reader.skipWhitespace()
    guard reader.index == bytes.count else { throw reader.failure("text after the JSON value") }
    return value
  }

  private func failure(_ problem: String) -> QueueJSONSyntaxError {
    QueueJSONSyntaxError(offset: index, problem: problem)
  }

  private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

  /// True when the byte at `index` is `byte`.
  ///
  /// NB: not `current == byte`: comparing optionals is generic, and a debug build built a tuple's
  /// metadata for every byte it compared.
  private func at(_ byte: UInt8) -> Bool { index < bytes.count && bytes[index] == byte }

  /// True when `byte` is an ASCII digit (not `(0x30...0x39).contains`, generic in a debug build).
  private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

  private mutating func skipWhitespace() {
    while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
  }

  private mutating func expect(_ byte: UInt8, _ what: String) throws {
    guard at(byte) else { throw failure("expected \(what)") }
    index += 1
  }

  private mutating func value() throws -> QueueJSON {
    switch current {
    case UInt8(ascii: "{")?: return try nested { try $0.object() }
    case UInt8(ascii: "[")?: return try nested { try $0.array() }
    case UInt8(ascii: "\"")?: return .string(try string())
    case UInt8(ascii: "t")?: return try literal("true", .bool(true))
    case UInt8(ascii: "f")?: return try literal("false", .bool(false))
    case UInt8(ascii: "n")?: return try literal("null", .null)
    case let byte? where byte == UInt8(ascii: "-") || Self.isDigit(byte):
      return .number(try number())
    case nil: throw failure("the body ends where a value belongs")
    default: throw failure("no JSON value starts here")
    }
  }

  private mutating func nested(_ read: (inout QueueJSONReader) throws -> QueueJSON) throws -> QueueJSON {
    guard depth < Self.maxDepth else { throw failure("nested deeper than \(Self.maxDepth)") }
    depth += 1
    defer { depth -= 1 }
    return try read(&self)
  }

  private mutating func object() throws -> QueueJSON {
    index += 1
    var members: [QueueJSON.Member] = []
    skipWhitespace()
    if at(UInt8(ascii: "}")) {
      index += 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard at(UInt8(ascii: "\"")) else { throw failure("expected a key") }
      let keyOffset = index
      let key = try string()
      for member in members where member.key == key {
        throw QueueJSONSyntaxError(offset: keyOffset, problem: "key \"\(key)\" appears twice")
      }
      skipWhitespace()
      try expect(UInt8(ascii: ":"), "':'")
      skipWhitespace()
      members.append(QueueJSON.Member(key: key, value: try value()))
      skipWhitespace()
      if at(UInt8(ascii: ",")) {
        index += 1
        continue
      }
      try expect(UInt8(ascii: "}"), "',' or '}'")
      return .object(members)
    }
  }

  private mutating func array() throws -> QueueJSON {
    index += 1
    var items: [QueueJSON] = []
    skipWhitespace()
    if at(UInt8(ascii: "]")) {
      index += 1
      return .array(items)
    }
    while true {
      skipWhitespace()
      items.append(try value())
      skipWhitespace()
      if at(UInt8(ascii: ",")) {
        index += 1
        continue
      }
      try expect(UInt8(ascii: "]"), "',' or ']'")
      return .array(items)
    }
  }

  private mutating func literal(_ word: StaticString, _ value: QueueJSON) throws -> QueueJSON {
    let count = word.utf8CodeUnitCount
    guard index + count <= bytes.count,
      UnsafeRawBufferPointer(start: word.utf8Start, count: count).elementsEqual(bytes[index..<index + count])
    else { throw failure("expected \(word)") }
    index += count
    return value
  }

  /// A number's text, checked against JSON's grammar and for a finite value.
  ///
  /// A number's text, checked against the grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`,
  /// and its value: finite as a `Double` (RFC 8259 lets a reader limit the range; no field of the
  /// file can hold more, and an ignored key may not either).
  private mutating func number() throws -> String {
    let start = index
    if at(UInt8(ascii: "-")) { index += 1 }
    if at(UInt8(ascii: "0")) {
      index += 1
    } else {
      guard digits() else { throw failure("expected a digit") }
    }
    if at(UInt8(ascii: ".")) {
      index += 1
      guard digits() else { throw failure("expected a digit after '.'") }
    }
    let hasExponent = at(UInt8(ascii: "e")) || at(UInt8(ascii: "E"))
    if hasExponent {
      index += 1
      if at(UInt8(ascii: "+")) || at(UInt8(ascii: "-")) { index += 1 }
      guard digits() else { throw failure("expected a digit in the exponent") }
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    // Only an exponent or more than 308 digits can leave a Double's range.
    if hasExponent || index - start > 308 {
      guard let value = Double(text), value.isFinite else {
        throw QueueJSONSyntaxError(offset: start, problem: "\(text) is beyond a Double's range")
      }
    }
    return text
  }

  /// Skips digits; true when there was at least one.
  private mutating func digits() -> Bool {
    let start = index
    while let byte = current, Self.isDigit(byte) { index += 1 }
    return index > start
  }

  /// A string's value, from its opening quote past its closing one.
  private mutating func string() throws -> String {
    index += 1
    let start = index
    // The common case: no escapes, so the bytes are the string; ASCII needs no validating.
    // NB: `String(validating:)` is generic and unspecialized here: a tenth of a restart's time.
    var bits: UInt8 = 0
    while let byte = current, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\"), byte >= 0x20 {
      bits |= byte
      index += 1
    }
    if at(UInt8(ascii: "\"")) {
      let text = UnsafeRawBufferPointer(rebasing: bytes[start..<index])
      index += 1
      if bits < 0x80 { return String(decoding: text, as: UTF8.self) }
      guard let string = String(validating: text, as: UTF8.self) else {
        throw QueueJSONSyntaxError(offset: start, problem: "a string is not valid UTF-8")
      }
      return string
    }
    var utf8 = Array(bytes[start..<index])
    while true {
      guard let byte = current else { throw failure("a string is not closed") }
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        guard let string = String(validating: utf8, as: UTF8.self) else {
          throw QueueJSONSyntaxError(offset: start, problem: "a string is not valid UTF-8")
        }
        return string
      case UInt8(ascii: "\\"):
        index += 1
        try escape(into: &utf8)
      case ..<0x20: throw failure("a control character in a string")
      default:
        utf8.append(byte)
        index += 1
      }
    }
  }

  /// Decodes the escape after a backslash into `utf8`.
  private mutating func escape(into utf8: inout [UInt8]) throws {
    guard let byte = current else { throw failure("a string is not closed") }
    index += 1
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(byte)
    case UInt8(ascii: "b"): utf8.append(0x08)
    case UInt8(ascii: "f"): utf8.append(0x0C)
    case UInt8(ascii: "n"): utf8.append(0x0A)
    case UInt8(ascii: "r"): utf8.append(0x0D)
    case UInt8(ascii: "t"): utf8.append(0x09)
    case UInt8(ascii: "u"):
      var code = try hexQuad()
      if (0xD800...0xDBFF).contains(code) {
        guard at(UInt8(ascii: "\\")), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u")
        else { throw failure("a high surrogate without its low one") }
        index += 2
        let low = try hexQuad()
        guard (0xDC00...0xDFFF).contains(low) else { throw failure("a high surrogate without its low one") }
        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
      }
      guard let scalar = Unicode.Scalar(code) else { throw failure("a low surrogate on its own") }
      utf8.append(contentsOf: String(scalar).utf8)
    default: throw failure("an unknown escape")
    }
  }

  /// Four hex digits' value.
  private mutating func hexQuad() throws -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let byte = current, let digit = Self.hexValue(byte) else {
        throw failure("expected 4 hex digits")
      }
      value = value << 4 | digit
      index += 1
    }
    return value
  }

  private static func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case 0x30...0x39: return UInt32(byte - 0x30)
    case 0x41...0x46: return UInt32(byte - 0x41 + 10)
    case 0x61...0x66: return UInt32(byte - 0x61 + 10)
    default: return nil
    }
  }
}
