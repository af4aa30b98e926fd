import Foundation

/// A change to the text of a v1 file's body that keeps its checksum valid.
///
/// Tagged with the rule that decides it: JSON by RFC 8259 holding the same queue, which must load as that
/// queue (`keepsQueue`), or text RFC 8259 or the format (`QueueFileFormat`) refuses, which must not load.
///
/// Most edits put a member `"note…"` first in the body's object (`tooDeep` puts its note last): the
/// format ignores unknown keys, so the note's JSON alone decides. (`FileEdit` changes the queue; these change only the syntax.)
package enum SyntaxEdit: String, CaseIterable, Sendable {
  /// Space, tab, line feed and carriage return around every `{}[],:` outside strings (RFC 8259 §2).
  case spacedOut
  /// Every letter, digit and non-ASCII character of every string written as a `\uXXXX` escape.
  ///
  /// Every ASCII letter and digit and every character beyond ASCII of every string and key written
  /// as a `\uXXXX` escape, one beyond the BMP as a surrogate pair, with hex digits alternately
  /// lower- and upper-case (§7 allows either).
  ///
  /// A reader that misread a hex letter of one case, or joined a surrogate pair wrongly, survived while only
  /// upper-case ASCII escapes were written.
  case escapedCharacters
  /// A note of every kind of value.
  ///
  /// A note of every kind of value (§3–7): literals, numbers with fraction, exponent and minus,
  /// an escape of every kind, a surrogate pair, raw UTF-8 beyond ASCII, the empty string, empty
  /// array and object.
  ///
  /// (No string the gate writes is empty: a reader whose fast path took the closing quote of `""` for a
  /// character would pass.)
  case unknownMembers
  /// A note nested so the body is `QueueFileFormat.maxNesting` deep, the most the format allows.
  case deepestNesting
  /// A comma after the object's last member (§4).
  case trailingCommaInObject
  /// A comma after an array's last element (§5).
  case trailingCommaInArray
  /// `01`: a number's integer part starts with a zero followed by digits (§6).
  case leadingZero
  /// `+1` (§6: only minus).
  case plusSign
  /// `.5`: no digit before the point (§6).
  case bareFraction
  /// `1.`: no digit after the point (§6).
  case emptyFraction
  /// `1e`: no digit in the exponent (§6).
  case emptyExponent
  /// `NaN` (§6: not a number's grammar).
  case notANumber
  /// `1e400`: JSON by the grammar, beyond a `Double`, the limit the format sets (§6 allows one).
  case numberBeyondDouble
  /// 309 nines, no exponent: beyond a `Double`.
  ///
  /// 309 nines, no exponent: beyond a `Double` as well, and the shortest such text, so a reader that
  /// checks the range only of longer numbers lets it through.
  case digitsBeyondDouble
  /// A raw tab inside a string (§7: control characters must be escaped).
  case rawControlCharacter
  /// `"\x"` (§7: no such escape).
  case invalidEscape
  /// `"\ud800"`: a high surrogate with no low one; not a character (§7, §8.2).
  case loneSurrogate
  /// `"\ud83d\tde00"`: a high surrogate followed by another escape.
  ///
  /// Not `\u`, so again no low one; a reader that skipped the two bytes after it unchecked read `de00` as its
  /// low half.
  case surrogateThenOtherEscape
  /// `"\ud83d\u0041"`: a high surrogate followed by an escape that is not a low one.
  case surrogateThenNotLow
  /// The bytes C3 28 in a string: not UTF-8 (§8.1).
  case invalidUTF8
  /// A string of the one byte 80, a continuation with nothing to continue.
  ///
  /// Not UTF-8 either, and the one such string whose bytes OR to exactly 0x80 (a reader that took that for
  /// ASCII let it through).
  case loneContinuationByte
  /// `'note': 1` (§7: strings are quoted with `"`).
  case singleQuotes
  /// `note: 1` (§4: a name is a string).
  case unquotedKey
  /// `'note": 1`: a name opened with `'` and closed with `"` (§7: a string opens with `"`).
  case mismatchedQuotes
  /// `"note"=1` (§4: a colon separates a name from its value). The one edit that breaks only a
  /// separator: it judges that a reader checks them.
  case equalsForColon
  /// `/**/` after the `{` (JSON has no comments).
  case comment
  /// `True` (§3: literals are lowercase).
  case capitalLiteral
  /// `nulL` (§3 again): one that starts as a literal does and is as long, so only a reader that
  /// checks every byte of the word refuses it.
  case misspelledLiteral
  /// `"version": 1` twice: §4 says names should be unique; the format says they must be.
  case duplicateKey
  /// Nested one deeper than `QueueFileFormat.maxNesting`, as the body's last member.
  ///
  /// After its lists have closed, so a reader that miscounts depth as values close lets it through.
  case tooDeep
  /// ` 0` after the body's object (§2: one value).
  case textAfterValue
  /// The body cut off inside a string, after a high surrogate's escape and a backslash.
  ///
  /// The body cut off inside a string, after a high surrogate's escape and the backslash of the
  /// escape that should follow: `…,"note":"\ud83d\` with no closing brace.
  ///
  /// A reader that looked for the `u` of that escape past the body's last byte would crash.
  case endsAfterSurrogate
  /// The UTF-8 byte order mark before the body: §8.1 lets a parser ignore it; the format refuses
  /// it, since no build writes one.
  case byteOrderMark

  /// True when the edited body is JSON holding the same queue, which must load as it is.
  var keepsQueue: Bool {
    [.spacedOut, .escapedCharacters, .unknownMembers, .deepestNesting].contains(self)
  }

  /// The file of `data` with its body edited and its checksum recomputed.
  ///
  /// The file of `data` (a sound v1 file) with its body edited and its checksum recomputed; nil
  /// when the body is not an object written as `{…}` with nothing around it.
  package func file(from data: Data) -> Data? {
    let bytes = [UInt8](data)
    guard let newline = bytes.firstIndex(of: 0x0A) else { return nil }
    let body = Array(bytes[(newline + 1)...])
    guard body.first == UInt8(ascii: "{"), body.last == UInt8(ascii: "}"), body.count >= 2 else { return nil }
    return QueueFileFormat.write(bytes: edit(body))
  }

  private func edit(_ body: [UInt8]) -> [UInt8] {
    let inner = body.dropFirst().dropLast()
    // The body with `start` first inside its object.
    func opened(_ start: [UInt8]) -> [UInt8] { [UInt8(ascii: "{")] + start + inner + [UInt8(ascii: "}")] }
    // The body with `end` last inside its object.
    func closed(_ end: String) -> [UInt8] { Array(body.dropLast()) + Array("\(end)}".utf8) }
    // NB: the note's key carries the body's length. A file damaged at two restarts with no save
    // between already holds a note, and a second `"note"` would be a duplicate key, which the
    // format refuses. Every edit that keeps the queue lengthens the body, so no two notes of one
    // body share a key.
    func noted(_ value: String) -> [UInt8] { opened(Array("\"note\(body.count)\":\(value),".utf8)) }
    func nested(_ levels: Int) -> String {
      String(repeating: "[", count: levels) + String(repeating: "]", count: levels)
    }
    let depth = QueueFileFormat.maxNesting
    switch self {
    case .spacedOut: return Self.spacedOut(body)
    case .escapedCharacters: return Self.escapingCharacters(body)
    case .unknownMembers:
      return noted(
        #"{"a":[true,false,null,-0.5e+3,1E2,0,-0,12.25E-1,"","\u00e9\ud83d\ude00\"\\\/\b\f\n\r\t","é😀",[],{}],"b":"\u001F"}"#
      )
    case .deepestNesting:
      return noted(nested(depth - 1))
    case .trailingCommaInObject: return closed(",")
    case .trailingCommaInArray: return noted("[1,]")
    case .leadingZero: return noted("01")
    case .plusSign: return noted("+1")
    case .bareFraction: return noted(".5")
    case .emptyFraction: return noted("1.")
    case .emptyExponent: return noted("1e")
    case .notANumber: return noted("NaN")
    case .numberBeyondDouble: return noted("1e400")
    case .digitsBeyondDouble: return noted(String(repeating: "9", count: 309))
    case .rawControlCharacter: return noted("\"a\tb\"")
    case .invalidEscape: return noted(#""\x""#)
    case .loneSurrogate: return noted(#""\ud800""#)
    case .surrogateThenOtherEscape: return noted(#""\ud83d\tde00""#)
    case .surrogateThenNotLow: return noted(#""\ud83d\u0041""#)
    // NB: C3 starts a two-byte sequence, which 28 `(` cannot continue.
    case .invalidUTF8: return opened(Array("\"note\":\"".utf8) + [0xC3, 0x28] + Array("\",".utf8))
    case .loneContinuationByte: return opened(Array("\"note\":\"".utf8) + [0x80] + Array("\",".utf8))
    case .singleQuotes: return opened(Array("'note':1,".utf8))
    case .unquotedKey: return opened(Array("note:1,".utf8))
    case .mismatchedQuotes: return opened(Array("'note\":1,".utf8))
    case .equalsForColon: return opened(Array("\"note\"=1,".utf8))
    case .comment: return opened(Array("/**/".utf8))
    case .capitalLiteral: return noted("True")
    case .misspelledLiteral: return noted("nulL")
    case .duplicateKey: return opened(Array("\"version\":1,".utf8))
    case .tooDeep: return closed(",\"note\(body.count)\":\(nested(depth))")
    case .textAfterValue: return body + Array(" 0".utf8)
    case .endsAfterSurrogate: return Array(body.dropLast()) + Array(#","note":"\ud83d\"#.utf8)
    case .byteOrderMark: return [0xEF, 0xBB, 0xBF] + body
    }
  }

  /// `body` with whitespace of all four kinds around each structural character outside strings.
  private static func spacedOut(_ body: [UInt8]) -> [UInt8] {
    let space = Array(" \t\n\r".utf8)
    var result: [UInt8] = space
    for (byte, inString) in scanned(body) {
      let structural = !inString && Array("{}[],:".utf8).contains(byte)
      result += structural ? space + [byte] + space : [byte]
    }
    return result + space
  }

  /// `body` with each letter, digit and non-ASCII character inside a string escaped.
  ///
  /// `body` with each ASCII letter and digit and each character beyond ASCII inside a string written
  /// as `\uXXXX` (a character beyond the BMP as its UTF-16 surrogate pair), the hex digits of every
  /// other escape upper-case.
  ///
  /// `body` is a sound file's, so its strings are valid UTF-8.
  private static func escapingCharacters(_ body: [UInt8]) -> [UInt8] {
    let bytes = scanned(body)
    var result: [UInt8] = []
    var escapes = 0
    func escape(_ units: some Sequence<UInt16>) {
      for unit in units {
        let hex = String(unit, radix: 16, uppercase: escapes % 2 == 1)
        result += Array("\\u\(String(repeating: "0", count: 4 - hex.count))\(hex)".utf8)
        escapes += 1
      }
    }
    var index = 0
    while index < bytes.count {
      let (byte, inString) = bytes[index]
      let alphanumeric =
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
      if inString && byte >= 0x80 {
        // A UTF-8 sequence's length is told by its first byte.
        let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
        let end = min(index + length, bytes.count)
        escape(String(decoding: bytes[index..<end].map(\.0), as: UTF8.self).utf16)
        index = end
      } else {
        if inString && alphanumeric { escape([UInt16(byte)]) } else { result.append(byte) }
        index += 1
      }
    }
    return result
  }

  /// Each byte of JSON text with whether it lies inside a string, outside an escape.
  ///
  /// Each byte of JSON text with whether it lies inside a string, between its quotes, and outside
  /// an escape (the bytes of `\"` or `\u00e9` count as outside, so they are never rewritten).
  private static func scanned(_ text: [UInt8]) -> [(UInt8, Bool)] {
    var inString = false
    var escapeLeft = 0
    return text.map { byte in
      if escapeLeft > 0 {
        escapeLeft = byte == UInt8(ascii: "u") && escapeLeft == 1 ? 4 : escapeLeft - 1
        return (byte, false)
      }
      if inString && byte == UInt8(ascii: "\\") {
        escapeLeft = 1
        return (byte, false)
      }
      if byte == UInt8(ascii: "\"") {
        inString.toggle()
        return (byte, false)
      }
      return (byte, inString)
    }
  }
}
