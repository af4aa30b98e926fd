import CountMeContract
import CountMeWorlds
import FirestoreCloud
import PropertyHarness

/// Every property, in the order `list` prints and `check` runs them.
///
/// Everything that needs to know the properties (the command's `check`, `list`, `sample`, `replay` and help,
/// corpus replay, mutant layers and budgets, reports, the gate tests) reads this list; nothing else spells a
/// property id.
public enum Catalog {
  /// The properties: one line each, defined in a file of their own under their suite's folder.
  public static let all: [CatalogProperty] = [
    Hardening.validFoodItem,  // P1
    Hardening.invalidFoodItem,  // P2
    Hardening.validExerciseItem,  // P3
    Hardening.invalidExerciseItem,  // P4
    Hardening.validIngredient,  // P5
    Hardening.invalidIngredient,  // P6
    Hardening.validCustomMeal,  // P7
    Hardening.invalidCustomMeal,  // P8
    Hardening.validDailyLog,  // P9
    Hardening.invalidDailyLog,  // P10
    Hardening.rejectsOutOfRangeDocuments,  // P11
    Hardening.acceptsValidDocuments,  // P12
    Hardening.queueSizeInvariant,  // P13
    Hardening.processingContinues,  // P14
    Hardening.queueAccounting,  // P15
    Hardening.noLostUpdate,  // P16
    Hardening.offlinePauses,  // P17
    Hardening.boundedRetries,  // P18
    Hardening.exactlyOnceEffect,  // P19
    Hardening.convergence,  // P20
    Hardening.persistenceRoundTrip,  // P21
    Hardening.writesItsDocument,  // P22
    Hardening.engineKeepsEveryChange,  // P23
    Hardening.concurrentCallers,  // P24
    Hardening.totalsAreSums,  // P25
    Hardening.newModelDefaults,  // P26
    Hardening.dateBecomesTimestamp,  // P27
    Hardening.validUserGoal,  // P28
    Hardening.invalidUserGoal,  // P29
    Hardening.downloadsOnlyChanges,  // P30
    Hardening.errorsShown,  // P31
    Hardening.callsTimeOut,  // P32
    Firebase.validAccountCreation,  // F1
    Firebase.invalidEmailRejected,  // F2
    Firebase.shortPasswordRejected,  // F3
    Firebase.autoSignInAfterCreation,  // F4
    Firebase.validSignIn,  // F5
    Firebase.invalidCredentialsRejected,  // F6
    Firebase.sessionPersists,  // F7
    Firebase.userIdAvailability,  // F8
    Firebase.signOutEndsSession,  // F9
    Firebase.signOutClearsCredentials,  // F10
    Firebase.signOutRetainsData,  // F11
    Firebase.dualPersistence,  // F12
    Firebase.initialSyncDownloadsAll,  // F13
    Firebase.consistencyAfterSync,  // F14
    Firebase.offlineOperationsWorkLocally,  // F15
    Firebase.bidirectionalSync,  // F16
    Firebase.offlineChangesQueued,  // F17
    Firebase.syncFailurePreservesData,  // F18
    Firebase.lastWriteWins,  // F19
    Firebase.deletionWins,  // F20
    Firebase.dailyLogMerge,  // F21
    Firebase.migrationSuccess,  // F22
    Firebase.migrationRetry,  // F23
    Firebase.dataHasUserId,  // F24
    Firebase.queryFiltersByUserId,  // F25
    Firebase.ninetyDayRetention,  // F26
    Firebase.customMealsKept,  // F27
    Firebase.goalsKept,  // F28
    Firebase.exponentialBackoff,  // F29
    Firebase.intermittentConnectivity,  // F30
    Firebase.accountDeletion,  // F31
    Firebase.uiFollowsAuthState,  // F32
    Parity.dateIsLocalEpochDay,  // X1.3
    Parity.saveTellsItsOutcome,  // X1.5
    Parity.offSchemaRefused,  // X1.6
    Parity.androidReadsIOSLog,  // X2.2
    Parity.iOSReadsAndroidLog,  // X2.3
    Parity.sameDocument,  // X2.4
    Parity.saveMessages,  // X4.3
    Parity.dataFromBeforeTheFixUploaded,  // X5.4
    Parity.offlineSavesSync,  // X5.5
    Parity.lastWriteWinsAcrossPlatforms,  // X5.6
    Parity.reinstallRestores,  // X6.4
    Workout.localFirst,  // W1.1
    Workout.attemptsAndInterval,  // W1.2
    Workout.priorityOrder,  // W1.3
    Workout.conflictResolution,  // W1.4
    Workout.syncedDevicesAgree,  // W1.4.1
    Workout.deletionTrumpsEdits,  // W1.5
    Workout.deletedStaysDeleted,  // W1.5.1
    Workout.deletionOutlivesLongOffline,  // W1.5.2
    Workout.deepMerge,  // W1.6
    Workout.removedExerciseStaysRemoved,  // W1.6.1
    Workout.sessionsWhole,  // W1.7
    Workout.pausesOfflineRetriesOnReconnect,  // W1.8
    Workout.storeRoundTrip,  // W2.2
    Workout.stableIDs,  // W2.3
    Workout.deletionRecords,  // W2.4
    Workout.updatedAtOnContentChange,  // W2.5
    Workout.damagedStoreRecovered,  // W2.6
    Rules.rulesAgree,  // R1
  ]

