import CountMeContract
import CountMeCore
import CountMeGenerators
import CountMeWorlds
import FirestoreCloud
import Foundation
import Generators
import PropertyHarness

extension Firebase {
  /// Property 21: two versions of one day's log merge into the union of their items.
  ///
  /// Property 21: two versions of one day's log merge into the union of their food items (and
  /// exercise items) by id, with no duplicates and nothing deleted; and merging is commutative,
  /// associative and idempotent, so devices that sync in any order, any number of times, end with
  /// the same log and stop re-uploading it.
  ///
  /// The oracle, written out, for each pair of three versions and the deleted ids: the merge holds
  /// each id of either version once, except the deleted ones; each item is the later version of it
  /// (either on a tie); items are in order of time, then id; `lastModified` is the later of the
  /// two (NB: seed 002 stamps the current time, which breaks idempotence); the result is the same
  /// whichever version is local, merging it with itself changes nothing, and the grouping of three
  /// does not matter. Content is every field but `syncStatus`.
  ///
  /// Two cases in three are devices instead: the merge as syncing uses it, with food (and, through
  /// the cloud, exercise) added to and removed from a day's log on any device, the devices
  /// exchanging their whole stores (`judgeDailyLogMergeOnDevices`) or syncing through the cloud with faults
  /// (`judgeDailyLogMergeThroughTheCloud`).
  ///
  /// NB: the kill budget is 5,000 cases, not the 500 of the other device properties. A device
  /// that re-uploads a log only when it names deleted items of both kinds shows only when another
  /// client breaks the tombstone of an item a device deleted and synced, before a device that
  /// still holds the item in its log reads it: drawn slots reached that at a median of 7,212
  /// cases; version 2 of the generator, aiming half the runs' damage at the item deleted last, at
  /// 616 (5,746 at worst of 12 seeds, so the budget was 20,000); version 3, which also follows
  /// each deletion in those runs with its device's sync and a broken tombstone, at about 200
  /// (2,101 at worst of 36 seeds); every other F21 mutant dies within 1,136 at those seeds. A case
  /// costs about a millisecond in a debug build.
  static let dailyLogMerge = {
    var spec = f21Spec
    spec.cloud = .simulations
    spec.anomaly = .lostUpdate
    spec.story = { input, system in
      switch input {
      case .versions: return nil
      case .devices(let scenario): return scenario.story(system, settling: true)
      case .cloud(let input): return input.logStory(system)
      }
    }
    // Version 2: half the cloud log runs aim broken items at the item deleted last; version 3:
    // those runs also sync and break the tombstone after each deletion.
    spec.generatorVersion = 3
    return spec.erased
  }()

  private static let f21Spec = PropertySpec(
    id: "F21", name: "Daily log merging", validates: ["8.4"], judges: [.conflicts, .logSync],
    uses: [.retention, .queue], killBudget: 5_000,
    generator: { _ in LogMergeInput.generator }, encode: \.json,
    decode: { json, _ in try LogMergeInput.decode(json) },
    expect: { _ in .holds("the union by id without deletions, the same whatever the order or grouping") },
    observe: { input, system in
      switch input {
      case .versions(let versions): return observeDailyLogMerge(versions, system)
      case .devices(let scenario):
        return judging(
          { try RetentionRun.run(scenario, system, settling: true) }, judgeDailyLogMergeOnDevices)
      case .cloud(let input):
        return judging({ try CloudLogRun.run(input, system) }, judgeDailyLogMergeThroughTheCloud)
      }
    }
  )

  static func json21(_ input: LogVersions) -> JSON {
    .object([
      ("versions", .array(input.versions.map(\.json))),
      ("deleted", .array(input.deleted.map { .string($0.uuidText) })),
    ])
  }

  static func decode21(_ json: JSON) throws -> LogVersions {
    let reader = try JSONReader(json, path: "input")
    let versions = try Firebase.threeVersions(reader).enumerated().map {
      try ModelSchemas.dailyLog.decode($1, path: "input.versions[\($0)]")
    }
    let deleted = try reader.array("deleted").enumerated().map { index, value -> UUID in
      guard let text = value.stringValue, let id = UUID(uuidText: text) else {
        throw InputDecodingError(path: "input.deleted[\(index)]", problem: "expected a UUID")
      }
      return id
    }
    return LogVersions(versions: versions, deleted: deleted)
  }

