import CloudFake
import PropertyHarness

/// What one sync run did, as its picture needs it.
///
/// Whose turn it was (a device at a scenario step, another client, the devices syncing after the steps) and
/// each cloud call of the turn with its answer, in order.
///
/// Recorded only to draw a failure (`PictureCloud`, `SyncTrace.story`), never while checking.
package struct SyncStory: Sendable {
  /// One thing that happened.
  package enum Entry: Sendable {
    /// From here on, `device`'s calls (nil: another client's) at scenario step `step` (nil: after
    /// the steps).
    case turn(device: Int?, step: Int?)
    /// A call and the cloud's answer.
    case call(Call)
  }

  /// One cloud call.
  package struct Call: Sendable {
    /// What was asked: "set users/uid-alice/foodItems/…".
    package let request: String
    /// What came back: "ok", "⚡ unavailable (injected)", "offline".
    package let answer: String
    /// True when the caller saw an error.
    let failed: Bool
    /// True for another client's write, past the rules (a damaged document, the service's own).
    var byAnotherClient = false
    /// The document a write sent, as canonical REST JSON: compared by `diff`, never drawn.
    package var written: String?
  }

  package var entries: [Entry] = []
  /// What each place held once the run ended, in words (empty where the calls' answers say it, or
  /// the run stopped early).
  package var final: [String] = []

  /// How a diagram names the run's parts.
  package struct Names {
    /// Each device's lifeline label, by index: "device 0 (queue, store)".
    package var device: (Int) -> String
    /// Scenario step `index` in words: "edit food item 1 to 120 kcal".
    package var step: (Int) -> String
    /// The cloud's label.
    package var cloud = "cloud (CloudFake)"
    /// What happens after the steps.
    var afterSteps = "after the steps: faults stop, every device online syncs until quiet"
    /// The observed text as the diagram shows it (the queue's drops the calls it already draws).
    var observed: (String) -> String = { $0 }
  }

  /// The failure a diagram shows: what kind, where, what was seen and what should have been.
  package struct Failure {
    package let anomaly: Anomaly?
    /// The scenario step where the property broke; nil: once the run ended.
    package let step: Int?
    let observed: String
    package let expected: String

    /// A failure named `anomaly` at `step`: `observed` where `expected` should have been.
    package init(anomaly: Anomaly?, step: Int?, observed: String, expected: String) {
      self.anomaly = anomaly
      self.step = step
      self.observed = observed
      self.expected = expected
    }
  }

  /// Calls drawn per turn; the rest are counted in a note.
  static let callsPerTurn = 10

  /// The run as a sequence diagram, up to and including the part where `failure` broke.
  ///
  /// Which is highlighted with the observed and the expected state beside it.
  package func diagram(_ names: Names, failure: Failure) -> SequenceDiagram {
    let turns = self.turns
    var devices: [Int] = []
    var anotherClient = false
    for turn in turns where turn.step.map({ $0 <= failure.step ?? .max }) ?? (failure.step == nil) {
      if let device = turn.device, !devices.contains(device) { devices.append(device) }
      if turn.calls.contains(where: \.byAnotherClient) || (turn.device == nil && !turn.calls.isEmpty) {
        anotherClient = true
      }
    }
    devices.sort()
    let cloud = "C"
    var lifelines = devices.map { SequenceDiagram.Lifeline(id: "D\($0)", label: names.device($0)) }
    if anotherClient { lifelines.append(SequenceDiagram.Lifeline(id: "O", label: "another client")) }
    lifelines.append(SequenceDiagram.Lifeline(id: cloud, label: names.cloud))
    let everyone = lifelines.count > 1 ? [lifelines[0].id, cloud] : [cloud]

    func items(of turn: Turn) -> [SequenceDiagram.Item] {
      let actor = turn.device.map { "D\($0)" } ?? (turn.calls.isEmpty ? nil : "O")
      var items: [SequenceDiagram.Item] = []
      if let step = turn.step, turn.opensStep {
        items.append(.note(over: actor.map { [$0] } ?? everyone, text: "steps[\(step)]: \(names.step(step))"))
      } else if let actor, turn.step == nil, turn.calls.isEmpty {
        items.append(.note(over: [actor], text: "a pass: no call"))
      }
      for call in turn.calls.prefix(Self.callsPerTurn) {
        let caller = call.byAnotherClient ? "O" : actor ?? "O"
        items.append(.message(from: caller, to: cloud, arrow: .call, text: call.request))
        items.append(
          .message(from: cloud, to: caller, arrow: call.failed ? .failure : .answer, text: call.answer))
      }
      if turn.calls.count > Self.callsPerTurn {
        items.append(
          .note(
            over: [actor ?? "O", cloud], text: "… and \(turn.calls.count - Self.callsPerTurn) more calls"))
      }
      return items
    }
    let verdict = SequenceDiagram.Item.note(
      over: everyone,
      text:
        "✘ \(failure.anomaly?.name ?? "broken")\nobserved: \(Self.clipped(names.observed(failure.observed)))\n"
        + "expected: \(Self.clipped(failure.expected))")

    var drawn: [SequenceDiagram.Item] = []
    if setUpCalls > 0 {
      drawn.append(
        .note(over: everyone, text: "before the steps: \(setUpCalls) calls set the run up (not drawn)"))
    }
    var highlighted: [SequenceDiagram.Item] = []
    var saidAfterSteps = false
    var undrawn = 0
    for turn in turns {
      if let step = turn.step {
        if let broke = failure.step, step > broke {
          undrawn += 1
          continue
        }
        if step == failure.step { highlighted += items(of: turn) } else { drawn += items(of: turn) }
      } else {
        if failure.step != nil {
          undrawn += 1
          continue
        }
        var part: [SequenceDiagram.Item] = []
        if !saidAfterSteps {
          part.append(.note(over: everyone, text: names.afterSteps))
          saidAfterSteps = true
        }
        highlighted += part + items(of: turn)
      }
    }
    if failure.step == nil, !saidAfterSteps {
      highlighted.append(.note(over: everyone, text: names.afterSteps))
    }
    drawn.append(.highlighted(highlighted + [verdict]))
    if undrawn > 0 { drawn.append(.note(over: everyone, text: "what came after is not drawn")) }
    return SequenceDiagram(lifelines: lifelines, items: drawn)
  }

  /// A turn and its calls.
  struct Turn {
    package let device: Int?
    package let step: Int?
    /// True for the first turn of its step (a step's note is drawn once).
    let opensStep: Bool
    package var calls: [Call]
  }

  /// The entries as turns (the calls before the first, the run's setting up, are `setUpCalls`).
  var turns: [Turn] {
    var turns: [Turn] = []
    var lastStep: Int?
    for entry in entries {
      switch entry {
      case .turn(let device, let step):
        turns.append(Turn(device: device, step: step, opensStep: step != nil && step != lastStep, calls: []))
        lastStep = step ?? lastStep
      case .call(let call):
        if !turns.isEmpty { turns[turns.count - 1].calls.append(call) }
      }
    }
    return turns
  }

  /// The calls a world made setting its run up, before the first step's turn.
  var setUpCalls: Int {
    entries.prefix { if case .call = $0 { true } else { false } }.count
  }

  /// `text` cut to about 360 characters: the report beside the diagram has it whole.
  static func clipped(_ text: String) -> String {
    text.count <= 360 ? text : String(text.prefix(359)) + "…"
  }
}
