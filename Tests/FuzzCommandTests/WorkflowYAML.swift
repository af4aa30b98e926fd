import Foundation

/// The subset of YAML a GitHub Actions workflow is written in, read strictly enough to catch what
/// breaks one: block mappings and sequences by indentation, plain and quoted scalars, flow
/// sequences (`[1, 2]`) and literal blocks (`run: |`). A tab, a duplicate key or a line indented
/// where nothing can start is an error naming the line.
indirect enum WorkflowYAML: Equatable {
  case scalar(String)
  case sequence([WorkflowYAML])
  case mapping([(String, WorkflowYAML)])

  static func == (lhs: WorkflowYAML, rhs: WorkflowYAML) -> Bool {
    switch (lhs, rhs) {
    case (.scalar(let a), .scalar(let b)): return a == b
    case (.sequence(let a), .sequence(let b)): return a == b
    case (.mapping(let a), .mapping(let b)): return a.map(\.0) == b.map(\.0) && a.map(\.1) == b.map(\.1)
    default: return false
    }
  }

  /// The value of `key` in a mapping; nil otherwise.
  subscript(key: String) -> WorkflowYAML? {
    guard case .mapping(let pairs) = self else { return nil }
    return pairs.first { $0.0 == key }?.1
  }

  var scalar: String? {
    if case .scalar(let text) = self { return text }
    return nil
  }

  var items: [WorkflowYAML] {
    if case .sequence(let items) = self { return items }
    return []
  }

  var keys: [String] {
    if case .mapping(let pairs) = self { return pairs.map(\.0) }
    return []
  }

  struct Problem: Error, CustomStringConvertible {
    let line: Int
    let message: String
    var description: String { "line \(line): \(message)" }
  }

  /// Parses `text`.
  static func parse(_ text: String) throws -> WorkflowYAML {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if let tab = lines.firstIndex(where: { $0.prefix { $0 == " " || $0 == "\t" }.contains("\t") }) {
      throw Problem(line: tab + 1, message: "a tab in the indentation")
    }
    var parser = Parser(lines: lines)
    let document = try parser.block(indent: 0)
    if let line = parser.nextLine() { throw Problem(line: line + 1, message: "unexpected indentation") }
    return document
  }

  private struct Parser {
    var lines: [String]
    var index = 0

    static func indent(_ line: String) -> Int { line.prefix { $0 == " " }.count }

    static func isContent(_ line: String) -> Bool {
      let trimmed = line.drop { $0 == " " }
      return !trimmed.isEmpty && !trimmed.hasPrefix("#")
    }

    /// The index of the next line with content, skipping blank and comment lines.
    mutating func nextLine() -> Int? {
      while index < lines.count, !Self.isContent(lines[index]) { index += 1 }
      return index < lines.count ? index : nil
    }

    mutating func block(indent: Int) throws -> WorkflowYAML {
      guard let line = nextLine() else { return .mapping([]) }
      let text = lines[line].dropFirst(indent)
      return text.hasPrefix("- ") || text == "-" ? try sequence(indent: indent) : try mapping(indent: indent)
    }

    mutating func sequence(indent: Int) throws -> WorkflowYAML {
      var items: [WorkflowYAML] = []
      while let line = nextLine(), Self.indent(lines[line]) == indent,
        lines[line].dropFirst(indent).hasPrefix("- ")
      {
        let content = String(lines[line].dropFirst(indent + 2))
        if Self.splitKey(content) != nil {
          // "- key: value": a mapping whose first line is this one, at the item's indent.
          lines[line] = String(repeating: " ", count: indent + 2) + content
          items.append(try mapping(indent: indent + 2))
        } else {
          index += 1
          items.append(Self.scalar(content))
        }
      }
      return .sequence(items)
    }

    mutating func mapping(indent: Int) throws -> WorkflowYAML {
      var pairs: [(String, WorkflowYAML)] = []
      while let line = nextLine(), Self.indent(lines[line]) == indent {
        let content = String(lines[line].dropFirst(indent))
        guard !content.hasPrefix("- "), let (key, rest) = Self.splitKey(content) else {
          throw Problem(line: line + 1, message: "expected key: value")
        }
        if pairs.contains(where: { $0.0 == key }) {
          throw Problem(line: line + 1, message: "duplicate key \(key)")
        }
        index += 1
        if rest == "|" || rest == "|-" {
          pairs.append((key, literal(above: indent)))
        } else if rest.isEmpty {
          // A value on the lines below, deeper (or a sequence at the key's own indent); none is null.
          if let next = nextLine(),
            Self.indent(lines[next]) > indent
              || (Self.indent(lines[next]) == indent && lines[next].dropFirst(indent).hasPrefix("- "))
          {
            pairs.append((key, try block(indent: Self.indent(lines[next]))))
          } else {
            pairs.append((key, .scalar("")))
          }
        } else {
          pairs.append((key, Self.scalar(rest)))
        }
        if let next = nextLine(), Self.indent(lines[next]) > indent {
          throw Problem(line: next + 1, message: "unexpected indentation")
        }
      }
      return .mapping(pairs)
    }

    /// The lines of a literal block under a key at `indent`, their common indentation removed.
    mutating func literal(above indent: Int) -> WorkflowYAML {
      var block: [String] = []
      while index < lines.count,
        lines[index].trimmingPrefixSpaces.isEmpty || Self.indent(lines[index]) > indent
      {
        block.append(lines[index])
        index += 1
      }
      while block.last?.trimmingPrefixSpaces.isEmpty == true { block.removeLast() }
      let common = block.filter { !$0.trimmingPrefixSpaces.isEmpty }.map(Self.indent).min() ?? 0
      return .scalar(block.map { String($0.dropFirst(common)) }.joined(separator: "\n"))
    }

    /// `key: rest` split at the first ": " (or a trailing ":") outside quotes; nil for no key.
    static func splitKey(_ content: String) -> (String, String)? {
      if content.hasPrefix("\"") || content.hasPrefix("'") || content.hasPrefix("[") { return nil }
      if content.hasSuffix(":"), !content.dropLast().contains(": ") {
        return (String(content.dropLast()), "")
      }
      guard let range = content.range(of: ": ") else { return nil }
      let key = String(content[..<range.lowerBound])
      guard !key.contains(" ") || key.hasPrefix("\"") else { return nil }
      return (key, String(content[range.upperBound...]))
    }

    static func scalar(_ text: String) -> WorkflowYAML {
      if text.hasPrefix("["), text.hasSuffix("]") {
        let inner = text.dropFirst().dropLast()
        return .sequence(inner.split(separator: ",").map { scalar(String($0).trimmingPrefixSpaces) })
      }
      for quote in ["\"", "'"] where text.count >= 2 && text.hasPrefix(quote) && text.hasSuffix(quote) {
        return .scalar(String(text.dropFirst().dropLast()))
      }
      return .scalar(text)
    }
  }
}

extension String {
  /// The string without its leading and trailing spaces.
  fileprivate var trimmingPrefixSpaces: String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}
