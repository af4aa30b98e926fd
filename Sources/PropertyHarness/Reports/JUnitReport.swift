import Generators

/// JUnit XML for `--junit`: one testcase per property.
///
/// JUnit XML (`--junit`): one testsuite, one testcase per property, a failure carrying the replay
/// token, a property that did not run skipped with its reason.
public enum JUnitReport {
  /// The report of a run, as JUnit XML.
  public static func render(_ run: RunReport, style: ReportStyle) -> String {
    let suiteName = style.junitSuiteName
    var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    let tests = run.properties.count + run.notChecked.count
    // NB: a known finding is neither a pass nor a failure: skipped, with the finding as its message.
    let skippedCount = run.notChecked.count + run.knownFindings.count + run.unreproduced.count
    let counts =
      "tests=\"\(tests)\" failures=\"\(run.failed.count)\""
      + (skippedCount == 0 ? "" : " skipped=\"\(skippedCount)\"")
    xml += "<testsuites name=\"\(escape(suiteName))\" \(counts) time=\"\(run.seconds)\">\n"
    xml +=
      "  <testsuite name=\"\(escape(suiteName)) seed \(style.formatSeed(run.seed))\" \(counts) time=\"\(run.seconds)\">\n"
    for report in run.properties {
      let name = "\(report.id) \(report.name)"
      xml +=
        "    <testcase classname=\"\(escape(style.junitClassName))\" name=\"\(escape(name))\" time=\"\(report.seconds)\">"
      if let finding = report.knownFinding {
        let shown = report.failure.map {
          "known finding, shown: \(finding). Replay: \(style.replayCommand) \($0.token)"
        }
        xml +=
          "\n      <skipped message=\"\(escape(shown ?? "known finding, not reproduced: \(finding)"))\"/>"
        if shown != nil {
          let counterexample = HumanReport.failure(report, style: style).joined(separator: "\n")
          xml += "\n      <system-out>\(escape(counterexample))</system-out>"
        }
        xml += "\n    "
      } else if let failure = report.failure {
        let message =
          (failure.anomaly.map { "\($0.name): " } ?? "")
          + "\(failure.observed); expected \(failure.expected)."
          + (failure.explanation.map { " Explained: \($0.sentence)." } ?? "")
          + " Replay: \(style.replayCommand) \(failure.token)"
        xml += "\n      <failure message=\"\(escape(message))\" type=\"PropertyFailure\">"
        xml += escape(HumanReport.failure(report, style: style).joined(separator: "\n"))
        if let diagram = failure.diagram {
          xml += escape("\n\nSequence diagram (Mermaid):\n```mermaid\n" + diagram.mermaid + "```")
        }
        xml += "</failure>\n    "
      }
      if !report.conditions.isEmpty {
        let with = "with " + report.conditions.joined(separator: ", ")
        xml += "\n      <system-out>\(escape(with))</system-out>\n    "
      }
      xml += "</testcase>\n"
    }
    for skipped in run.notChecked {
      let name = "\(skipped.id) \(skipped.name)"
      xml +=
        "    <testcase classname=\"\(escape(style.junitClassName))\" name=\"\(escape(name))\" time=\"0\">"
      xml += "<skipped message=\"\(escape("not checked: " + skipped.reason))\"/></testcase>\n"
    }
    return xml + "  </testsuite>\n</testsuites>\n"
  }

  /// Text safe in XML content and attributes; characters XML 1.0 forbids become U+FFFD.
  public static func escape(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&apos;"
      case "\n": result += "&#10;"
      case "\t", "\r": result += "&#\(scalar.value);"
      case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
        result += "\u{FFFD}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
