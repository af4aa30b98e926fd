import CountMeWorlds
import PropertyHarness

// What a property observed of an implementation, as a value two implementations' runs can be
// compared by (`Catalog.diff`): the observation itself, and for a sync property every cloud call
// of its run with the cloud's answer and what each place held once it ended.

extension Observation {
  /// The observation as JSON: the value accepted, the error (case, field, rule and message), the
  /// invariant held, or what broke and how.
  var record: JSON {
    switch self {
    case .accepted(let value): return .object([("accepted", value.value)])
    case .rejected(let rejection, let detail):
      return .object([
        (
          "rejected",
          .object([
            ("error", .string(rejection.error)), ("field", .string(rejection.field)),
            ("rule", rejection.rule.map { .string($0.rawValue) } ?? .null),
            ("message", .string(detail.value)),
          ])
        )
      ])
    case .holds: return .object([("holds", .bool(true))])
    case .broke(let problem, let anomaly, _):
      return .object([
        ("broke", .string(problem)), ("anomaly", anomaly.map { .string($0.rawValue) } ?? .null),
      ])
    }
  }
}

extension SyncStory {
  /// Every turn and call of the run, in order: `"steps[2] device 1"`, `"set users/… {…}: ok"`, a
  /// write with the document it sent.
  var record: JSON {
    .array(
      entries.map { entry in
        switch entry {
        case .turn(let device, let step):
          let who = device.map { "device \($0)" } ?? "another client"
          return .string((step.map { "steps[\($0)] " } ?? "after the steps, ") + who)
        case .call(let call):
          return .string("\(call.request)\(call.written.map { " \($0)" } ?? ""): \(call.answer)")
        }
      })
  }
}

extension PropertySpec {
  /// What `system` does with `input`, as `Catalog.diff` compares it.
  ///
  /// The observation, and for a sync property the calls its run made and the places' final state.
  func record(_ input: Input, _ system: SystemLayers) -> JSON {
    var members = [("observation", observing(input, system).record)]
    if let story, let (told, _) = story(input, system) {
      members.append(("calls", told.record))
      if !told.final.isEmpty { members.append(("final", .array(told.final.map(JSON.string)))) }
    }
    return .object(members)
  }

  /// The property that fails on the first input `reference` and `other` observe differently:
  /// `diff`'s, with the property's id, generator and codec.
  func difference(_ reference: SystemLayers, _ other: SystemLayers, sync: SyncOptions) -> Property<Input> {
    let (reference, other) = (
      reference.restricted(to: layers, for: id), other.restricted(to: layers, for: id)
    )
    let record = self.record
    return Property(
      id: id, name: name, validates: validates, generator: generator(sync),
      generatorVersion: generatorVersion,
      describe: encode
    ) { input in
      let (expected, observed) = (record(input.value, reference), record(input.value, other))
      guard expected.text() != observed.text() else { return .pass }
      let difference =
        JSONDifference.first(expected: expected, actual: observed)
        ?? "its record holds what the reference's does not"
      return .fail(
        observed:
          "observed otherwise at \(difference) (expected: the reference's; got: this implementation's)",
        expected: "what the reference observes")
    }
  }
}
