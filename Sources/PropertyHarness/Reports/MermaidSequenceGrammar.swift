/// A checker of the part of Mermaid's `sequenceDiagram` language that `SequenceDiagram` writes.
///
/// Written from Mermaid's grammar (`sequenceDiagram.jison`): the tests hold every diagram to it.
///
/// What the grammar says, and this checks, line by line: the header; `participant ID as LABEL`
/// (an id is lexed up to `-`, `>`, `:`, `,`, `;` or a line's end, a label to `#`, `;` or a line's
/// end); a message `ACTOR ARROW ACTOR: TEXT` with one of the grammar's eight arrows; `Note over
/// A[,B]: TEXT`, `Note left of A: TEXT`, `Note right of A: TEXT`; a `rect COLOR` block closed by
/// `end`. Text runs to `#` (a comment starts), `;` (a statement ends) or the line's end, and must
/// not be empty. Stricter than Mermaid where a slip would still draw something else: ids are a
/// letter and then letters and digits, never a keyword; every actor is declared first; no text
/// holds `%%` (a comment) or markup other than `<br/>`.
enum MermaidSequenceGrammar {
  /// The grammar's arrows, longest first (the lexer tries `-->>` before `->`).
  static let arrows = ["-->>", "->>", "-->", "--x", "--)", "->", "-x", "-)"]
  /// Words the lexer reads as keywords wherever an actor could stand.
  static let keywords: Set<String> = [
    "participant", "actor", "create", "destroy", "box", "loop", "rect", "opt", "alt", "else", "par",
    "par_over", "and", "critical", "option", "break", "end", "left", "right", "of", "links", "link",
    "properties", "details", "over", "note", "activate", "deactivate", "title", "autonumber", "off",
    "as", "sequencediagram",
  ]

  /// Each line of `text` that breaks the grammar, with its number and why; empty when it parses.
  static func problems(in text: String) -> [String] {
    var problems: [String] = []
    var declared: Set<String> = []
    var open = 0
    var sawHeader = false
    for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let number = index + 1
      let line = raw.drop { $0 == " " }
      func fail(_ why: String) { problems.append("line \(number): \(why): \(raw)") }
      if line.isEmpty { continue }
      guard sawHeader else {
        if line == "sequenceDiagram" { sawHeader = true } else { fail("expected the header sequenceDiagram") }
        continue
      }
      if line.contains("#") || line.contains(";") || line.contains("%%") {
        fail("# starts a comment, ; ends a statement, %% is a comment")
        continue
      }
      if line.hasPrefix("participant ") {
        let parts = line.dropFirst("participant ".count).split(separator: " ", maxSplits: 2)
        guard parts.count == 3, parts[1] == "as", isID(parts[0]), !parts[2].isEmpty else {
          fail("expected participant ID as LABEL")
          continue
        }
        if let problem = textProblem(parts[2]) { fail("the label \(problem)") }
        declared.insert(String(parts[0]))
      } else if line.hasPrefix("Note ") {
        guard let colon = line.firstIndex(of: ":") else {
          fail("a note needs : and its text")
          continue
        }
        let placement = line[line.index(line.startIndex, offsetBy: 5)..<colon]
        let actors: [Substring]
        if placement.hasPrefix("over ") {
          actors = placement.dropFirst(5).split(separator: ",", omittingEmptySubsequences: false)
        } else if placement.hasPrefix("left of ") || placement.hasPrefix("right of ") {
          actors = [placement.drop { $0 != " " }.dropFirst().drop { $0 != " " }.dropFirst()]
        } else {
          fail("a note goes over, left of or right of an actor")
          continue
        }
        guard (1...2).contains(actors.count), actors.allSatisfy({ declared.contains(String($0)) }) else {
          fail("a note names one or two declared actors")
          continue
        }
        if let problem = textProblem(line[line.index(after: colon)...]) { fail("the note's text \(problem)") }
      } else if line.hasPrefix("rect ") {
        let color = line.dropFirst(5)
        guard (color.hasPrefix("rgb(") || color.hasPrefix("rgba(")) && color.hasSuffix(")") else {
          fail("rect takes rgb(…) or rgba(…)")
          continue
        }
        open += 1
      } else if line == "end" {
        if open == 0 { fail("end closes no block") } else { open -= 1 }
      } else if let problem = messageProblem(line, declared: declared) {
        fail(problem)
      }
    }
    if !sawHeader { problems.append("no sequenceDiagram header") }
    if open > 0 { problems.append("\(open) block(s) never closed by end") }
    return problems
  }

  /// Why `line` is no message between declared actors, or nil.
  private static func messageProblem(_ line: Substring, declared: Set<String>) -> String? {
    guard let colon = line.firstIndex(of: ":") else { return "not a statement of the subset" }
    let head = line[..<colon]
    for arrow in arrows {
      guard let range = head.firstRange(of: arrow) else { continue }
      let from = head[..<range.lowerBound], to = head[range.upperBound...]
      guard declared.contains(String(from)), declared.contains(String(to)) else {
        return "a message goes between declared actors"
      }
      return textProblem(line[line.index(after: colon)...]).map { "the message's text \($0)" }
    }
    return "a message needs one of the arrows \(arrows.joined(separator: " "))"
  }

  /// Why `text` (after a statement's `:`) is not text of the grammar, or nil.
  private static func textProblem(_ text: Substring) -> String? {
    if text.allSatisfy({ $0 == " " }) { return "is empty" }
    let withoutBreaks = text.replacing("<br/>", with: " ")
    if withoutBreaks.contains("<") || withoutBreaks.contains(">") { return "holds markup" }
    return nil
  }

  /// Whether `id` is an id of the subset: a letter, then letters and digits, no keyword.
  private static func isID(_ id: Substring) -> Bool {
    guard let first = id.first, first.isASCII, first.isLetter else { return false }
    return id.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } && !keywords.contains(id.lowercased())
  }
}
