import Foundation
import Testing

@testable import PropertyHarness

@Suite("Known findings: a property its policy's own rules break, reported as neither a pass nor a failure")
struct KnownFindingTests {
  let style = ReportStyle(
    replayCommand: "swift run tool replay", junitSuiteName: "tool", junitClassName: "Tests")
  /// T1 passes; T2 breaks (an element above 50) and is known to; T3 is known to break but holds.
  let run = Runner.run(
    [
      arrayProperty(limit: 1_000),
      arrayProperty(limit: 50, id: "T2").knownFinding("big elements are allowed"),
      arrayProperty(limit: 1_000, id: "T3").knownFinding("a finding since fixed"),
    ],
    settings: RunSettings(seed: 9, cases: 200))

  @Test(
    "a reproduced finding keeps its counterexample and token; the run still passes; one that holds did not reproduce"
  )
  func statuses() throws {
    #expect(run.properties.map(\.status) == [.passed, .knownFinding, .notReproduced])
    #expect(run.passed && run.failed.isEmpty)
    #expect(run.knownFindings.map(\.id) == ["T2"] && run.unreproduced.map(\.id) == ["T3"])
    let shown = try #require(run.properties[1].failure)
    #expect(shown.token.property == "T2" && shown.observed.hasPrefix("element "))
    #expect(!run.properties[1].passed && !run.properties[2].passed)
    let replayed = try Runner.replay(
      shown.token, on: arrayProperty(limit: 50, id: "T2").knownFinding("big elements are allowed"))
    #expect(replayed.status == .knownFinding)
  }

  @Test("the console marks each, says which finding, and counts them apart in the summary")
  func human() throws {
    #expect(HumanReport.line(run.properties[1]).hasPrefix("⚑ T2 "))
    #expect(HumanReport.line(run.properties[1]).hasSuffix("(known finding: big elements are allowed)"))
    #expect(HumanReport.line(run.properties[2]).hasPrefix("⚐ T3 "))
    #expect(
      HumanReport.line(run.properties[2]).hasSuffix(
        "(known finding, did not reproduce: a finding since fixed)"))
    let failure = HumanReport.failure(run.properties[1], style: style)
    #expect(
      failure.contains(
        "T2 no element above 50 shows a known finding, big elements are allowed (validates test)."))
    #expect(
      HumanReport.summary(run, style: style).hasPrefix(
        "the property passed, 1 known findings shown, 1 known findings not reproduced;"))
  }

  @Test("JSON gives each its status and finding, JUnit skips each with the finding, Markdown marks it")
  func files() throws {
    let json = JSONReport.render(run, style: style)
    #expect(json["knownFindings"] == .array([.string("T2")]))
    guard case .array(let properties)? = json["properties"] else {
      Issue.record("no properties in \(json.text())")
      return
    }
    #expect(
      properties.map { $0["status"] }
        == ["passed", "known finding", "known finding not reproduced"].map { .string($0) })
    #expect(properties[1]["knownFinding"] == .string("big elements are allowed"))
    #expect(properties[1]["failure"] != nil)
    let junit = JUnitReport.render(run, style: style)
    #expect(junit.contains("failures=\"0\" skipped=\"2\""))
    #expect(
      junit.contains(
        "<skipped message=\"known finding, shown: big elements are allowed. Replay: swift run tool replay T2-"
      ))
    #expect(junit.contains("<skipped message=\"known finding, not reproduced: a finding since fixed\"/>"))
    let markdown = MarkdownReport.render(run, style: style)
    #expect(markdown.contains("| ⚑ | T2 no element above 50 | "))
    #expect(markdown.contains("[known finding](#failure-t2): big elements are allowed |"))
    #expect(markdown.contains("### ⚑ known finding: T2 no element above 50"))
    #expect(
      markdown.contains(
        "| ⚐ | T3 no element above 1000 | 200 | known finding, not reproduced: a finding since fixed |"))
  }
}
