import CountMeContract
import CountMeGenerators
import FirestoreCloud
import Generators
import PropertyHarness

/// The generators `countme-fuzz sample` can show, by name.
///
/// Each value in the encoding the corpus uses: every property's inputs under its id (`P2`), then the domain
/// generators.
public enum Samples {
  /// One generated value: its tags and its JSON.
  public struct Sample: Sendable {
    /// What the value is.
    public let tags: [String]
    /// The value in the corpus encoding.
    public let value: JSON
  }

  private static func model<A: JSONRepresentable & Sendable>(_ generator: Generator<Tagged<A>>) -> Generator<
    Sample
  > {
    generator.map { Sample(tags: $0.tags, value: $0.value.json) }
  }

  private static func documents(_ generator: Generator<Tagged<DocumentInput>>) -> Generator<Sample> {
    generator.map { Sample(tags: $0.tags, value: FirestoreREST.encode($0.value.document)) }
  }

  /// Every generator, by name, in the order `sample --list` prints them.
  public static let all: [(name: String, generator: Generator<Sample>)] = {
    var list: [(String, Generator<Sample>)] = Catalog.all.map { property in
      (property.id.description, property.sample.map { Sample(tags: $0.tags, value: $0.value) })
    }
    list += [
      ("FoodItem.valid", model(Gen.validFoodItem)), ("FoodItem.invalid", model(Gen.invalidFoodItem)),
      ("ExerciseItem.valid", model(Gen.validExerciseItem)),
      ("ExerciseItem.invalid", model(Gen.invalidExerciseItem)),
      ("Ingredient.valid", model(Gen.validIngredient)), ("Ingredient.invalid", model(Gen.invalidIngredient)),
      ("CustomMeal.valid", model(Gen.validCustomMeal)), ("CustomMeal.invalid", model(Gen.invalidCustomMeal)),
      ("DailyLog.valid", model(Gen.validDailyLog)), ("DailyLog.invalid", model(Gen.invalidDailyLog)),
      ("UserGoal.valid", model(Gen.validUserGoal)), ("UserGoal.invalid", model(Gen.invalidUserGoal)),
    ]
    for document in DocumentModel.allCases {
      list.append(("Document.\(document.rawValue).valid", documents(Gen.validDocument(document))))
      list.append(("Document.\(document.rawValue).corrupt", documents(Gen.corruptDocument(document))))
      list.append(("Document.\(document.rawValue).benign", documents(Gen.benignDocument(document))))
    }
    list.append(("SyncScenario", Gen.syncScenario().map { Sample(tags: ["SyncScenario"], value: $0.json) }))
    return list
  }()

  /// The generator called `name`, or nil.
  public static func generator(named name: String) -> Generator<Sample>? {
    all.first { $0.name == name }?.generator
  }

  /// Sample number `index` of generator `name` under `seed`: drawn from `Seed.derive(Seed.derive(seed, name), index)`.
  public static func sample(_ name: String, seed: UInt64, index: Int) -> Sample? {
    try? generator(named: name)?.generate(seed: Seed.derive(Seed.derive(seed, name), UInt64(index))).value
  }

  /// The line `sample` prints: `{"generator": …, "tags": […], "value": …}`.
  public static func line(_ name: String, _ sample: Sample) -> String {
    JSON.object([
      ("generator", .string(name)), ("tags", .array(sample.tags.map(JSON.string))), ("value", sample.value),
    ])
    .text()
  }
}
