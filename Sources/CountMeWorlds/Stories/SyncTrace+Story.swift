import CloudFake

extension SyncTrace {
  /// The trace as a story: the one device's turn at each step with the cloud calls it made, then
  /// its calls while draining.
  package var story: SyncStory {
    var story = SyncStory()
    // Where each step's calls begin: the calls made before its first event.
    var starts = [Int](repeating: cloudCalls.count, count: steps + 1)
    for event in events.reversed() where event.step <= steps { starts[event.step] = event.calls }
    for step in stride(from: steps - 1, through: 0, by: -1) {
      starts[step] = min(starts[step], starts[step + 1])
    }
    for turn in 0...steps {
      story.entries.append(.turn(device: 0, step: turn < steps ? turn : nil))
      let end = turn < steps ? starts[turn + 1] : cloudCalls.count
      for call in cloudCalls[min(starts[turn], end)..<end] {
        story.entries.append(.call(SyncStory.Call(call)))
      }
    }
    // What the cloud ends holding (the queue's trace records no document a call sent).
    story.final = (final?.cloud ?? [:]).sorted { $0.key < $1.key }.map {
      "\($0.key) \($0.value.restText)"
    }
    return story
  }

  /// How its diagram names the device and the steps.
  package var storyNames: SyncStory.Names {
    let steps = input.scenario.steps
    return SyncStory.Names(
      device: { _ in "device (queue)" }, step: { "\(steps[$0])" },
      afterSteps: "after the steps: faults stop, the queue drains",
      // `describe` ends with the last calls, which the diagram draws.
      observed: { $0.components(separatedBy: SyncTrace.callsLead)[0] })
  }
}

extension SyncStory.Call {
  /// A call as `CloudFake`'s trace recorded it.
  package init(_ call: CloudFake.Call) {
    let request = "\(call.operation) \(call.path)"
    switch call.outcome {
    case "ok": self.init(request: request, answer: "ok", failed: false)
    case "offline", CloudFake.rulesRefusal: self.init(request: request, answer: call.outcome, failed: true)
    case "landed, acknowledgement lost":
      self.init(request: request, answer: SyncStory.injected(.lostAcknowledgement), failed: true)
    case "written by another client":
      self.init(request: request + ", past the rules", answer: "landed", failed: false, byAnotherClient: true)
    default:
      let fault = Fault(rawValue: call.outcome)
      self.init(
        request: request, answer: fault.map(SyncStory.injected) ?? call.outcome, failed: fault?.error != nil)
    }
  }
}