  /// The suites by name, each to its id prefix: `--property firebase` selects every `F…` property.
  public static let suites: [String: String] = [
    "hardening": "P", "firebase": "F", "workout": "W", "parity": "X", "rules": "R",
  ]

  /// How reports name this tool: the replay command, JUnit names, 16-hex-digit seeds.
  public static let reportStyle = ReportStyle(
    replayCommand: "swift run countme-fuzz replay", junitSuiteName: "countme-fuzz",
    junitClassName: "CountMeProperties")

  /// How reports of a run on `cloud` name this tool: a failure on the emulator replays there.
  public static func reportStyle(cloud: CloudChoice) -> ReportStyle {
    guard case .emulator(let rules) = cloud else { return reportStyle }
    var style = reportStyle
    style.replayCommand +=
      " --cloud emulator" + (rules.path == RulesFile.recommendedPath ? "" : " --rules \(rules.path)")
    return style
  }

  /// The properties a plain `check` runs: every one that judges an implementation.
  ///
  /// R1, which judges the harness's own fake, runs when it is named (`--property rules`), in `swift test` and
  /// in CI.
  public static var checkedByDefault: [PropertyID] { all.filter { !$0.judgesTheHarness }.map(\.id) }

  /// The properties whose multi-device runs sync through a cloud (`--cloud emulator`'s), in
  /// catalog order.
  public static var cloudBacked: [PropertyID] { all.filter(\.syncsThroughCloud).map(\.id) }

  /// Every property's id, in catalog order.
  public static var ids: [PropertyID] { all.map(\.id) }

  /// The property with id `id`, or nil.
  public static func property(_ id: PropertyID) -> CatalogProperty? { all.first { $0.id == id } }

  /// The properties that judge `layer`, in catalog order: those a mutant of it runs against.
  ///
  /// A known finding is left out: the reference fails it too, so its failure tells no mutant apart.
  public static func properties(of layer: Layer) -> [CatalogProperty] {
    all.filter { $0.judges.contains(layer) && $0.knownFinding == nil }
  }

  /// The properties whose runs call `layer` (judging it or using it), in catalog order: the only
  /// ones `diff` can tell two implementations of it apart by.
  public static func properties(exercising layer: Layer) -> [CatalogProperty] {
    all.filter { $0.layers.contains(layer) }
  }

  /// The ids a `--property` text selects: ids, ranges within a suite and suite names, comma-separated
  /// (`P2,F19-F21`, `firebase`).
  ///
  /// A bare number is a hardening id (`2` is `P2`, `1-12` is `P1-P12`), as the command took them before the
  /// other suites came.
  public static func select(_ text: String) throws(PropertySelection.Problem) -> [PropertyID] {
    try PropertySelection.select(text, from: ids, suites: suites, bareNumbers: "P")
  }

