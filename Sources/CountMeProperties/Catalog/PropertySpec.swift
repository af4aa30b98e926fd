import CountMeContract
import CountMeCore
import CountMeGenerators
import CountMeWorlds
import FirestoreCloud
import Generators
import PropertyHarness

/// One property, everything about it in one value.
///
/// Id, name, the requirements it validates, the layers it exercises, its kill-matrix budget, its generator,
/// the codec of its input, its expectation and what it observes.
///
/// The catalog is a list of these; the runner, the corpus, the command and the mutants all read them.
///
/// The check is "what the system does (`observe`) is what the specification says (`expect`)", so a
/// generated case and a corpus case are judged the same way.
struct PropertySpec<Input: Sendable>: Sendable {
  let id: PropertyID
  let name: String
  let validates: [String]
  /// The layers its oracle judges: a mutant of one of them runs against it in the kill matrix.
  let judges: [Layer]
  /// The other layers its observation drives (a device sync's queue, say).
  var uses: [Layer] = []
  /// The sync policy it holds under, which its observation hands the system and its oracle
  /// judges by: `countme`'s rules unless it is one of seed 004's.
  var policy = SyncPolicy.countme
  /// Cases per seed in the kill matrix: enough that every mutant of the layer dies at every seed.
  let killBudget: Int
  /// Its inputs, under the sync options of the run (which only sync properties read).
  let generator: @Sendable (SyncOptions) -> Generator<Tagged<Input>>
  /// The version of its generator: raise it whenever a seed would give another case.
  ///
  /// The version of its generator: raise it whenever a change makes a seed give another case (its
  /// tokens then carry it, and a token of another version is refused instead of replaying a
  /// different case); a property starts at 1.
  var generatorVersion = 1
  /// The input as JSON (reports, `sample`, corpus files).
  let encode: @Sendable (Input) -> JSON
  /// The input a corpus file holds; throws naming the path of a problem. The context is what the
  /// case says beside it (a document's model and client shape).
  let decode: @Sendable (JSON, CaseContext) throws -> Input
  /// True when a corpus case must name its model.
  var needsModel = false
  /// True when it asks the Firestore emulator (`FirestoreRules.shared`), which a run must have.
  var needsFirestore = false
  /// How it meets the cloud: what `--cloud emulator` changes.
  var cloud = CloudUse.none
  /// For a sync property: its judge of a recorded trace (the benchmark runs them all over one).
  var judge: SyncProperties.Judge?
  /// What the specification says must happen to a generated input.
  let expect: @Sendable (Tagged<Input>) -> Expectation
  /// What `system` does with an input; only the layers it declares are there.
  let observe: @Sendable (Input, SystemLayers) -> Observation
  /// When its policy's own rules are known to break it: what the known finding is.
  ///
  /// A failure is then reported as that finding (never a pass, never hidden), and a run that finds no
  /// counterexample says it did not reproduce.
  var knownFinding: String?
  /// For a sync property: the kind of wrong (`Anomaly`) its failures are, unless one names another.
  var anomaly: Anomaly?
  /// For a sync property: its run of an input recorded as a story, and the names of its parts, to
  /// draw a failure (`SyncStory.diagram`).
  ///
  /// Run once, on the shrunk counterexample.
  var story: (@Sendable (Input, SystemLayers) -> (SyncStory, SyncStory.Names)?)?
  /// For a sync property that runs on any collection: itself on an app's collection (`CatalogProperty.onCollection`).
  var onCollection: (@Sendable (CollectionRun) -> CatalogProperty)?
  /// True when it runs on an app's collection.
  var onAppCollection = false

