import CountMeProperties
import Generators
import PropertyHarness
import Testing

@testable import Mutants

@Suite("Mutants: the gate has teeth")
struct MutantsTests {
  /// The property that kills each mutant first in the kill matrix (`countme-fuzz mutants`).
  static let killers: [String: Int] = [
    "calories-max-exclusive": 1, "calories-allow-one-more": 2, "quantity-allows-zero": 6,
    "quantity-minimum-one": 5,
    "duration-max-1439": 3, "duration-max-1441": 4, "name-not-trimmed": 2, "name-ascii-spaces-trimmed": 2,
    "invisible-name-accepted": 2, "fats-never-checked": 2, "macros-only-when-all-present": 2,
    "nan-calories-accepted": 2,
    "wrong-error-above-max": 2, "servings-allow-zero": 8, "empty-ingredients-accepted": 8,
    "goal-max-exclusive": 9,
    "negative-goal-accepted": 10, "ingredient-macros-unchecked": 6, "exercise-name-unchecked": 4,
    "meal-drops-last-ingredient": 7, "calories-rounded": 1, "decoder-skips-calories-range": 11,
    "decoder-skips-ingredient-quantity": 11, "decoder-accepts-empty-ingredients": 11,
    "decoder-rejects-integers": 12,
    "decoder-accepts-bool-as-number": 11, "decoder-drops-wrong-type-optional": 11,
    "decoder-rewrites-unknown-exercise-type": 12, "decoder-ignores-owner": 11, "decoder-drops-protein": 12,
    "queue-no-capacity-check": 13,
    "queue-drops-newest": 13, "queue-no-deduplication": 15, "queue-success-removes-by-entity": 16,
    "queue-stops-at-first-failure": 14, "queue-retries-forever": 18, "queue-backoff-uncapped": 18,
    "queue-backoff-linear": 18, "queue-retries-permanent-errors": 18, "queue-ignores-offline": 17,
    "queue-generic-last-error": 18, "queue-forgets-superseded": 15, "queue-retry-ignores-newer": 19,
    "queue-timeout-counts-as-success": 20, "queue-persistence-drops-last": 21,
  ]

  @Test("at least 30 mutants, with unique names, and every property 1–21 kills one of them")
  func catalog() {
    let names = MutantCatalog.all.map(\.name)
    #expect(names.count >= 30 && Set(names).count == names.count)
    #expect(Set(names) == Set(Self.killers.keys))
    #expect(Set(Self.killers.values) == Set(1...21))
  }

  @Test(
    "the default budget kills each mutant at seeds other than the default",
    arguments: MutantCatalog.all.map(\.name))
  func killedAtOtherSeeds(name: String) throws {
    let mutant = try #require(MutantCatalog.named(name))
    let killer = try #require(Self.killers[name])
    for seed in [1, 2, 0xDEC0DE] as [UInt64] {
      let kill = MutationTesting.firstKill(
        mutant, seed: seed, cases: mutant.layer.defaultCases(for: killer), order: [killer])
      #expect(kill?.property == killer, "\(name) survived P\(killer) at seed \(Seed.format(seed))")
    }
  }

  @Test("the reference is not a mutant: it survives every property its mutants die of")
  func referencePasses() {
    let report = Catalog.run(properties: [1, 2, 6, 11, 16, 18], settings: RunSettings(seed: 1, cases: 300))
    #expect(report.passed, "\(report.failed.map(\.number))")
  }

  func shrunk(_ name: String, property: Int, seed: UInt64 = 0xC0FFEE) throws -> FailureReport {
    let mutant = try #require(MutantCatalog.named(name))
    let report = Catalog.run(
      mutant.system, properties: [property], settings: RunSettings(seed: seed, variant: name))
    return try #require(report.properties.first?.failure, "\(name) was not killed by P\(property)")
  }

  @Test("the off-by-one at 50,000 shrinks to calories 50,001 with every optional nil and a one-letter name")
  func caloriesShrink() throws {
    let failure = try shrunk("calories-allow-one-more", property: 2)
    let input = failure.counterexample
    #expect(input["calories"] == .double(50_001) && input["name"] == .string("a"))
    for field in ["servingSize", "servingUnit", "protein", "carbohydrates", "fats"] {
      #expect(input[field] == .null, "\(field)")
    }
    #expect(failure.token.variant == "calories-allow-one-more")
    #expect(failure.token.description.hasSuffix("@calories-allow-one-more"))
  }

  @Test("quantity >= 0 shrinks to quantity exactly 0 in grams")
  func quantityShrink() throws {
    let failure = try shrunk("quantity-allows-zero", property: 6)
    #expect(
      failure.counterexample["quantity"] == .double(0) && failure.counterexample["unit"] == .string("g"))
    #expect(
      failure.counterexample["name"] == .string("a")
        && failure.tags == ["Ingredient.invalid.quantity.nonPositive"])
  }

  @Test("a duration capped at 1,439 shrinks to exactly 1,440 minutes, zero calories")
  func durationShrink() throws {
    let failure = try shrunk("duration-max-1439", property: 3)
    #expect(failure.counterexample["durationMinutes"] == .double(1_440))
    #expect(
      failure.counterexample["caloriesBurned"] == .double(0) && failure.counterexample["name"] == .string("a")
    )
  }

  @Test("success removing by entity id shrinks to enqueue, process, enqueue of one entity")
  func lostUpdateShrink() throws {
    let failure = try shrunk("queue-success-removes-by-entity", property: 16, seed: 1)
    guard case .array(let steps)? = failure.counterexample["steps"] else {
      Issue.record("no steps")
      return
    }
    #expect(steps.count == 3, "\(failure.counterexample.text())")
    #expect(steps.count == 3 && steps[1] == .string("process") && steps[0] == steps[2])
  }
}