  /// The property a command-line id names (`P2`, `F19`, or a bare hardening number `2`), or nil.
  public static func property(named text: String) -> CatalogProperty? {
    (PropertyID(text) ?? PropertyID("P" + text)).flatMap(property)
  }

  /// Runs the catalog, or the properties `ids` names, against `system`.
  ///
  /// Each property whose layers it provides (its own, or CountMeCore's where it borrows them by name); every
  /// other selected property is reported as not checked, naming the layers it lacks.
  ///
  /// - Parameters:
  ///   - system: the implementation to check; `ReferenceSystem()` is CountMeCore.
  ///   - ids: the properties to run, in catalog order; nil for all.
  ///   - settings: seed, cases per property, time and shrink budgets.
  ///   - sync: the queue capacities and retry policies the sync scenarios draw, when the
  ///     implementation's are not the properties' own ranges.
  ///   - cloud: the cloud the multi-device runs sync through (`cloudBacked`'s properties); on the
  ///     emulator, each case an empty project of its own under the rules it names.
  ///   - killBudgets: when true, each property runs at most its kill budget (the cases in which
  ///     every mutant of its layer dies at every seed of the gate): `check`'s default, which spends
  ///     no case where the gate shows none is needed (P13's long scenarios: 100, not 1,000).
  ///   - emit: receives progress events; may be left out.
  /// - Returns: the report, with a replay token and a shrunk counterexample for each failure, and
  ///   a reason for each property not checked.
  public static func run(
    _ system: some SystemUnderTest = ReferenceSystem(), properties ids: [PropertyID]? = nil,
    settings: RunSettings, sync: SyncOptions = SyncOptions(), cloud: CloudChoice = .fake,
    killBudgets: Bool = false, emit: (RunEvent) -> Void = { _ in }
  ) -> RunReport {
    run(
      system, specs: all.filter { ids?.contains($0.id) ?? true }, settings: settings, sync: sync,
      cloud: cloud,
      killBudgets: killBudgets, emit: emit)
  }

  /// `run` of `specs`: the catalog's, or its sync properties on an app's collection (`AppSync`).
  static func run(
    _ system: some SystemUnderTest, specs: [CatalogProperty], settings: RunSettings, sync: SyncOptions,
    cloud: CloudChoice, killBudgets: Bool, emit: (RunEvent) -> Void
  ) -> RunReport {
    let layers = SystemLayers(system)
    // NB: a property asking the emulator (R1, last in the catalog) spends its time waiting for
    // another process, the emulator, which takes seconds to start: on the fake cloud it starts and
    // runs on a thread of its own while the others run, its events given after theirs, so in
    // catalog order all the same. Watching each case
    // (`verbose`) keeps one property at a time.
    let asking =
      cloud == .fake && !settings.verbose ? specs.reversed().prefix { $0.needsFirestore }.count : 0
    @Sendable func prepare(_ specs: ArraySlice<CatalogProperty>) -> (
      run: [AnyProperty], notChecked: [NotChecked]
    ) {
      Self.prepare(specs, layers, system, sync: sync, cloud: cloud, killBudgets: killBudgets)
    }
    let clock = ContinuousClock(), start = clock.now
    // A thread only when there is something to run on it: most runs (a mutant's, a test's) ask
    // nothing of the emulator.
    let beside =
      asking == 0
      ? nil
      : Beside {
        var events: [RunEvent] = []
        let (toRun, notChecked) = prepare(specs.suffix(asking))
        // NB: the emulator is this process's: no lane in another process asks it.
        var besideSettings = settings
        besideSettings.lanes = nil
        let report = Runner.run(toRun, settings: besideSettings) { events.append($0) }
        return (report.properties, notChecked, events)
      }
    let (toRun, notChecked) = prepare(specs.dropLast(asking))
    let report = Runner.run(toRun, settings: settings, emit: emit)
    let (besideReports, besideNotChecked, besideEvents) = beside?.result() ?? ([], [], [])
    besideEvents.forEach(emit)
    return RunReport(
      seed: report.seed, properties: report.properties + besideReports,
      notChecked: notChecked + besideNotChecked, seconds: (clock.now - start).inSeconds)
  }

