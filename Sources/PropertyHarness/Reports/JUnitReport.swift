import Generators

/// JUnit XML (`--junit`): one testsuite, one testcase per property, a failure carrying the replay token.
public enum JUnitReport {
  public static func render(_ run: RunReport, suiteName: String = "countme-fuzz") -> String {
    var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    xml +=
      "<testsuites name=\"\(escape(suiteName))\" tests=\"\(run.properties.count)\" failures=\"\(run.failed.count)\" time=\"\(run.seconds)\">\n"
    xml +=
      "  <testsuite name=\"\(escape(suiteName)) seed \(Seed.format(run.seed))\" tests=\"\(run.properties.count)\" failures=\"\(run.failed.count)\" time=\"\(run.seconds)\">\n"
    for report in run.properties {
      let name = "P\(report.number) \(report.name)"
      xml +=
        "    <testcase classname=\"CountMeProperties\" name=\"\(escape(name))\" time=\"\(report.seconds)\">"
      if let failure = report.failure {
        let message =
          "\(failure.observed); expected \(failure.expected). Replay: countme-fuzz replay \(failure.token)"
        xml += "\n      <failure message=\"\(escape(message))\" type=\"PropertyFailure\">"
        xml += escape(HumanReport.failure(report).joined(separator: "\n"))
        xml += "</failure>\n    "
      }
      xml += "</testcase>\n"
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
