import CountMeContract
import Testing

@testable import CountMeGenerators
@testable import Generators

@Suite("CountMe's generators shrink through their choices")
struct DomainShrinkingTests {
  @Test(
    "(a) 'calories ≤ 40,000' shrinks to calories within 1.0 above 40,000, optionals nil, a one-character name",
    arguments: Array(1...8) as [UInt64])
  func foodItemCalories(seed: UInt64) throws {
    let fails: (Tagged<FoodItemArguments>) -> Bool = { $0.value.calories > 40_000 }
    let original = try Gen.validFoodItem.firstFailure(seed: seed, fails)
    let result = try Shrinker.shrink(Gen.validFoodItem, from: original.choices, fails: fails)
    let item = result.value.value
    #expect(
      item.calories > 40_000 && item.calories <= 40_001,
      "seed \(seed): calories \(item.calories) from \(original.value.value.calories), choices \(result.choices.prefix(12))"
    )
    #expect(item.servingSize == nil && item.servingUnit == nil, "seed \(seed)")
    #expect(item.protein == nil && item.carbohydrates == nil && item.fats == nil, "seed \(seed)")
    #expect(item.name.count == 1, "seed \(seed): name \(item.name.debugDescription)")
    #expect(result.steps > 0 && result.runs >= result.steps && !result.exhaustedBudget)
  }

  @Test(
    "(c) a scenario failing on two enqueues of one entity shrinks to exactly those two steps",
    arguments: Array(1...8) as [UInt64])
  func scenario(seed: UInt64) throws {
    func enqueued(_ step: SyncScenario.Step) -> String? {
      if case .enqueue(_, let entity, let type) = step { return "\(type)#\(entity)" }
      return nil
    }
    let fails: (SyncScenario) -> Bool = { scenario in
      let entities = scenario.steps.compactMap(enqueued)
      return Set(entities).count < entities.count
    }
    let generator = Gen.syncScenario(length: 0...200, averageLength: 40)
    let original = try generator.firstFailure(seed: seed, fails)
    let result = try Shrinker.shrink(generator, from: original.choices, fails: fails)
    let steps = result.value.steps
    #expect(steps.count == 2, "seed \(seed): \(steps) from \(original.value.steps.count) steps")
    #expect(steps.count == 2 && enqueued(steps[0]) != nil && enqueued(steps[0]) == enqueued(steps[1]))
  }

  @Test("a shrunk value is one the generator produces from the shrunk choices")
  func shrunkIsReproducible() throws {
    let generator = Gen.invalidCustomMeal
    let fails: (Tagged<CustomMealArguments>) -> Bool = { $0.value.ingredients.count > 2 }
    let original = try generator.firstFailure(fails)
    let result = try Shrinker.shrink(generator, from: original.choices, fails: fails)
    let replayed = try generator.replay(result.choices).value
    #expect(replayed.value == result.value.value && replayed.tags == result.value.tags)
    #expect(result.value.value.ingredients.count == 3)
  }
}
