/// A picture of one failing run as a sequence diagram.
///
/// A lifeline per device and one for the cloud, each step and each call with its answer in order, and the
/// part where the property broke highlighted.
///
/// `mermaid` writes it in Mermaid's `sequenceDiagram` language, which GitHub draws in a job summary, an issue
/// or a pull request.
public struct SequenceDiagram: Sendable, Equatable {
  /// One lifeline: the id the diagram's lines use (letters and digits) and the label drawn.
  public struct Lifeline: Sendable, Equatable {
    /// Its id: a letter, then letters and digits.
    public let id: String
    /// What its box says.
    public let label: String

    /// A lifeline with id `id` and label `label`.
    public init(id: String, label: String) {
      self.id = id
      self.label = label
    }
  }

  /// How a message is drawn.
  public enum Arrow: Sendable, Equatable {
    /// A call: a solid line.
    case call
    /// An answer: a dotted line.
    case answer
    /// An answer that failed (a fault injected, a refusal, no network): a dotted line ending in a cross.
    case failure
  }

  /// One thing drawn, in order from the top.
  public indirect enum Item: Sendable, Equatable {
    /// A message from one lifeline to another.
    case message(from: String, to: String, arrow: Arrow, text: String)
    /// A note spanning the lifelines `over` (one or two).
    case note(over: [String], text: String)
    /// Items on a red background: where the property broke.
    case highlighted([Item])
  }

  /// The lifelines, left to right.
  public let lifelines: [Lifeline]
  /// What is drawn, from the top.
  public let items: [Item]

  /// A diagram of `items` between `lifelines`.
  public init(lifelines: [Lifeline], items: [Item]) {
    self.lifelines = lifelines
    self.items = items
  }

  /// The diagram in Mermaid's `sequenceDiagram` language, one statement a line, ending in a
  /// newline.
  ///
  /// Text from the run is made safe for the grammar: no `#` (a comment: drawn `№`), `;` (a line's end), `%%`
  /// or line break of its own, angle brackets as guillemets (so no text is read as markup), and long text
  /// broken with `<br/>` lines, as are a message's or a note's own line breaks.
  public var mermaid: String {
    var lines = ["sequenceDiagram"]
    for lifeline in lifelines {
      lines.append("  participant \(lifeline.id) as \(Self.safe(lifeline.label))")
    }
    func render(_ items: [Item], indent: String) {
      for item in items {
        switch item {
        case .message(let from, let to, let arrow, let text):
          let drawn: String
          switch arrow {
          case .call: drawn = "->>"
          case .answer: drawn = "-->>"
          case .failure: drawn = "--x"
          }
          lines.append("\(indent)\(from)\(drawn)\(to): \(Self.wrapped(text))")
        case .note(let over, let text):
          lines.append("\(indent)Note over \(over.joined(separator: ",")): \(Self.wrapped(text))")
        case .highlighted(let inner):
          lines.append("\(indent)rect rgb(255, 224, 224)")
          render(inner, indent: indent + "  ")
          lines.append("\(indent)end")
        }
      }
    }
    render(items, indent: "  ")
    return lines.joined(separator: "\n") + "\n"
  }

  /// Characters a line of text may use, for Mermaid's grammar: text of its own, no markup.
  static func safe(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "#": result.append("№")
      case ";": result.append(",")
      case "<": result.append("‹")
      case ">": result.append("›")
      case "%" where result.last == "%": result.append("％")
      case "\n", "\r", "\t": result.append(" ")
      default: result.append(character)
      }
    }
    let trimmed = result.trimmingSpaces
    return trimmed.isEmpty ? "…" : trimmed
  }

  /// `text`, safe, in lines of about `width` characters joined by `<br/>`; each of its own lines
  /// starts a new one.
  static func wrapped(_ text: String, width: Int = 72) -> String {
    var lines: [String] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var line = ""
      for word in safe(String(paragraph)).split(separator: " ") {
        if !line.isEmpty, line.count + 1 + word.count > width {
          lines.append(line)
          line = ""
        }
        line += (line.isEmpty ? "" : " ") + word
      }
      lines.append(line)
    }
    return lines.joined(separator: "<br/>")
  }
}

extension String {
  /// Without spaces at either end.
  fileprivate var trimmingSpaces: String {
    var characters = Substring(self)
    while characters.first == " " { characters.removeFirst() }
    while characters.last == " " { characters.removeLast() }
    return String(characters)
  }
}
