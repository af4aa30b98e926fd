import Generators

/// The report a person reads on the console.
public enum HumanReport {
  /// One line for a finished property: a mark, id, name, cases and speed.
  public static func line(_ report: PropertyReport) -> String {
    let mark = Self.mark(report.status)
    let speed = report.casesPerSecond > 0 ? ", \(Int(report.casesPerSecond.rounded())) cases/s" : ""
    let discards = report.discards > 0 ? ", \(report.discards) discarded" : ""
    let conditions = report.conditions.isEmpty ? "" : ", with " + report.conditions.joined(separator: ", ")
    let finding: String
    switch report.status {
    case .knownFinding: finding = " (known finding: \(report.knownFinding ?? ""))"
    case .notReproduced: finding = " (known finding, did not reproduce: \(report.knownFinding ?? ""))"
    default: finding = ""
    }
    return
      "\(mark) \(report.id) \(report.name): \(report.cases) cases\(discards)\(speed)\(conditions)\(finding)"
  }

  /// The mark of a property's status: ✔ passed, ✘ failed, ⚑ a known finding shown, ⚐ one not
  /// reproduced.
  public static func mark(_ status: PropertyReport.Status) -> String {
    switch status {
    case .passed: return "✔"
    case .failed: return "✘"
    case .knownFinding: return "⚑"
    case .notReproduced: return "⚐"
    }
  }

  /// One line for a property that did not run: a dash, id, name and why.
  public static func line(_ notChecked: NotChecked) -> String {
    "– \(notChecked.id) \(notChecked.name): not checked, \(notChecked.reason)"
  }

  /// The tag counts of a property, indented, most frequent first (ties by tag).
  public static func statistics(_ report: PropertyReport) -> [String] {
    let total = Swift.max(report.cases, 1)
    return report.tagCounts.sorted { ($1.1, $0.0) < ($0.1, $1.0) }.map { tag, count in
      let percent = Double(count) * 100 / Double(total)
      return "    \(percent < 10 ? " " : "")\(String(format1(percent)))%  \(tag) (\(count))"
    }
  }

  /// Everything about a failure: shrunk and original inputs, observed against expected, the replay command.
  public static func failure(_ report: PropertyReport, style: ReportStyle) -> [String] {
    guard let failure = report.failure else { return [] }
    var lines = [
      "",
      "\(report.id) \(report.name) "
        + (report.knownFinding.map { "shows a known finding, \($0)" } ?? "failed")
        + " (validates \(report.validates.joined(separator: ", "))).",
      "  Observed: \(failure.observed)", "  Expected: \(failure.expected)",
    ]
    if let anomaly = failure.anomaly { lines.append("  Anomaly: \(anomaly.name)") }
    lines += [
      "  Counterexample (shrunk in \(failure.shrinkSteps) steps, \(failure.shrinkRuns) runs), tags \(failure.tags):"
    ]
    lines += failure.counterexample.text(pretty: true).split(separator: "\n").map { "    " + $0 }
    if let explanation = failure.explanation { lines.append("  Explained: " + explanation.sentence) }
    lines.append("  Original: " + failure.original.text())
    if failure.diagram != nil {
      lines.append("  Sequence diagram: in the run's Markdown and JSON reports (--markdown, --json)")
    }
    lines.append("  Replay: \(style.replayCommand) \(failure.token)")
    return lines
  }

  /// The anomalies the run's failures named, counted (for `--stats`): "Anomalies: lost update 2,
  /// divergence 1", or that none was named.
  public static func anomalies(_ run: RunReport) -> String {
    let counts = Anomaly.counts(in: run.properties)
    guard !counts.isEmpty else { return "Anomalies: none named" }
    return "Anomalies: " + counts.map { "\($0.0.name) \($0.1)" }.joined(separator: ", ")
  }

  /// The closing summary of a run.
  public static func summary(_ run: RunReport, style: ReportStyle) -> String {
    let failed = run.failed.map(\.id.description)
    let cases = run.properties.reduce(0) { $0 + $1.cases }
    let count = run.properties.count - run.knownFindings.count - run.unreproduced.count
    let findings = run.knownFindings.isEmpty ? "" : ", \(run.knownFindings.count) known findings shown"
    let unreproduced =
      run.unreproduced.isEmpty ? "" : ", \(run.unreproduced.count) known findings not reproduced"
    let skipped =
      findings + unreproduced + (run.notChecked.isEmpty ? "" : ", \(run.notChecked.count) not checked")
    let verdict: String
    switch (failed.isEmpty, count) {
    case (true, 0): verdict = "no property ran"
    case (true, 1): verdict = "the property passed"
    case (true, _): verdict = "all \(count) properties passed"
    case (false, 1): verdict = "the property failed (\(failed[0]))"
    case (false, _):
      verdict = "\(failed.count) of \(count) properties failed (\(failed.joined(separator: ", ")))"
    }
    return
      "\(verdict)\(skipped); \(cases) cases in \(format1(run.seconds)) s, seed \(style.formatSeed(run.seed))"
  }

  static func format1(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(abs(tenths % 10))"
  }
}