  /// The runnable property checking `system`, which holds every layer it declares.
  func property(for system: SystemLayers, sync: SyncOptions) -> Property<Input> {
    let system = system.restricted(to: layers, for: id)
    let expect = self.expect
    let observe = self.observing
    var property = Property(
      id: id, name: name, validates: validates, generator: generator(sync),
      generatorVersion: generatorVersion, describe: encode,
      expectation: { expect($0).corpus?.json ?? .null }
    ) { input in
      expect(input).verdict(observe(input.value, system))
    }
    property.policy = policy == .countme ? nil : policy.name
    property.compileCases()
    if let story {
      property.diagram = { input, observed, expected in
        guard let (told, names) = story(input.value, system) else { return nil }
        let observation = observe(input.value, system)
        return told.diagram(
          names,
          failure: SyncStory.Failure(
            anomaly: observation.anomaly, step: observation.step, observed: observed, expected: expected))
      }
    }
    return property
  }

  /// `observe`, a broken invariant naming the property's usual anomaly when it names none.
  var observing: @Sendable (Input, SystemLayers) -> Observation {
    let (observe, usual) = (self.observe, anomaly)
    guard let usual else { return observe }
    return { input, system in
      let observation = observe(input, system)
      guard case .broke(let problem, nil, let step) = observation else { return observation }
      return .broke(problem, anomaly: usual, step: step)
    }
  }

  /// Every layer its observation calls, in `Layer` order: it runs only where all are provided.
  var layers: [Layer] { Array(Set(judges + uses)).sorted() }

  /// Type-erased, for the catalog.
  var erased: CatalogProperty {
    CatalogProperty(
      id: id, name: name, validates: validates, judges: judges, layers: layers, killBudget: killBudget,
      needsModel: needsModel, needsFirestore: needsFirestore, cloud: cloud,
      judge: judge, policy: policy, knownFinding: knownFinding, onCollection: onCollection,
      onAppCollection: onAppCollection,
      property: { system, sync in
        let property = AnyProperty(self.property(for: system, sync: sync))
        return self.knownFinding.map(property.knownFinding) ?? property
      },
      difference: { AnyProperty(self.difference($0, $1, sync: $2)) },
      observe: { json, model, system in
        self.observing(try self.decode(json, model), system.restricted(to: self.layers, for: self.id))
      },
      check: { json, model in _ = try self.decode(json, model) },
      sample: generator(SyncOptions()).map { (tags: $0.tags, value: self.encode($0.value)) })
  }
}

/// A property of the catalog, whatever its input type.
public struct CatalogProperty: Sendable {
  /// The property's id, e.g. `P2`.
  public let id: PropertyID
  /// Its name, as its document words it.
  public let name: String
  /// The acceptance criteria it validates, e.g. `["1.6"]`.
  public let validates: [String]
  /// The layers its oracle judges: a mutant of one runs against it in the kill matrix.
  public let judges: [Layer]
  /// Every layer it exercises, in `Layer` order: it runs against a system that provides them all.
  public let layers: [Layer]
  /// True when it judges no layer of an implementation, only the harness itself.
  ///
  /// True when it judges no layer of an implementation but the harness itself (R1: its fake's
  /// rules): a plain `check` leaves it out, and it never runs against anything but the reference.
  public var judgesTheHarness: Bool { judges.isEmpty }
  /// Cases per seed in the kill matrix.
  public let killBudget: Int
  /// True when a corpus case of this property must name its model (documents).
  public let needsModel: Bool
  /// True when it asks the Firestore emulator, which a run must have to check it.
  public let needsFirestore: Bool
  /// How it meets the cloud: what `--cloud emulator` changes.
  let cloud: CloudUse
  /// True when its multi-device runs sync through a cloud that `--cloud emulator` makes Firestore.
  public var syncsThroughCloud: Bool { cloud == .simulations }
  /// For a sync property: its judge of a recorded trace.
  let judge: SyncProperties.Judge?
  /// The sync policy it holds under.
  public let policy: SyncPolicy
  /// When its policy's own rules break it: the known finding (`PropertyReport.knownFinding`).
  public private(set) var knownFinding: String?
  /// For a sync property that holds of any collection: the same property, its runs syncing an app's.
  ///
  /// The same id, name, judge and generator, its inputs syncing the app's collection through the
  /// app's description (`AppSync`); nil for a property of CountMe's own models.
  let onCollection: (@Sendable (CollectionRun) -> CatalogProperty)?
  /// True when it runs on an app's collection (`onCollection` made it).
  public let onAppCollection: Bool
  private(set) var makeProperty: @Sendable (SystemLayers, SyncOptions) -> AnyProperty
  let makeDifference: @Sendable (SystemLayers, SystemLayers, SyncOptions) -> AnyProperty
  let observeJSON: @Sendable (JSON, CaseContext, SystemLayers) throws -> Observation
  let checkJSON: @Sendable (JSON, CaseContext) throws -> Void
  /// Generated inputs as `sample` prints them.
  let sample: Generator<(tags: [String], value: JSON)>

