import CloudFake

/// A multi-device run that syncs through any `SimulationCloud`, so that a `PictureCloud` can draw it.
///
/// Its world announces each turn (`SimulationCloud.turn`).
protocol CloudWorldRun {
  associatedtype Input
  /// The run of `input` against `system` through `cloud`, which holds no documents yet.
  static func run<Cloud: SimulationCloud>(_ input: Input, _ system: SystemLayers, on cloud: inout Cloud)
    throws
    -> Self
  /// What each place holds once the run ended, in words, place by place.
  var finalState: [String] { get }
}

extension SyncStory {
  /// The story of `Run`'s run of `input` through the run's cloud with `faults`, drawn as it went;
  /// a run that throws is drawn up to where it stopped.
  ///
  /// Nil when the emulator lent no project, or when the run stopped before its world took a turn (nothing to
  /// draw).
  static func recorded<Run: CloudWorldRun>(
    _: Run.Type, _ input: Run.Input, _ system: SystemLayers, faults: FaultPlan
  ) -> SyncStory? {
    let story = try? system.cloud.running(
      faults, fake: { draw(Run.self, input, system, on: &$0) },
      firestore: { draw(Run.self, input, system, on: &$0) })
    return story?.entries.isEmpty == false ? story : nil
  }

  /// The story a whole-store run tells as it goes, up to where it stopped.
  ///
  /// The story a whole-store run tells as it goes (`DevicesRun`, `RetentionRun`: no cloud to
  /// record, each sync an exchange of stores), up to where it stopped; nil when it told nothing.
  static func told<Run>(by run: (inout SyncStory?) throws -> Run) -> SyncStory? {
    var story: SyncStory? = SyncStory()
    _ = try? run(&story)
    return story?.entries.isEmpty == false ? story : nil
  }

  private static func draw<Run: CloudWorldRun, Cloud: SimulationCloud>(
    _: Run.Type, _ input: Run.Input, _ system: SystemLayers, on cloud: inout Cloud
  ) -> SyncStory {
    var drawn = PictureCloud(cloud)
    let run = try? Run.run(input, system, on: &drawn)
    cloud = drawn.base
    var story = drawn.story
    story.final = run?.finalState ?? []
    return story
  }

  /// How a diagram of a run on `system`'s cloud names the cloud.
  static func cloudName(_ system: SystemLayers) -> String {
    if case .firestore = system.cloud { return "Firestore (emulator)" }
    return "cloud (CloudFake)"
  }
}
