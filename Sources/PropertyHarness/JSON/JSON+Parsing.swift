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
  /// Parses JSON text, keeping object keys in the order written and numbers as written: a number
  /// with no fraction or exponent that fits in Int64 is `.integer`, any other `.double`.
  ///
  /// - Throws: `JSONParseError` with the line and column of the first problem.
  public static func parse(_ text: String) throws -> JSON {
    var parser = Parser(scalars: Array(text.unicodeScalars))
    parser.skipWhitespace()
    let value = try parser.value(depth: 0)
    parser.skipWhitespace()
    guard parser.index == parser.scalars.count else { throw parser.error("unexpected text after the value") }
    return value
  }

  private struct Parser {
    let scalars: [Unicode.Scalar]
    var index = 0

    func error(_ message: String) -> JSONParseError {
      var line = 1, column = 1
      for scalar in scalars[..<Swift.min(index, scalars.count)] {
        if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
      }
      return JSONParseError(message: message, line: line, column: column)
    }

    mutating func skipWhitespace() {
      while index < scalars.count, [" ", "\n", "\r", "\t"].contains(scalars[index]) { index += 1 }
    }

    mutating func expect(_ literal: String) throws {
      for scalar in literal.unicodeScalars {
        guard index < scalars.count, scalars[index] == scalar else { throw error("expected \(literal)") }
        index += 1
      }
    }

    mutating func value(depth: Int) throws -> JSON {
      guard depth < 512 else { throw error("nested too deeply") }
      guard index < scalars.count else { throw error("unexpected end of text") }
      switch scalars[index] {
      case "n": try expect("null"); return .null
      case "t": try expect("true"); return .bool(true)
      case "f": try expect("false"); return .bool(false)
      case "\"": return .string(try string())
      case "[":
        index += 1
        var values: [JSON] = []
        skipWhitespace()
        if index < scalars.count, scalars[index] == "]" { index += 1; return .array(values) }
        while true {
          skipWhitespace()
          values.append(try value(depth: depth + 1))
          skipWhitespace()
          guard index < scalars.count else { throw error("unterminated array") }
          if scalars[index] == "]" { index += 1; return .array(values) }
          guard scalars[index] == "," else { throw error("expected , or ] in array") }
          index += 1
        }
      case "{":
        index += 1
        var members: [(String, JSON)] = []
        skipWhitespace()
        if index < scalars.count, scalars[index] == "}" { index += 1; return .object(members) }
        while true {
          skipWhitespace()
          guard index < scalars.count, scalars[index] == "\"" else { throw error("expected a quoted key") }
          let key = try string()
          skipWhitespace()
          guard index < scalars.count, scalars[index] == ":" else {
            throw error("expected : after key \"\(key)\"")
          }
          index += 1
          skipWhitespace()
          if members.contains(where: { $0.0 == key }) { throw error("duplicate key \"\(key)\"") }
          members.append((key, try value(depth: depth + 1)))
          skipWhitespace()
          guard index < scalars.count else { throw error("unterminated object") }
          if scalars[index] == "}" { index += 1; return .object(members) }
          guard scalars[index] == "," else { throw error("expected , or } in object") }
          index += 1
        }
      default:
        return try number()
      }
    }

    mutating func string() throws -> String {
      index += 1
      var result = String.UnicodeScalarView()
      while index < scalars.count {
        let scalar = scalars[index]
        index += 1
        switch scalar {
        case "\"": return String(result)
        case "\\":
          guard index < scalars.count else { throw error("unterminated escape") }
          let escape = scalars[index]
          index += 1
          switch escape {
          case "\"": result.append("\"")
          case "\\": result.append("\\")
          case "/": result.append("/")
          case "b": result.append("\u{08}")
          case "f": result.append("\u{0C}")
          case "n": result.append("\n")
          case "r": result.append("\r")
          case "t": result.append("\t")
          case "u":
            var code = try hex4()
            if (0xD800...0xDBFF).contains(code), index + 1 < scalars.count, scalars[index] == "\\",
              scalars[index + 1] == "u"
            {
              index += 2
              let low = try hex4()
              guard (0xDC00...0xDFFF).contains(low) else { throw error("unpaired surrogate") }
              code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let decoded = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
            result.append(decoded)
          default: throw error("invalid escape \\\(escape)")
          }
        case _ where scalar.value < 0x20: throw error("control character in string")
        default: result.append(scalar)
        }
      }
      throw error("unterminated string")
    }

    mutating func hex4() throws -> UInt32 {
      guard index + 4 <= scalars.count else { throw error("short \\u escape") }
      var code: UInt32 = 0
      for scalar in scalars[index..<index + 4] {
        guard scalar.isASCII, let digit = Character(scalar).hexDigitValue else {
          throw error("invalid \\u escape")
        }
        code = code << 4 | UInt32(digit)
      }
      index += 4
      return code
    }

    /// Skips the digits at `index`; false when there are none.
    mutating func digits() -> Bool {
      let start = index
      while index < scalars.count, ("0"..."9").contains(scalars[index]) { index += 1 }
      return index > start
    }

    /// A number by RFC 8259's grammar, `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    mutating func number() throws -> JSON {
      let start = index
      if index < scalars.count, scalars[index] == "-" { index += 1 }
      let integerStart = index
      guard digits() else { throw error(index == start ? "unexpected character" : "invalid number") }
      if scalars[integerStart] == "0", index - integerStart > 1 {
        index = integerStart
        throw error("invalid number: a leading zero")
      }
      var isInteger = true
      if index < scalars.count, scalars[index] == "." {
        index += 1
        isInteger = false
        guard digits() else { throw error("invalid number: no digit after the point") }
      }
      if index < scalars.count, scalars[index] == "e" || scalars[index] == "E" {
        index += 1
        isInteger = false
        if index < scalars.count, scalars[index] == "+" || scalars[index] == "-" { index += 1 }
        guard digits() else { throw error("invalid number: no digit in the exponent") }
      }
      let text = String(String.UnicodeScalarView(scalars[start..<index]))
      if isInteger, let integer = Int64(text) { return .integer(integer) }
      guard let double = Double(text), double.isFinite else {
        index = start
        throw error("invalid number \(text)")
      }
      return .double(double)
    }
  }
}
