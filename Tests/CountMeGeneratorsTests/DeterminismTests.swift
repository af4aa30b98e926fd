import CountMeContract
import CountMeCore
import FirestoreCloud
import Foundation
import Testing

@testable import CountMeGenerators
@testable import Generators

/// FNV-1a over the canonical choices and the rendering of `cases` values of `generator`.
func digest<V>(_ generator: Generator<V>, cases: Int = 300, seed: UInt64 = 2026, render: (V) -> String)
  -> String
{
  var hash = FNV1a.offsetBasis
  func mix(_ bytes: some Sequence<UInt8>) { hash = FNV1a.hash(bytes, continuing: hash) }
  for index in 0..<cases {
    guard let generated = try? generator.generate(seed: Seed.derive(seed, UInt64(index))) else {
      mix("discarded".utf8)
      continue
    }
    for choice in generated.choices { mix(withUnsafeBytes(of: choice.littleEndian) { Array($0) }) }
    mix(render(generated.value).utf8)
  }
  return Seed.format(hash)
}

/// A rendering of a document that shows every field, in order, and every double's bits.
func render(_ value: DocumentValue) -> String {
  switch value {
  case .null: return "null"
  case .boolean(let value): return "\(value)"
  case .integer(let value): return "i\(value)"
  case .double(let value): return "d\(value.bitPattern)"
  case .string(let value): return "s\(value.unicodeScalars.map { String($0.value) }.joined(separator: ","))"
  case .timestamp(let value): return "t\(value.seconds).\(value.nanoseconds)"
  case .array(let values): return "[\(values.map(render).joined(separator: ";"))]"
  case .map(let document): return render(document)
  case .bytes(let data): return "b\(Array(data))"
  case .reference(let reference):
    return "r\(reference.path.unicodeScalars.map { String($0.value) }.joined(separator: ","))"
  case .geoPoint(let point): return "g\(point.latitude.bitPattern),\(point.longitude.bitPattern)"
  }
}

func render(_ document: Document) -> String {
  "{\(document.fields.map { "\($0.name)=\(render($0.value))" }.joined(separator: ";"))}"
}

/// A step by its case and raw values, independent of how Swift names the types involved.
func render(_ step: SyncScenario.Step) -> String {
  switch step {
  case .enqueue(let kind, let entity, let type): return "enqueue(\(kind.rawValue),\(entity),\(type.rawValue))"
  case .advanceTime(let seconds): return "advanceTime(\(seconds))"
  case .process: return "process"
  case .goOffline: return "goOffline"
  case .goOnline: return "goOnline"
  case .signOut: return "signOut"
  case .signIn: return "signIn"
  case .restart: return "restart"
  case .upgrade(let capacity, let retries): return "upgrade(\(capacity),\(retries))"
  case .retryFailed(let operation): return "retryFailed(\(operation))"
  case .remove(let operation): return "remove(\(operation))"
  }
}

