/// Why JSON text could not be read, and where.
public struct JSONParseError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What is wrong.
  public let message: String
  /// Line and column (1-based) of the problem.
  public let line: Int
  /// The column, from 1.
  public let column: Int
  /// How reports print it.
  public var description: String { "line \(line), column \(column): \(message)" }
}

extension JSON {
  /// Parses JSON text, keeping object keys in the order written and numbers as written.
  ///
  /// A number with no fraction or exponent that fits in Int64 is `.integer`, any other `.double`.
  ///
  /// - Throws: `JSONParseError` with the line and column of the first problem.
  public static func parse(_ text: String) throws -> JSON {
    var parser = Parser(bytes: Array(text.utf8))
    parser.skipWhitespace()
    let value = try parser.value(depth: 0)
    parser.skipWhitespace()
    guard parser.index == parser.bytes.count else { throw parser.error("unexpected text after the value") }
    return value
  }

  /// A recursive-descent reader of the text's UTF-8 bytes.
  ///
  /// (It read an array of Unicode scalars and built strings a scalar at a time, which was half of P23, whose
  /// oracle reads every queue file the engine writes. A Swift string is valid UTF-8, and every byte the
  /// grammar names is ASCII, so the bytes between two of them are whole characters.)
  private struct Parser {
    let bytes: [UInt8]
    var index = 0

    /// The error `message` at `index`, its column counted in Unicode scalars (the bytes that do not
    /// continue a UTF-8 sequence).
    func error(_ message: String) -> JSONParseError {
      var line = 1, column = 1
      for byte in bytes[..<Swift.min(index, bytes.count)] where byte & 0xC0 != 0x80 {
        if byte == ascii("\n") { line += 1; column = 1 } else { column += 1 }
      }
      return JSONParseError(message: message, line: line, column: column)
    }

    /// Whether the byte at `index` is `character`.
    func at(_ character: Unicode.Scalar) -> Bool { index < bytes.count && bytes[index] == ascii(character) }

    mutating func skipWhitespace() {
      while index < bytes.count {
        switch bytes[index] {
        case ascii(" "), ascii("\n"), ascii("\r"), ascii("\t"): index += 1
        default: return
        }
      }
    }

    mutating func expect(_ literal: String) throws {
      for byte in literal.utf8 {
        guard index < bytes.count, bytes[index] == byte else { throw error("expected \(literal)") }
        index += 1
      }
    }

    mutating func value(depth: Int) throws -> JSON {
      guard depth < 512 else { throw error("nested too deeply") }
      guard index < bytes.count else { throw error("unexpected end of text") }
      switch bytes[index] {
      case ascii("n"): try expect("null"); return .null
      case ascii("t"): try expect("true"); return .bool(true)
      case ascii("f"): try expect("false"); return .bool(false)
      case ascii("\""): return .string(try string())
      case ascii("["):
        index += 1
        var values: [JSON] = []
        skipWhitespace()
        if at("]") { index += 1; return .array(values) }
        while true {
          skipWhitespace()
          values.append(try value(depth: depth + 1))
          skipWhitespace()
          guard index < bytes.count else { throw error("unterminated array") }
          if at("]") { index += 1; return .array(values) }
          guard at(",") else { throw error("expected , or ] in array") }
          index += 1
        }
      case ascii("{"):
        index += 1
        var members: [(String, JSON)] = []
        skipWhitespace()
        if at("}") { index += 1; return .object(members) }
        while true {
          skipWhitespace()
          guard at("\"") else { throw error("expected a quoted key") }
          let key = try string()
          skipWhitespace()
          guard at(":") else { throw error("expected : after key \"\(key)\"") }
          index += 1
          skipWhitespace()
          if members.contains(where: { $0.0 == key }) { throw error("duplicate key \"\(key)\"") }
          members.append((key, try value(depth: depth + 1)))
          skipWhitespace()
          guard index < bytes.count else { throw error("unterminated object") }
          if at("}") { index += 1; return .object(members) }
          guard at(",") else { throw error("expected , or } in object") }
          index += 1
        }
      default:
        return try number()
      }
    }

