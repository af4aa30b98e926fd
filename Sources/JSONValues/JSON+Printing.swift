extension JSON {
  /// The value as JSON text.
  ///
  /// - Parameters:
  ///   - pretty: one member per line, indented by two spaces.
  ///   - sortKeys: objects printed with keys in code-point order instead of as stored.
  public func text(pretty: Bool = false, sortKeys: Bool = false) -> String {
    var output = ""
    write(to: &output, pretty: pretty, sortKeys: sortKeys, indent: 0)
    return output
  }

  private func write(to output: inout String, pretty: Bool, sortKeys: Bool, indent: Int) {
    switch self {
    case .null: output += "null"
    case .bool(let value): output += value ? "true" : "false"
    case .integer(let value): output += String(value)
    case .double(let value): output += Self.format(value)
    case .string(let value): Self.quote(value, into: &output)
    case .array(let values):
      writeContainer(
        values.map { (nil as String?, $0) }, open: "[", close: "]", to: &output, pretty: pretty,
        sortKeys: sortKeys, indent: indent)
    case .object(let members):
      let ordered =
        sortKeys
        ? members.sorted {
          Array($0.0.unicodeScalars.map(\.value)).lexicographicallyPrecedes($1.0.unicodeScalars.map(\.value))
        } : members
      writeContainer(
        ordered.map { ($0.0 as String?, $0.1) }, open: "{", close: "}", to: &output, pretty: pretty,
        sortKeys: sortKeys, indent: indent)
    }
  }

  private func writeContainer(
    _ items: [(String?, JSON)], open: String, close: String, to output: inout String,
    pretty: Bool, sortKeys: Bool, indent: Int
  ) {
    output += open
    if items.isEmpty { output += close; return }
    let inner = String(repeating: "  ", count: indent + 1)
    for (index, (key, value)) in items.enumerated() {
      if index > 0 { output += "," }
      if pretty { output += "\n" + inner }
      if let key {
        Self.quote(key, into: &output)
        output += pretty ? ": " : ":"
      }
      value.write(to: &output, pretty: pretty, sortKeys: sortKeys, indent: indent + 1)
    }
    if pretty { output += "\n" + String(repeating: "  ", count: indent) }
    output += close
  }

  /// A finite Double in Swift's shortest round-tripping form; whole numbers keep a ".0".
  static func format(_ value: Double) -> String {
    precondition(value.isFinite, "encode non-finite doubles with JSON.number(_:)")
    return "\(value)"
  }

  static func quote(_ string: String, into output: inout String) {
    output += "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case _
      where scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value)
        || scalar == "\u{2028}" || scalar == "\u{2029}":
        let hex = String(scalar.value, radix: 16)
        output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: output.unicodeScalars.append(scalar)
      }
    }
    output += "\""
  }
}