  init(
    id: PropertyID, name: String, validates: [String], judges: [Layer], layers: [Layer], killBudget: Int,
    needsModel: Bool, needsFirestore: Bool, cloud: CloudUse,
    judge: SyncProperties.Judge?, policy: SyncPolicy = .countme, knownFinding: String? = nil,
    onCollection: (@Sendable (CollectionRun) -> CatalogProperty)? = nil, onAppCollection: Bool = false,
    property: @escaping @Sendable (SystemLayers, SyncOptions) -> AnyProperty,
    difference: @escaping @Sendable (SystemLayers, SystemLayers, SyncOptions) -> AnyProperty,
    observe: @escaping @Sendable (JSON, CaseContext, SystemLayers) throws -> Observation,
    check: @escaping @Sendable (JSON, CaseContext) throws -> Void,
    sample: Generator<(tags: [String], value: JSON)>
  ) {
    self.id = id
    self.name = name
    self.validates = validates
    self.judges = judges
    self.layers = layers
    self.killBudget = killBudget
    self.needsModel = needsModel
    self.needsFirestore = needsFirestore
    self.cloud = cloud
    self.judge = judge
    self.policy = policy
    self.knownFinding = knownFinding
    self.onCollection = onCollection
    self.onAppCollection = onAppCollection
    self.makeProperty = property
    self.makeDifference = difference
    self.observeJSON = observe
    self.checkJSON = check
    self.sample = sample
  }

  /// The same property, its failures the known finding `finding` of the policy it runs under.
  ///
  /// How `AppSync` reports what a collection deleted outright cannot keep: never a pass, never hidden.
  func knowing(_ finding: String) -> CatalogProperty {
    var known = self
    let make = makeProperty
    known.knownFinding = finding
    known.makeProperty = { make($0, $1).knownFinding(finding) }
    return known
  }

  /// The property checking `system`, for the runner; sync scenarios are drawn under `sync`.
  ///
  /// The system must hold every layer in `layers` (`Catalog.run` reports the others not checked).
  func property(for system: SystemLayers, sync: SyncOptions = SyncOptions()) -> AnyProperty {
    makeProperty(system, sync)
  }

  /// What `system` does with a concrete input in the corpus encoding.
  ///
  /// - Throws: `InputDecodingError` or `FirestoreREST.DecodingError` when the input can't be read.
  func observe(_ input: JSON, context: CaseContext, on system: SystemLayers) throws -> Observation {
    try observeJSON(input, context, system)
  }

  /// Throws naming the problem when `input` is not an input of this property.
  func validate(_ input: JSON, context: CaseContext) throws { try checkJSON(input, context) }
}

/// What a corpus case says beside its input: the model a document decodes as, and how its client
/// hands it over.
public struct CaseContext: Sendable, Equatable {
  /// The model a document decodes as; nil for inputs that are not documents.
  public var model: DocumentModel?
  /// How the client hands the document over.
  public var shape: ClientShape

  /// A context naming `model` and `shape`.
  public init(model: DocumentModel?, shape: ClientShape = .swift) {
    self.model = model
    self.shape = shape
  }
}