    /// The string whose opening quote is at `index`. A string with no escape is made from its bytes
    /// at once; one with escapes, from the bytes they stand for.
    mutating func string() throws -> String {
      index += 1
      let start = index
      while index < bytes.count {
        let byte = bytes[index]
        if byte == ascii("\"") {
          index += 1
          return String(decoding: bytes[start..<index - 1], as: UTF8.self)
        }
        if byte == ascii("\\") || byte < 0x20 { break }
        index += 1
      }
      var result = Array(bytes[start..<index])
      while index < bytes.count {
        let byte = bytes[index]
        index += 1
        switch byte {
        case ascii("\""): return String(decoding: result, as: UTF8.self)
        case ascii("\\"): try escape(into: &result)
        case _ where byte < 0x20: throw error("control character in string")
        default: result.append(byte)
        }
      }
      throw error("unterminated string")
    }

    /// Appends the UTF-8 of the escape after a backslash (RFC 8259 §7), a surrogate pair as one
    /// scalar.
    mutating func escape(into result: inout [UInt8]) throws {
      guard index < bytes.count else { throw error("unterminated escape") }
      let escape = bytes[index]
      index += 1
      switch escape {
      case ascii("\""), ascii("\\"), ascii("/"): result.append(escape)
      case ascii("b"): result.append(0x08)
      case ascii("f"): result.append(0x0C)
      case ascii("n"): result.append(0x0A)
      case ascii("r"): result.append(0x0D)
      case ascii("t"): result.append(0x09)
      case ascii("u"):
        var code = try hex4()
        if (0xD800...0xDBFF).contains(code), index + 1 < bytes.count, bytes[index] == ascii("\\"),
          bytes[index + 1] == ascii("u")
        {
          index += 2
          let low = try hex4()
          guard (0xDC00...0xDFFF).contains(low) else { throw error("unpaired surrogate") }
          code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let decoded = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
        UTF8.encode(decoded) { result.append($0) }
      default:
        // The character after the backslash, whole (the four bytes from it hold its first scalar).
        let shown = String(decoding: bytes[(index - 1)...].prefix(4), as: UTF8.self).unicodeScalars.first
        throw error("invalid escape \\\(shown.map(String.init) ?? "")")
      }
    }

    mutating func hex4() throws -> UInt32 {
      guard index + 4 <= bytes.count else { throw error("short \\u escape") }
      var code: UInt32 = 0
      for byte in bytes[index..<index + 4] {
        guard let digit = HexDigit.value(byte) else { throw error("invalid \\u escape") }
        code = code << 4 | UInt32(digit)
      }
      index += 4
      return code
    }

    /// Skips the digits at `index`; false when there are none.
    mutating func digits() -> Bool {
      let start = index
      while index < bytes.count, (ascii("0")...ascii("9")).contains(bytes[index]) { index += 1 }
      return index > start
    }

    /// A number by RFC 8259's grammar, `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    mutating func number() throws -> JSON {
      let start = index
      if at("-") { index += 1 }
      let integerStart = index
      guard digits() else { throw error(index == start ? "unexpected character" : "invalid number") }
      if bytes[integerStart] == ascii("0"), index - integerStart > 1 {
        index = integerStart
        throw error("invalid number: a leading zero")
      }
      var isInteger = true
      if at(".") {
        index += 1
        isInteger = false
        guard digits() else { throw error("invalid number: no digit after the point") }
      }
      if at("e") || at("E") {
        index += 1
        isInteger = false
        if at("+") || at("-") { index += 1 }
        guard digits() else { throw error("invalid number: no digit in the exponent") }
      }
      if isInteger, let integer = Self.integer(bytes[start..<index]) { return .integer(integer) }
      let text = String(decoding: bytes[start..<index], as: UTF8.self)
      guard let double = Double(text), double.isFinite else {
        index = start
        throw error("invalid number \(text)")
      }
      return .double(double)
    }

    /// The value of `-?[0-9]+`, or nil when it does not fit in Int64 (as `Int64(text)` reads it).
    static func integer(_ text: ArraySlice<UInt8>) -> Int64? {
      let negative = text.first == ascii("-")
      var value: Int64 = 0
      for byte in text.dropFirst(negative ? 1 : 0) {
        let digit = Int64(byte - ascii("0"))
        let (tens, overflow) = value.multipliedReportingOverflow(by: 10)
        // NB: a negative number is summed below zero, so Int64.min fits.
        let (sum, carry) =
          negative ? tens.subtractingReportingOverflow(digit) : tens.addingReportingOverflow(digit)
        if overflow || carry { return nil }
        value = sum
      }
      return value
    }
  }
}

/// The byte of an ASCII character.
private func ascii(_ character: Unicode.Scalar) -> UInt8 { UInt8(ascii: character) }
