import CountMeContract
import CountMeGenerators
import CountMeWorlds
import FirestoreCloud
import Foundation
import Generators
import PropertyHarness

/// The cross-platform parity suite (seed 003): the iOS app and the Android client writing and
/// reading each other's daily logs.
///
/// Properties under seed 003's criterion numbers (`X2.3` is its requirement 2, criterion 3), in files
/// `X<n>_<m>…swift`; `Catalog.all` lists them.
enum Parity {
  /// `document`'s fields sorted by name, each as Firestore's REST API prints it.
  ///
  /// `document`'s fields sorted by name, each as Firestore's REST API prints it
  /// (`{"integerValue": "19792"}`): what two documents are compared by, kinds and values exactly.
  static func printedFields(_ document: Document) -> [(name: String, value: String)] {
    document.fields.map { ($0.name, FirestoreREST.encode($0.value).text()) }.sorted { $0.name < $1.name }
  }

  /// The first field where `written` differs from `expected`: missing, extra, or another kind or
  /// value; nil when they hold the same fields.
  static func firstDifference(expected: Document, written: Document, writer: String) -> String? {
    let want = printedFields(expected), got = printedFields(written)
    for field in want {
      guard let value = got.first(where: { $0.name == field.name })?.value else {
        return "\(writer) wrote no \(field.name) (the Android client writes \(field.value))"
      }
      if value != field.value {
        return "\(writer) wrote \(field.name) as \(value), the Android client as \(field.value)"
      }
    }
    if let extra = got.first(where: { field in !want.contains { $0.name == field.name } }) {
      return "\(writer) wrote \(extra.name) = \(extra.value), which the Android client does not"
    }
    return nil
  }

  /// What `system` writes for `log` saved in `zone`, as the Firestore SDK stores it.
  static func written(_ log: DailyLogArguments, in zone: SavingZone, _ system: SystemLayers) -> Result<
    Document, ObservedFailure
  > {
    do {
      let data = try system.androidFormat.encodeAndroidDailyLog(log, savedIn: zone.timeZone)
      return .success(try Document(native: data, path: "document"))
    } catch let error as FirestoreREST.DecodingError {
      return .failure(ObservedFailure("the iOS app wrote a value Firestore cannot store: \(error)"))
    } catch {
      return .failure(
        ObservedFailure("saving a valid log in \(zone.name) threw \(ModelProperties.describe(error))"))
    }
  }

  /// A property of the iPhone-and-Android world, judged by `judge`, through the cloud `--cloud` names.
  ///
  /// A property of the iPhone-and-Android world, judged by `judge`, through the cloud `--cloud`
  /// names: of the device sync, or with `messages` of the save feedback (each iPhone save's message
  /// recorded), the device sync then used.
  static func paritySyncProperty(
    _ id: PropertyID, _ name: String, validates: [String], killBudget: Int = 1_000,
    generator: Generator<Tagged<ParityScenario>> = Gen.parityScenario, generatorVersion: Int = 1,
    messages: Bool = false,
    expect: String, anomaly: Anomaly, judge: @escaping @Sendable (ParityRun) -> Observation
  ) -> CatalogProperty {
    var spec = PropertySpec(
      id: id, name: name, validates: validates, judges: messages ? [.saveFeedback] : [.deviceSync],
      killBudget: killBudget, generator: { _ in generator }, encode: \.json,
      decode: { json, _ in try ParityScenario(json: json) },
      expect: { _ in .holds(expect) },
      observe: { scenario, system in
        Firebase.judging({ try ParityRun.run(scenario, system, messages: messages) }, judge)
      })
    spec.uses = messages ? [.deviceSync, .queue] : [.queue]
    spec.cloud = .simulations
    spec.anomaly = anomaly
    spec.story = { scenario, system in scenario.story(system) }
    spec.generatorVersion = generatorVersion
    return spec.erased
  }

  /// A failure to report as the property's observation.
  struct ObservedFailure: Error {
    let message: String
    init(_ message: String) { self.message = message }
  }
}

extension SavingZone {
  /// Reads a zone's name at `key` of `reader`.
  init(_ reader: JSONReader, key: String) throws {
    let name = try reader.string(key)
    guard let zone = SavingZone(name: name) else {
      throw reader.fail(key, "expected ±HH:MM from -12:00 to +14:00, or a time zone this machine knows")
    }
    self = zone
  }
}

extension ZonedInstant {
  /// `{"zone": "+05:30", "date": "2024-03-10T18:00:00Z"}`.
  var json: JSON { .object([("zone", .string(zone.name)), ("date", .string(FirestoreTime.text(date)))]) }

  init(json: JSON, path: String) throws {
    let reader = try JSONReader(json, path: path)
    self.init(zone: try SavingZone(reader, key: "zone"), date: try reader.date("date"))
  }
}

extension SavedLog {
  /// `{"zone": "America/Havana", "log": {…the log's arguments…}}`.
  var json: JSON { .object([("zone", .string(zone.name)), ("log", log.json)]) }

  init(json: JSON, path: String) throws {
    let reader = try JSONReader(json, path: path)
    self.init(
      log: try ModelSchemas.dailyLog.decode(try reader.value("log"), path: "\(path).log"),
      zone: try SavingZone(reader, key: "zone"))
  }
}

/// A log the Android client wrote, and the zone the iOS app reads it in: the input of X2.3.
struct AndroidWrittenLog: Sendable, Equatable {
  var log: AndroidLog
  var zone: SavingZone

  /// `{"zone": "-03:00", "document": {"fields": …}}`: the document as Firestore's REST API holds it.
  var json: JSON {
    .object([("zone", .string(zone.name)), ("document", FirestoreREST.encode(log.document))])
  }

  init(log: AndroidLog, zone: SavingZone) {
    self.log = log
    self.zone = zone
  }

  /// Reads the form of `json`; a document the Android client could not have written (one it
  /// cannot read back) is refused, naming the field.
  init(json: JSON, path: String) throws {
    let reader = try JSONReader(json, path: path)
    let document = try FirestoreREST.decodeDocument(try reader.value("document"))
    do {
      self.init(log: try AndroidLog(reading: document), zone: try SavingZone(reader, key: "zone"))
    } catch let problem as AndroidLog.ReadProblem {
      throw InputDecodingError(path: "\(path).document.\(problem.field)", problem: problem.description)
    }
  }
}
