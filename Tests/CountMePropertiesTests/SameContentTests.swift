import CountMeContract
import CountMeGenerators
import Foundation
import Generators
import Testing

@testable import CountMeCore

/// `hasSameContent` must answer exactly as comparing `Reconcile.contentKey`s does: a sync that
/// takes the cloud's version for its own decides with it.
@Suite("Same content, exactly as the content key says")
struct SameContentTests {
  /// Pairs of valid `A`s built from `generator`: each differing from the first in one field (every
  /// field in turn, from a second value), and variants with 0 as -0 and every string decomposed.
  static func disagreements<A, M: Versioned>(
    _ generator: Generator<Tagged<A>>, _ schema: ModelSchema<A>, _ build: (A) throws -> M
  ) throws -> [String] {
    var found: [String] = []
    func compare(_ a: A, _ b: A, _ what: String) {
      guard let x = try? build(a), let y = try? build(b) else { return }
      let keys = Reconcile.contentKey(x) == Reconcile.contentKey(y)
      if x.hasSameContent(as: y) != keys { found.append("\(what): content keys equal \(keys)") }
    }
    for seed in 0..<150 as Range<UInt64> {
      let a = try generator.generate(seed: seed).value.value
      let c = try generator.generate(seed: seed + 10_000).value.value
      let values = schema.values(a), other = schema.values(c)
      compare(a, a, "itself")
      for index in values.indices {
        var mixed = values
        mixed[index] = other[index]
        compare(a, schema.arguments(mixed), "\(schema.shapes[index].name) of seed \(seed)")
      }
      compare(a, schema.arguments(values.map(variant)), "-0 and decomposed strings, seed \(seed)")
    }
    return found
  }

  /// `value` with 0 as -0 and its strings in Unicode's decomposed form, nested lists included.
  static func variant(_ value: FieldValue) -> FieldValue {
    switch value {
    case .number(let number) where number == 0: return .number(-0.0)
    case .text(let text): return .text(text.decomposedStringWithCanonicalMapping)
    case .records(let records): return .records(records.map { $0.map(variant) })
    default: return value
    }
  }

  @Test("food items, exercise items, meals, logs and goals: every field, -0, and decomposed text")
  func agreesWithContentKey() throws {
    var found: [String] = []
    found += try Self.disagreements(Gen.validFoodItem, ModelSchemas.foodItem) { try $0.construct() }
    found += try Self.disagreements(Gen.validExerciseItem, ModelSchemas.exerciseItem) { try $0.construct() }
    found += try Self.disagreements(Gen.validCustomMeal, ModelSchemas.customMeal) { try $0.construct() }
    found += try Self.disagreements(Gen.validDailyLog, ModelSchemas.dailyLog) { try $0.construct() }
    found += try Self.disagreements(Gen.validUserGoal, ModelSchemas.userGoal) { try $0.construct() }
    let disagreements = found.count
    #expect(disagreements == 0, "\(found.prefix(5))")
  }

  @Test("a log's content counts its items' sync status, not its own")
  func nestedSyncStatus() throws {
    let log = try Gen.validDailyLog.generate(seed: 3).value.value
    var items = log
    guard !items.foodItems.isEmpty else { return }
    items.foodItems[0].syncStatus = items.foodItems[0].syncStatus == .synced ? .pendingUpload : .synced
    var own = log
    own.syncStatus = own.syncStatus == .synced ? .conflict : .synced
    let (base, itemChanged, ownChanged) = (try log.construct(), try items.construct(), try own.construct())
    #expect(!base.hasSameContent(as: itemChanged))
    #expect(base.hasSameContent(as: ownChanged))
  }
}