@Suite("Determinism: a fixed seed gives fixed values, in every process")
struct DeterminismTests {
  @Test("golden values: integers, doubles, names, tags")
  func goldenValues() throws {
    func first<V>(_ generator: Generator<V>, _ count: Int) throws -> [V] {
      try (0..<count).map { try generator.generate(seed: Seed.derive(2026, UInt64($0))).value }
    }
    #expect(try first(Gen.int(in: 0...1_000), 5) == [170, 693, 798, 97, 201])
    #expect(
      try first(Gen.double(in: 0...50_000), 6)
        == [31260.0, 37134.52123239273, 26045.200835668948, 31151.0, 24576.0, 15634.56417957162])
    #expect(try first(Gen.visibleName, 4) == ["œ", "क्षP'dー", "&", "ñメ🇯🇵Ds ,&d"])
    #expect(
      try first(Gen.invalidFoodItem, 4).map(\.tags) == [
        ["FoodItem.invalid.name.empty"], ["FoodItem.invalid.carbohydrates.negative"],
        ["FoodItem.invalid.carbohydrates.nonFinite"], ["FoodItem.invalid.name.empty"],
      ])
    let corruptTags = try first(Gen.corruptDocument(.customMeal), 4).map(\.tags)
    #expect(
      corruptTags == [
        ["Document.CustomMeal.corrupt.ingredient.wrongType.unit.bool"],
        ["Document.CustomMeal.corrupt.ingredient.wrongType.protein.string"],
        ["Document.CustomMeal.corrupt.ingredient.wrongType.id.geoPoint"],
        ["Document.CustomMeal.corrupt.missing.lastModified"],
      ], "\(corruptTags)")
    let food = try Gen.validFoodItem.generate(seed: 2026).value.value
    #expect(food.id.uuidString == "4DB8EB45-708E-8840-35AC-B81F203C3ECA")
    #expect(food.calories == 26386.81575361581 && food.timestamp.timeIntervalSince1970 == 1_585_747_618.744)
    #expect(food.protein == nil && food.userId == "")
  }

  static let digests: [(String, @Sendable () -> String)] = [
    ("validFoodItem", { digest(Gen.validFoodItem) { "\($0.value)" } }),
    ("invalidIngredient", { digest(Gen.invalidIngredient) { "\($0.value)\($0.tags)" } }),
    ("invalidCustomMeal", { digest(Gen.invalidCustomMeal) { "\($0.value)\($0.tags)" } }),
    ("validDailyLog", { digest(Gen.validDailyLog) { "\($0.value)" } }),
    (
      "corruptMealDocument",
      { digest(Gen.corruptDocument(.customMeal)) { render($0.value.document) + "\($0.tags)" } }
    ),
    ("benignLogDocument", { digest(Gen.benignDocument(.dailyLog), cases: 50) { render($0.value.document) } }),
    ("syncScenario", { digest(Gen.syncScenario()) { $0.steps.map(render).joined(separator: ",") } }),
  ]

  @Test(
    "a source that records nothing draws the same values, so a failure found without recording regenerates")
  func unrecordedDrawsTheSame() throws {
    for index in 0..<200 {
      let seed = Seed.derive(2026, UInt64(index))
      let generator = Gen.invalidCustomMeal
      let recorded = try? generator.generate(seed: seed)
      let light = try? generator.generate(seed: seed, recording: false)
      #expect(
        recorded.map { "\($0.value.value)\($0.value.tags)" }
          == light.map { "\($0.value.value)\($0.value.tags)" })
      #expect(light.map { $0.choices.isEmpty && $0.spans.isEmpty } ?? true)
      #expect(recorded?.rejections == light?.rejections)
    }
    let scenario = Gen.syncScenario()
    for index in 0..<50 {
      let seed = Seed.derive(7, UInt64(index))
      let steps = { (recording: Bool) in
        (try? scenario.generate(seed: seed, recording: recording))?.value.steps.map(render)
      }
      #expect(steps(true) == steps(false))
    }
  }

  @Test("past the draws' limit every draw is 0, recording or not")
  func unrecordedDrawsStopAtTheLimit() {
    let limit = ChoiceSource.maxChoices
    let tail = { (recording: Bool) -> [UInt64] in
      var source = ChoiceSource(seed: 0x11_417, recording: recording)
      for _ in 0..<(limit - 2) { _ = source.draw(upTo: .max) }
      return (0..<4).map { _ in source.draw(upTo: .max) }
    }
    let recorded = tail(true)
    #expect(recorded == tail(false))
    #expect(recorded[0] != 0 && recorded[1] != 0 && recorded[2...] == [0, 0])
  }

  // NB: a render of a value holding other structs (a meal's ingredients, a log's items) prints
  // their module-qualified type names, so the arguments' move to CountMeContract moved two digests;
  // with "CountMeContract." read as "Generators." they were the earlier ones, value for value.
  @Test(
    "digests of 300 cases match the pinned ones, so every process and platform agrees",
    arguments: zip(
      0..<7,
      [
        "1f219c7a1a08c711", "9e13d193628faadd", "f39266fcd084b0ec", "c70b761038fe26a1", "55050f5ac45b0e65",
        "4194a1cbfbb32253", "94e7489058178770",
      ]))
  func pinnedDigests(index: Int, expected: String) {
    let (name, compute) = Self.digests[index]
    let first = compute()
    #expect(first == compute(), "\(name): two runs in one process differ")
    #expect(first == expected, "\(name): digest \(first)")
  }
}