  static func observeDailyLogMerge(_ input: LogVersions, _ system: SystemLayers) -> Observation {
    let deleted = input.deleted
    func merge(_ a: DailyLogArguments, _ b: DailyLogArguments) throws -> DailyLogArguments {
      try system.conflicts.mergeDailyLogs(a, b, deleted: deleted)
    }
    do {
      for (i, j) in [(0, 1), (0, 2), (1, 2)] {
        let (x, y) = (input.versions[i], input.versions[j])
        let merged = try merge(x, y)
        if let problem = union21(merged, x, y, deleted: deleted) {
          return .broke("versions \(i) and \(j) merged: \(problem)")
        }
        guard content21(try merge(y, x)) == content21(merged) else {
          return .broke(
            "versions \(i) and \(j) merge differently depending on which is local", anomaly: .divergence)
        }
        guard content21(try merge(merged, merged)) == content21(merged) else {
          return .broke(
            "the merge of versions \(i) and \(j), merged with itself, changes", anomaly: .divergence)
        }
      }
      let (a, b, c) = (input.versions[0], input.versions[1], input.versions[2])
      guard content21(try merge(try merge(a, b), c)) == content21(try merge(a, try merge(b, c))) else {
        return .broke("(0, 1) then 2 merges differently from 0 then (1, 2)", anomaly: .divergence)
      }
    } catch {
      return .broke("merging valid logs threw \(ModelProperties.describe(error))")
    }
    return .holds
  }

  /// What is wrong with `merged` as the merge of `x` and `y`, or nil.
  static func union21(
    _ merged: DailyLogArguments, _ x: DailyLogArguments, _ y: DailyLogArguments, deleted: [UUID]
  )
    -> String?
  {
    guard merged.id == x.id else { return "the id changed" }
    let later = max(x.lastModified, y.lastModified)
    guard merged.lastModified == later else {
      return
        "lastModified is \(FirestoreTime.text(merged.lastModified)), not the later \(FirestoreTime.text(later))"
    }
    return items21("foodItems", merged.foodItems, x.foodItems, y.foodItems, deleted, ModelSchemas.foodItem)
      ?? items21(
        "exerciseItems", merged.exerciseItems, x.exerciseItems, y.exerciseItems, deleted,
        ModelSchemas.exerciseItem)
  }

  private static func items21<A: MergedItem>(
    _ field: String, _ merged: [A], _ x: [A], _ y: [A], _ deleted: [UUID], _ schema: ModelSchema<A>
  ) -> String? {
    var expected: [UUID] = []
    for item in x + y where !deleted.contains(item.id) && !expected.contains(item.id) {
      expected.append(item.id)
    }
    let ids = merged.map(\.id)
    if let deletedID = ids.first(where: deleted.contains) { return "\(field) holds deleted \(deletedID)" }
    if let missing = expected.first(where: { !ids.contains($0) }) { return "\(field) lost \(missing)" }
    guard ids.count == expected.count else {
      return "\(field) holds \(ids.count) items for \(expected.count) ids"
    }
    for item in merged {
      let versions = (x + y).filter { $0.id == item.id }
      let newest = versions.map(\.lastModified).max()
      let candidates = versions.filter { $0.lastModified == newest }.map { itemContent($0, schema) }
      guard candidates.contains(itemContent(item, schema)) else {
        return "\(field) keeps a version of \(item.id) that is not its latest"
      }
    }
    let inOrder = zip(merged, merged.dropFirst()).allSatisfy {
      ($0.timestamp, $0.id.uuidText) <= ($1.timestamp, $1.id.uuidText)
    }
    return inOrder ? nil : "\(field) are not in order of time, then id"
  }

  private static func itemContent<A: MergedItem>(_ item: A, _ schema: ModelSchema<A>) -> [FieldValue] {
    var content = item
    content.syncStatus = .synced
    return schema.values(content)
  }

  /// A log's content: every field but the log's and its items' sync status.
  static func content21(_ log: DailyLogArguments) -> [FieldValue] {
    ModelSchemas.dailyLog.values(withoutStatuses(log))
  }

  /// `log` with every sync status (its own and its items') the same: what F21 compares.
  static func withoutStatuses(_ log: DailyLogArguments) -> DailyLogArguments {
    var content = log
    content.syncStatus = .synced
    for index in content.foodItems.indices { content.foodItems[index].syncStatus = .synced }
    for index in content.exerciseItems.indices { content.exerciseItems[index].syncStatus = .synced }
    return content
  }
}

/// What F21 reads of an item of a log.
protocol MergedItem {
  var id: UUID { get }
  var timestamp: Date { get }
  var lastModified: Date { get }
  var syncStatus: SyncStatus { get set }
}

extension FoodItemArguments: MergedItem {}
extension ExerciseItemArguments: MergedItem {}
