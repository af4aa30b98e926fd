import CountMeCore
import FirestoreCloud
import Testing

@testable import CountMeGenerators
@testable import Generators

@Suite("Coverage: in 10,000 cases every tag of each invalid generator appears")
struct CoverageTests {
  static func modelTags(_ model: String, _ rules: [(field: String, kinds: [ValidationRule])]) -> [String] {
    rules.flatMap { rule in rule.kinds.map { Violation(model: model, field: rule.field, kind: $0).tag } }
  }

  static let modelCases: [(String, Generator<[String]>, [String])] = [
    ("FoodItem", Gen.invalidFoodItem.map(\.tags), modelTags("FoodItem", Gen.foodRules)),
    ("ExerciseItem", Gen.invalidExerciseItem.map(\.tags), modelTags("ExerciseItem", Gen.exerciseRules)),
    ("Ingredient", Gen.invalidIngredient.map(\.tags), modelTags("Ingredient", Gen.ingredientRules)),
    ("CustomMeal", Gen.invalidCustomMeal.map(\.tags), modelTags("CustomMeal", Gen.mealRules)),
    (
      "DailyLog", Gen.invalidDailyLog.map(\.tags),
      modelTags("DailyLog", [("dailyGoal", BreakPlan.rangeKinds)])
    ),
    ("UserGoal", Gen.invalidUserGoal.map(\.tags), modelTags("UserGoal", Gen.userGoalRules)),
  ]

  @Test("invalid model inputs reach every rule of requirements 1–5 and DESIGN.md", arguments: 0..<6)
  func models(index: Int) {
    let (name, generator, expected) = Self.modelCases[index]
    let seen = Set(
      (0..<10_000).flatMap { (try? generator.generate(seed: Seed.derive(1, UInt64($0))).value) ?? [] })
    let missing = expected.filter { !seen.contains($0) }
    #expect(missing == [], "\(name) never generated \(missing)")
    #expect(expected.count >= 2)
  }

  @Test(
    "corrupted documents reach every corruption kind, ingredient-level included",
    arguments: DocumentModel.allCases)
  func documents(model: DocumentModel) {
    let expected = Self.corruptionTags(model)
    let statistics = Gen.statistics(of: Gen.corruptDocument(model), cases: 10_000, seed: 2)
    let missing = expected.filter { statistics.count(of: $0) == 0 }
    #expect(missing == [], "never generated \(missing)")
    #expect(
      statistics.counts.count == expected.count, "tags outside the catalogue: \(statistics.counts.map(\.tag))"
    )
  }

  /// The tag of every corruption of `model`'s documents, from the schema's catalogue of them.
  static func corruptionTags(_ model: DocumentModel) -> [String] {
    var expected = ModelSchemas.specs(of: model).flatMap(DocumentCorruption.all(of:)).map {
      "Document.\(model.rawValue).corrupt.\($0.tag)"
    }
    if model == .customMeal {
      expected += ModelSchemas.ingredient.specs.flatMap(DocumentCorruption.all(of:)).map {
        "Document.CustomMeal.corrupt.ingredient.\($0.tag)"
      }
      expected.append("Document.CustomMeal.corrupt.ingredient.notMap")
    }
    return expected
  }

  @Test("corrupted documents of any model: every corruption of every model equally likely")
  func anyModel() {
    let tags = DocumentModel.allCases.map(Self.corruptionTags)
    let total = tags.map(\.count).reduce(0, +)
    let cases = total * 25
    let statistics = Gen.statistics(of: Gen.anyCorruptDocument, cases: cases, seed: 4)
    for (model, expected) in zip(DocumentModel.allCases, tags) {
      let seen = expected.map { statistics.count(of: $0) }.reduce(0, +)
      let share = Double(expected.count) / Double(total)
      // 25 cases a corruption: a model's count is within a few percent of its share (2.8 % for the
      // goal's 48 corruptions, one standard deviation); drawing the model first was off by 2.2×.
      #expect(
        abs(Double(seen) / Double(cases) - share) < share * 0.1,
        "\(model): \(seen) of \(cases) cases, a share of \(share) expected")
    }
    #expect(statistics.counts.count == total, "every corruption, and only those")
  }

  @Test("statistics count each tag, sorted by tag")
  func statistics() {
    let statistics = Gen.statistics(of: Gen.benignDocument(.exerciseItem), cases: 500, seed: 3)
    #expect(statistics.cases == 500 && statistics.discards == 0)
    #expect(statistics.counts.map(\.tag) == statistics.counts.map(\.tag).sorted())
    #expect(statistics.counts.reduce(0) { $0 + $1.count } == 500)
    #expect(statistics.count(of: "Document.ExerciseItem.benign.unknownExerciseType") > 0)
  }
}
