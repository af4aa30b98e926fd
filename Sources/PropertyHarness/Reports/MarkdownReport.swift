/// The report a person reads on GitHub.
///
/// The report a person reads on GitHub (a job summary, an issue, a pull request): a table of every
/// property, then each failure with what was observed and expected, the shrunk counterexample and
/// the command that replays it.
///
/// Text the run produced goes in fenced blocks (each fence longer than any run of backticks in it)
/// or escaped table cells, so no input can break the page's structure.
public enum MarkdownReport {
  /// The whole report, ending in a newline.
  public static func render(_ run: RunReport, style: ReportStyle) -> String {
    var lines = ["## \(cell(HumanReport.summary(run, style: style)))", ""]
    lines += ["| | property | cases | |", "| --- | --- | --- | --- |"]
    for property in run.properties {
      let mark = HumanReport.mark(property.status)
      let link: String
      switch property.status {
      case .passed: link = ""
      case .failed: link = "[failure](#\(anchor(property)))"
      case .knownFinding: link = "[known finding](#\(anchor(property))): \(cell(property.knownFinding ?? ""))"
      case .notReproduced: link = "known finding, not reproduced: \(cell(property.knownFinding ?? ""))"
      }
      lines.append("| \(mark) | \(cell("\(property.id) \(property.name)")) | \(property.cases) | \(link) |")
    }
    for skipped in run.notChecked {
      lines.append(
        "| – | \(cell("\(skipped.id) \(skipped.name)")) | | not checked: \(cell(skipped.reason)) |")
    }
    for property in run.failed + run.knownFindings {
      guard let failure = property.failure else { continue }
      let mark = property.knownFinding == nil ? "✘" : "⚑ known finding:"
      lines += [
        "", "<a id=\"\(anchor(property))\"></a>", "",
        "### \(mark) \(cell("\(property.id) \(property.name)"))", "",
        "Validates \(cell(property.validates.joined(separator: ", "))).", "", "**Observed**", "",
      ]
      lines += fenced(failure.observed, language: "text")
      lines += ["", "**Expected**", ""] + fenced(failure.expected, language: "text")
      if let anomaly = failure.anomaly { lines += ["", "**Anomaly:** \(cell(anomaly.name))."] }
      if let diagram = failure.diagram {
        lines += ["", "**Sequence** of the shrunk counterexample, the step where it broke in red:", ""]
        lines += fenced(String(diagram.mermaid.dropLast()), language: "mermaid")
      }
      lines += [
        "",
        "**Counterexample**, shrunk in \(failure.shrinkSteps) steps (\(failure.shrinkRuns) runs), "
          + "tags \(cell(failure.tags.joined(separator: ", "))):", "",
      ]
      lines += fenced(failure.counterexample.text(pretty: true), language: "json")
      if let explanation = failure.explanation { lines += ["", "Explained: \(cell(explanation.sentence))."] }
      lines += ["", "Replay:", ""] + fenced("\(style.replayCommand) \(failure.token)", language: "sh")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `text` as one table cell: on one line, its pipes, backslashes, backticks and angle brackets
  /// escaped, so it neither ends the cell nor starts markup.
  static func cell(_ text: String) -> String {
    var escaped = ""
    for character in text {
      switch character {
      case "\n", "\r": escaped.append(" ")
      case "|", "\\", "`", "<", ">", "*", "_", "[", "]", "#": escaped += "\\\(character)"
      default: escaped.append(character)
      }
    }
    return escaped
  }

  /// `text` in a fenced block one backtick longer than its longest run of backticks (at least 3).
  static func fenced(_ text: String, language: String) -> [String] {
    var longest = 0, run = 0
    for character in text {
      run = character == "`" ? run + 1 : 0
      longest = max(longest, run)
    }
    let fence = String(repeating: "`", count: max(3, longest + 1))
    return [fence + language] + text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      + [fence]
  }

  /// The failure's anchor: `failure-` and the property's id, lower case, dots as dashes
  /// (`failure-x5-6` for X5.6).
  static func anchor(_ property: PropertyReport) -> String {
    "failure-" + String(property.id.description.lowercased().map { $0 == "." ? "-" : $0 })
  }
}
