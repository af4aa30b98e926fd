import Generators

/// The machine-readable report (`--json`).
///
/// The same seed gives the same bytes except `seconds` and `casesPerSecond`.
public enum JSONReport {
  /// The report of a run, as JSON.
  public static func render(_ run: RunReport, style: ReportStyle) -> JSON {
    .object([
      ("seed", .string(style.formatSeed(run.seed))), ("passed", .bool(run.passed)),
      ("knownFindings", .array(run.knownFindings.map { .string($0.id.description) })),
      ("seconds", .double(run.seconds)),
      ("properties", .array(run.properties.map(property) + run.notChecked.map(notChecked))),
      (
        "anomalies",
        .object(Anomaly.counts(in: run.properties).map { ($0.0.rawValue, .integer(Int64($0.1))) })
      ),
    ])
  }

  /// A property that did not run, as JSON: `"status": "notChecked"` and the reason.
  public static func notChecked(_ notChecked: NotChecked) -> JSON {
    .object([
      ("id", .string(notChecked.id.description)), ("name", .string(notChecked.name)),
      ("validates", .array(notChecked.validates.map(JSON.string))), ("status", .string("notChecked")),
      ("reason", .string(notChecked.reason)),
    ])
  }

  /// The report of one property, as JSON.
  public static func property(_ report: PropertyReport) -> JSON {
    var members: [(String, JSON)] = [
      ("id", .string(report.id.description)), ("name", .string(report.name)),
      ("validates", .array(report.validates.map(JSON.string))),
      ("status", .string(report.status.rawValue)), ("cases", .integer(Int64(report.cases))),
      ("discards", .integer(Int64(report.discards))), ("seconds", .double(report.seconds)),
      ("casesPerSecond", .double(report.casesPerSecond.rounded())),
      ("tags", .object(report.tagCounts.map { ($0.0, .integer(Int64($0.1))) })),
    ]
    if !report.conditions.isEmpty {
      members.append(("with", .array(report.conditions.map(JSON.string))))
    }
    if let finding = report.knownFinding { members.append(("knownFinding", .string(finding))) }
    if let failure = report.failure {
      // NB: appended one by one: as one sum of optional arrays this took the type checker 4.6 s.
      var fields: [(String, JSON)] = [
        ("replayToken", .string(failure.token.description)), ("observed", .string(failure.observed)),
        ("expected", .string(failure.expected)), ("counterexample", failure.counterexample),
        ("counterexampleTags", .array(failure.tags.map(JSON.string))), ("original", failure.original),
        ("shrinkSteps", .integer(Int64(failure.shrinkSteps))),
        ("shrinkRuns", .integer(Int64(failure.shrinkRuns))),
      ]
      if let explanation = failure.explanation { fields.append(("explanation", explanation.json)) }
      if let anomaly = failure.anomaly { fields.append(("anomaly", .string(anomaly.rawValue))) }
      if let diagram = failure.diagram { fields.append(("sequenceDiagram", .string(diagram.mermaid))) }
      members.append(("failure", .object(fields)))
    }
    return .object(members)
  }
}
