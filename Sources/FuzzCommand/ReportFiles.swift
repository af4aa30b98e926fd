import PropertyHarness

/// The report files a run was asked for, checked before the run and written atomically.
///
/// The report files a run was asked for (`--json`, `--junit`, `--markdown`), their paths checked
/// before the run starts, so a long run never ends in an unwritable path; then written atomically.
struct ReportFiles {
  let json: String?
  let junit: String?
  let markdown: String?

  /// The paths `options` names for `command`.
  ///
  /// - Throws: `UsageError` for an empty path, a directory, or a directory that is not there.
  init(_ options: Options, command: String) throws {
    json = try ReportPath.check(options.value("--json"), option: "--json", command: command)
    junit = try ReportPath.check(options.value("--junit"), option: "--junit", command: command)
    markdown = try ReportPath.check(options.value("--markdown"), option: "--markdown", command: command)
  }

  /// Writes each report asked for; 2 when one could not be written (said on stderr), else 0.
  func write(_ report: RunReport, style: ReportStyle, console: Console) -> Int32 {
    var status: Int32 = 0
    if let json {
      let text = JSONReport.render(report, style: style).text(pretty: true) + "\n"
      status = max(status, CheckCommand.write(text, to: json, console))
    }
    if let junit {
      status = max(status, CheckCommand.write(JUnitReport.render(report, style: style), to: junit, console))
    }
    if let markdown {
      status = max(
        status, CheckCommand.write(MarkdownReport.render(report, style: style), to: markdown, console))
    }
    return status
  }
}
