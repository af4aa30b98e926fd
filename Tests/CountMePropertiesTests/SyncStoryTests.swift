import CountMeContract
import Testing

@testable import CountMeProperties
@testable import CountMeWorlds
@testable import PropertyHarness

@Suite("A sync run's story, drawn")
struct SyncStoryTests {
  static func call(_ request: String, failed: Bool = false, byAnotherClient: Bool = false) -> SyncStory.Entry
  {
    .call(
      SyncStory.Call(
        request: request, answer: failed ? "⚡ unavailable (injected)" : "ok", failed: failed,
        byAnotherClient: byAnotherClient))
  }

  static var names: SyncStory.Names {
    SyncStory.Names(device: { "device \($0)" }, step: { "step words \($0)" })
  }

  static func failure(at step: Int?) -> SyncStory.Failure {
    SyncStory.Failure(anomaly: .lostUpdate, step: step, observed: "seen", expected: "wanted")
  }

  @Test("a failure at a step: the steps before drawn, that step on red with the verdict, nothing after")
  func atAStep() {
    var story = SyncStory()
    story.entries = [
      Self.call("set up 1"), Self.call("set up 2"),
      .turn(device: 0, step: 0), Self.call("set a"),
      .turn(device: nil, step: 1), Self.call("write broken", byAnotherClient: true),
      .turn(device: 1, step: 2), Self.call("set b", failed: true),
      .turn(device: 0, step: 3), Self.call("set c"),
      .turn(device: 0, step: nil), Self.call("get changes"),
    ]
    let diagram = story.diagram(Self.names, failure: Self.failure(at: 2))
    #expect(MermaidSequenceGrammar.problems(in: diagram.mermaid) == [], "\(diagram.mermaid)")
    #expect(diagram.lifelines.map(\.id) == ["D0", "D1", "O", "C"])
    #expect(
      diagram.items == [
        .note(over: ["D0", "C"], text: "before the steps: 2 calls set the run up (not drawn)"),
        .note(over: ["D0"], text: "steps[0]: step words 0"),
        .message(from: "D0", to: "C", arrow: .call, text: "set a"),
        .message(from: "C", to: "D0", arrow: .answer, text: "ok"),
        .note(over: ["O"], text: "steps[1]: step words 1"),
        .message(from: "O", to: "C", arrow: .call, text: "write broken"),
        .message(from: "C", to: "O", arrow: .answer, text: "ok"),
        .highlighted([
          .note(over: ["D1"], text: "steps[2]: step words 2"),
          .message(from: "D1", to: "C", arrow: .call, text: "set b"),
          .message(from: "C", to: "D1", arrow: .failure, text: "⚡ unavailable (injected)"),
          .note(over: ["D0", "C"], text: "✘ lost update\nobserved: seen\nexpected: wanted"),
        ]),
        .note(over: ["D0", "C"], text: "what came after is not drawn"),
      ])
  }

  @Test("a failure once quiet: every step drawn, the spell after them on red, a pass with no call noted")
  func onceQuiet() {
    var story = SyncStory()
    story.entries = [.turn(device: nil, step: 0), .turn(device: 1, step: nil)]
    story.entries += [.turn(device: 0, step: nil)] + (0..<12).map { Self.call("get \($0)") }
    let diagram = story.diagram(Self.names, failure: Self.failure(at: nil))
    #expect(MermaidSequenceGrammar.problems(in: diagram.mermaid) == [], "\(diagram.mermaid)")
    // Time passing is nobody's: no lifeline for another client, the step's note over everyone.
    #expect(diagram.lifelines.map(\.id) == ["D0", "D1", "C"])
    #expect(diagram.items.first == .note(over: ["D0", "C"], text: "steps[0]: step words 0"))
    guard case .highlighted(let quiet)? = diagram.items.last else {
      Issue.record("no highlighted part: \(diagram.items)")
      return
    }
    #expect(quiet.first == .note(over: ["D0", "C"], text: Self.names.afterSteps))
    #expect(quiet[1] == .note(over: ["D1"], text: "a pass: no call"))
    // Ten calls of the twelve drawn, the rest counted.
    #expect(quiet.filter { if case .message(_, _, .call, _) = $0 { true } else { false } }.count == 10)
    #expect(quiet.contains(.note(over: ["D0", "C"], text: "… and 2 more calls")))
  }

  @Test(
    "a cloud world's story ends with what each place held, as the run itself says it", arguments: [3, 17, 29])
  func finalState(seed: UInt64) throws {
    let input = try CloudDevicesInput.generator.generate(seed: seed).value
    let system = SystemLayers(ReferenceSystem())
    let (story, _) = try #require(input.story(system))
    let run = try CloudDevicesRun.run(input, system)
    #expect(story.final == run.finalState)
    #expect(
      story.final.count == input.scenario.skews.count + 1
        && story.final.last?.hasPrefix("the cloud: ") == true)
  }

  @Test("the record diff compares: each turn, each call with the document it wrote, never drawn")
  func record() {
    var story = SyncStory()
    story.entries = [
      .turn(device: 1, step: 0),
      .call(
        SyncStory.Call(request: "set users/u/foodItems/a", answer: "ok", failed: false, written: "{\"x\":1}")),
      .turn(device: nil, step: nil), Self.call("get changes"),
    ]
    #expect(
      story.record
        == .array([
          .string("steps[0] device 1"), .string("set users/u/foodItems/a {\"x\":1}: ok"),
          .string("after the steps, another client"), .string("get changes: ok"),
        ]))
    let diagram = story.diagram(Self.names, failure: Self.failure(at: nil))
    #expect(!diagram.mermaid.contains("\"x\""))
  }
}