  /// The properties `ids` names, ready to run against `system` as `run` runs them.
  ///
  /// The properties `ids` names, ready to run against `system` as `run` runs them (those that can
  /// run here; each capped at its kill budget when `killBudgets`): what a lane's process runs its
  /// blocks of cases with (`CaseLanes`), given the arguments of the run it serves.
  public static func runnableProperties(
    _ system: some SystemUnderTest, _ ids: [PropertyID], sync: SyncOptions = SyncOptions(),
    killBudgets: Bool
  ) -> [AnyProperty] {
    let specs = all.filter { ids.contains($0.id) && !$0.needsFirestore }[...]
    let layers = SystemLayers(system)
    return prepare(specs, layers, system, sync: sync, cloud: .fake, killBudgets: killBudgets).run
  }

  /// `specs` ready to run against `system` on `cloud` (each capped at its kill budget when
  /// `killBudgets`), and those that cannot run, with why.
  private static func prepare(
    _ specs: ArraySlice<CatalogProperty>, _ layers: SystemLayers, _ system: some SystemUnderTest,
    sync: SyncOptions, cloud: CloudChoice, killBudgets: Bool
  ) -> (run: [AnyProperty], notChecked: [NotChecked]) {
    var toRun: [AnyProperty] = []
    var notChecked: [NotChecked] = []
    for spec in specs {
      if let skipped = Self.notChecked(spec, layers, system, cloud: cloud) {
        notChecked.append(skipped)
      } else {
        let property = runnable(spec, layers, sync: sync, cloud: cloud)
        toRun.append(killBudgets ? property.capped(at: spec.killBudget) : property)
      }
    }
    return (toRun, notChecked)
  }

  /// Replays the case `token` names against `system`; nil when it cannot.
  ///
  /// Replays the case `token` names against `system` (under the `sync` options of its run); nil
  /// when no property has its id, or when `system` lacks a layer the property needs.
  ///
  /// - Throws: `ReplayToken.Refusal` when another version of the property's generator made the
  ///   token, or it names a policy the property does not run under.
  public static func replay(
    _ token: ReplayToken, on system: some SystemUnderTest = ReferenceSystem(),
    sync: SyncOptions = SyncOptions(), cloud: CloudChoice = .fake
  ) throws(ReplayToken.Refusal) -> PropertyReport? {
    let layers = SystemLayers(system)
    guard let spec = property(token.property), layers.missing(spec.layers).isEmpty else { return nil }
    // An app's device sync or phones sync none of CountMe's collections: its tokens are `AppSync.replay`'s.
    if appCollectionProblem(spec, system, checkedBy: "AppSync.replay") != nil { return nil }
    return try Runner.replay(token, on: runnable(spec, layers, sync: sync, cloud: cloud))
  }

  /// Why the properties that ask the Firestore emulator cannot run here (it is missing, or this is
  /// not the repository's root); nil when they can.
  ///
  /// The first call starts the emulator.
  static var firestoreProblem: String? {
    guard case .failure(let problem) = FirestoreRules.shared else { return nil }
    return "the Firestore emulator is not there: \(problem)"
  }

  /// Why the multi-device runs cannot sync through the emulator here under `rules`, or nil when
  /// they can. The first call starts the emulator.
  public static func emulatorCloudProblem(under rules: RulesFile) -> String? {
    guard case .failure(let problem) = SyncCloud.emulator(under: rules) else { return nil }
    return "the Firestore emulator is not there: \(problem)"
  }

  /// Why the verdicts of `report`'s properties that asked the Firestore emulator cannot stand, if they cannot.
  ///
  /// Why the verdicts of `report`'s properties that asked the Firestore emulator (R1, or those
  /// whose devices synced through it on `cloud`) cannot stand: the emulator stopped answering
  /// during the run.
  ///
  /// Nil when none asked it or it still answers.
  public static func emulatorLost(in report: RunReport, cloud: CloudChoice) -> String? {
    let asked = report.properties.contains { ran in
      guard let spec = property(ran.id) else { return false }
      return spec.needsFirestore || (cloud.rules != nil && spec.syncsThroughCloud)
    }
    guard asked, case .success(let emulator) = FirestoreEmulator.shared, !emulator.answers() else {
      return nil
    }
    return "the Firestore emulator at \(emulator.host) stopped answering during the run, so the verdicts "
      + "of the properties that asked it are not verdicts; start it again and rerun"
  }

