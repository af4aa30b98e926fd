import Testing

@testable import PropertyHarness

@Suite("The Markdown report")
struct MarkdownReportTests {
  let style = ReportStyle(
    replayCommand: "swift run tool replay", junitSuiteName: "tool", junitClassName: "Tests")

  @Test("a table row per property, then each failure with its token, its input in a fenced block")
  func failure() throws {
    let run = Runner.run(
      [arrayProperty(limit: 1_000), arrayProperty(limit: 50, id: "T2")],
      settings: RunSettings(seed: 9, cases: 200))
    let markdown = MarkdownReport.render(run, style: style)
    let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines.first?.hasPrefix("## the property failed") == false)
    #expect(lines.contains("| ✔ | T1 no element above 1000 | 200 |  |"))
    #expect(
      lines.contains {
        $0.hasPrefix("| ✘ | T2 no element above 50 | ") && $0.hasSuffix("| [failure](#failure-t2) |")
      })
    #expect(lines.contains("<a id=\"failure-t2\"></a>") && lines.contains("### ✘ T2 no element above 50"))
    let token = try #require(run.properties[1].failure?.token)
    #expect(lines.contains("swift run tool replay \(token)"))
    #expect(lines.contains("```json") && lines.contains("```text") && markdown.hasSuffix("```\n"))
  }

  @Test("text from a run cannot break the page: cells escaped, fences longer than its backticks")
  func hostileText() {
    #expect(MarkdownReport.cell("a|b\n`c` <d> *e*") == "a\\|b \\`c\\` \\<d\\> \\*e\\*")
    #expect(MarkdownReport.fenced("x ```` y", language: "text") == ["`````text", "x ```` y", "`````"])
    #expect(MarkdownReport.fenced("plain", language: "") == ["```", "plain", "```"])
  }
}
