import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

@testable import PropertyHarness

@Suite("Reports")
struct ReportTests {
  let style = ReportStyle(
    replayCommand: "swift run tool replay", junitSuiteName: "tool", junitClassName: "Tests")
  let run = Runner.run(
    [arrayProperty(limit: 1_000), arrayProperty(limit: 50, id: "T2")],
    settings: RunSettings(seed: 9, cases: 200))

  @Test("the JSON report is well formed and has every field")
  func json() throws {
    let text = JSONReport.render(run, style: style).text(pretty: true)
    let parsed = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect(parsed["seed"] as? String == "0000000000000009")
    let properties = try #require(parsed["properties"] as? [[String: Any]])
    #expect(properties.count == 2)
    for key in [
      "id", "name", "validates", "status", "cases", "discards", "seconds", "casesPerSecond", "tags",
    ] {
      #expect(properties[0][key] != nil, "missing \(key)")
    }
    let failure = try #require(properties[1]["failure"] as? [String: Any])
    for key in ["replayToken", "observed", "expected", "counterexample", "original", "shrinkSteps"] {
      #expect(failure[key] != nil, "missing failure.\(key)")
    }
    #expect(failure["replayToken"] as? String == run.properties[1].failure?.token.description)
  }

  @Test("the same seed gives the same JSON bytes apart from timing")
  func deterministic() {
    func withoutTiming(_ report: RunReport) -> String {
      JSONReport.render(report, style: style).text(pretty: true).split(separator: "\n")
        .filter { !$0.contains("\"seconds\"") && !$0.contains("\"casesPerSecond\"") }.joined(separator: "\n")
    }
    let again = Runner.run(
      [arrayProperty(limit: 1_000), arrayProperty(limit: 50, id: "T2")],
      settings: RunSettings(seed: 9, cases: 200))
    #expect(withoutTiming(run) == withoutTiming(again))
  }

  @Test("the JUnit report is well-formed XML with one testcase per property and the token in the failure")
  func junit() throws {
    let xml = JUnitReport.render(run, style: style)
    final class Collector: NSObject, XMLParserDelegate {
      var testcases = 0
      var failureMessages: [String] = []
      var classNames: [String] = []
      func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
      ) {
        if name == "testcase" {
          testcases += 1
          classNames.append(attributes["classname"] ?? "")
        }
        if name == "failure" { failureMessages.append(attributes["message"] ?? "") }
      }
    }
    let collector = Collector()
    let parser = XMLParser(data: Data(xml.utf8))
    parser.delegate = collector
    #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
    #expect(collector.testcases == 2 && collector.failureMessages.count == 1)
    #expect(collector.classNames == ["Tests", "Tests"])
    #expect(collector.failureMessages.first?.contains("replay \(run.properties[1].failure!.token)") == true)
  }

  @Test("the human report says how to replay a failure")
  func human() throws {
    let lines = HumanReport.failure(run.properties[1], style: style)
    #expect(lines.contains("  Replay: swift run tool replay \(run.properties[1].failure!.token)"))
    #expect(HumanReport.summary(run, style: style).hasPrefix("1 of 2 properties failed (T2)"))
  }

  @Test("the summary of a one-property run names it in the singular")
  func singular() {
    let passed = RunReport(seed: 9, properties: [run.properties[0]], seconds: 0)
    let failed = RunReport(seed: 9, properties: [run.properties[1]], seconds: 0)
    #expect(HumanReport.summary(passed, style: style).hasPrefix("the property passed; 200 cases in"))
    #expect(HumanReport.summary(failed, style: style).hasPrefix("the property failed (T2); "))
  }

  /// `run` with its first property standing on a borrowed part and a third property not checked.
  var partial: RunReport {
    var first = run.properties[0]
    first.conditions = ["the reference queue"]
    let skipped = NotChecked(
      id: "T3", name: "A third", validates: ["9.9"], reason: "App does not implement the queue layer")
    return RunReport(seed: 9, properties: [first, run.properties[1]], notChecked: [skipped], seconds: 0)
  }

  @Test("a property not checked is a line of its own, counted apart in the summary, never as passed")
  func notCheckedHuman() {
    #expect(
      HumanReport.line(partial.notChecked[0])
        == "– T3 A third: not checked, App does not implement the queue layer")
    #expect(HumanReport.line(partial.properties[0]).hasSuffix(", with the reference queue"))
    #expect(
      HumanReport.summary(partial, style: style).hasPrefix("1 of 2 properties failed (T2), 1 not checked;"))
    let nothing = RunReport(seed: 9, properties: [], notChecked: partial.notChecked, seconds: 0)
    #expect(HumanReport.summary(nothing, style: style).hasPrefix("no property ran, 1 not checked;"))
  }

  @Test("JSON gives a property not checked its status and reason, and a borrowed part as 'with'")
  func notCheckedJSON() throws {
    let text = JSONReport.render(partial, style: style).text(pretty: true)
    let parsed = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    let properties = try #require(parsed["properties"] as? [[String: Any]])
    #expect(properties.map { $0["status"] as? String } == ["passed", "failed", "notChecked"])
    #expect(properties[2]["reason"] as? String == "App does not implement the queue layer")
    #expect(properties[0]["with"] as? [String] == ["the reference queue"] && properties[1]["with"] == nil)
    #expect(!JSONReport.render(run, style: style).text().contains("notChecked"))
  }

  @Test("JUnit counts a property not checked as skipped, with its reason")
  func notCheckedJUnit() throws {
    let xml = JUnitReport.render(partial, style: style)
    #expect(XMLParser(data: Data(xml.utf8)).parse())
    #expect(xml.contains("tests=\"3\" failures=\"1\" skipped=\"1\""))
    #expect(xml.contains("<skipped message=\"not checked: App does not implement the queue layer\"/>"))
    #expect(xml.contains("<system-out>with the reference queue</system-out>"))
    #expect(!JUnitReport.render(run, style: style).contains("skipped"))
  }
}