  /// Why `spec` cannot run against `system` on `cloud`, or nil when it can.
  static func notChecked(
    _ spec: CatalogProperty, _ layers: SystemLayers, _ system: some SystemUnderTest,
    cloud: CloudChoice = .fake
  ) -> NotChecked? {
    func skipped(_ reason: String, isInputError: Bool = false) -> NotChecked {
      NotChecked(
        id: spec.id, name: spec.name, validates: spec.validates, reason: reason, isInputError: isInputError)
    }
    if let problem = appCollectionProblem(spec, system, checkedBy: "AppSync.run") { return skipped(problem) }
    // NB: a property that judges no layer judges the harness itself (R1: its fake's rules), so a
    // run over anything but the reference would pass it without running a line of that system.
    if spec.judgesTheHarness, !(system is ReferenceSystem) {
      return skipped(
        "\(spec.id) judges the harness's own CloudFake, not \(type(of: system)); countme-fuzz check runs it")
    }
    if spec.needsFirestore, let problem = firestoreProblem { return skipped(problem, isInputError: true) }
    if case .emulator(let rules) = cloud, spec.syncsThroughCloud,
      let problem = emulatorCloudProblem(under: rules)
    {
      return skipped(problem, isInputError: true)
    }
    let missing = layers.missing(spec.layers)
    guard !missing.isEmpty else { return nil }
    let named = missing.map { "\($0.name) (\($0.protocolName))" }
    let what =
      missing.count == 1
      ? "the \(missing[0].name) layer (\(missing[0].protocolName))"
      : "the layers " + named.joined(separator: ", ")
    return skipped("\(type(of: system)) does not implement \(what)")
  }

  /// Why `spec`, one of CountMe's, cannot run on `system`, which syncs an app's own collection; nil when it can.
  ///
  /// An `AppDeviceSyncLayer` or an `AppAccountsLayer` syncs its app's collection alone: CountMe's
  /// properties of that layer would ask it for food items. `checkedBy` names what checks it.
  static func appCollectionProblem(_ spec: CatalogProperty, _ system: some SystemUnderTest, checkedBy: String)
    -> String?
  {
    guard !spec.onAppCollection else { return nil }
    if let app = system as? any AppDeviceSyncLayer, spec.layers.contains(.deviceSync) {
      return
        "\(type(of: system)) syncs its own collection \(app.appCollection), none of CountMe's: \(checkedBy) checks it"
    }
    if let app = system as? any AppAccountsLayer, spec.layers.contains(.accounts) {
      return
        "\(type(of: system))'s phones sync its own collection \(app.phonesCollection), none of CountMe's: "
        + "\(checkedBy) checks it"
    }
    return nil
  }

  /// `spec` ready to run against `layers` on `cloud`, its reports naming the layers it borrows and
  /// the cloud it synced through when that is not the fake.
  static func runnable(
    _ spec: CatalogProperty, _ layers: SystemLayers, sync: SyncOptions, cloud: CloudChoice = .fake
  ) -> AnyProperty {
    var layers = layers
    var conditions = layers.borrowed(spec.layers).map { "the reference \($0.name)" }
    if case .emulator(let rules) = cloud {
      switch spec.cloud {
      case .simulations:
        if case .success(let firestore) = SyncCloud.emulator(under: rules) { layers.cloud = firestore }
        conditions.append("its devices syncing through the Firestore emulator (\(rules.path))")
      case .fakeOnly(let reason): conditions.append("on CloudFake, not the emulator: \(reason)")
      case .none: break
      }
    }
    return spec.property(for: layers, sync: sync).with(conditions: conditions)
  }
}
