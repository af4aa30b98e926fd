import FirestoreCloud
import Generators

extension Gen {
  /// Documents of `model` with exactly one corruption, tagged `Document.<Model>.corrupt.<kind>`.
  ///
  /// A required field missing or null; a wrong type (String for number, Bool for number, number for String,
  /// map or array where a scalar belongs; a fraction or non-finite number where a whole number belongs); an
  /// out-of-range or non-finite number; an empty or invisible string; a malformed UUID; a malformed or
  /// out-of-range timestamp; an unknown enum raw value; and for CustomMeal, an empty ingredients array or the
  /// same corruptions inside one ingredient (`…corrupt.ingredient.<kind>`, or `…ingredient.notMap`).
  ///
  /// The expectation says which error `fromFirestoreData` must throw, for which field path.
  package static func corruptDocument(_ model: DocumentModel) -> Generator<Tagged<DocumentInput>> {
    let corruptions = documentCorruptions(model)
    let ingredientCorruptions = self.ingredientCorruptions
    let options = count(corruptions, of: model)
    return Generator { source in
      var document = try document(of: model).run(&source)
      let choice = Int(source.draw(upTo: UInt64(options - 1)))
      let tag: String, expectation: DocumentExpectation
      if choice < corruptions.count {
        let (field, corruption) = corruptions[choice]
        document[field] = try corruption.replacement.run(&source)
        tag = corruption.tag
        expectation = corruption.expectation(field)
      } else {
        let (field, corruption) = ingredientCorruptions[choice - corruptions.count]
        guard case .array(var ingredients)? = document["ingredients"], !ingredients.isEmpty else {
          preconditionFailure("a valid meal document has ingredients")
        }
        let index = Int(source.draw(upTo: UInt64(ingredients.count - 1)))
        let path = "ingredients[\(index)]"
        if let field, case .map(var map) = ingredients[index] {
          map[field] = try corruption.replacement.run(&source)
          ingredients[index] = .map(map)
          expectation = corruption.expectation("\(path).\(field)")
        } else {
          ingredients[index] = try corruption.replacement.run(&source) ?? .null
          expectation = corruption.expectation(path)
        }
        document["ingredients"] = .array(ingredients)
        tag = "ingredient.\(corruption.tag)"
      }
      return Tagged(
        DocumentInput(model: model, document: document, expectation: expectation),
        tags: ["Document.\(model.rawValue).corrupt.\(tag)"])
    }
  }

  /// A corrupt document of any model, every corruption of every model equally likely.
  ///
  /// A corrupt document of any model, every corruption of every model equally likely (so a model
  /// with more fields comes up more often), tagged as `corruptDocument` tags it: each rule a
  /// decoder enforces gets the same share of the cases, where drawing the model first gave a meal's
  /// rules (about 170 of them) a third of the share of a goal's (about 50).
  package static let anyCorruptDocument: Generator<Tagged<DocumentInput>> = frequency(
    DocumentModel.allCases.map { (corruptionCount($0), corruptDocument($0)) })

  /// How many corruptions `corruptDocument(model)` chooses among: every corruption of every field,
  /// and for a meal, every one inside an ingredient.
  static func corruptionCount(_ model: DocumentModel) -> Int { count(documentCorruptions(model), of: model) }

  /// How many corruptions a document of `model` whose fields have `corruptions` has: those, and for
  /// a meal, every one inside an ingredient.
  private static func count(_ corruptions: [(String, DocumentCorruption)], of model: DocumentModel) -> Int {
    corruptions.count + (model == .customMeal ? ingredientCorruptions.count : 0)
  }

  /// Every corruption of every field of `model`, with the field's name.
  private static func documentCorruptions(_ model: DocumentModel) -> [(String, DocumentCorruption)] {
    ModelSchemas.specs(of: model).flatMap { spec in DocumentCorruption.all(of: spec).map { (spec.name, $0) } }
  }

  /// Inside one ingredient: every corruption of every ingredient field, or the element not a map
  /// (no field).
  private static let ingredientCorruptions: [(String?, DocumentCorruption)] = {
    let notMap = DocumentCorruption(
      "notMap", DocumentExpectation.wrongType,
      oneOf([element(of: [DocumentValue.string("oats"), .integer(1), .null]), geoPointValue, bytesValue]).map
      { $0 })
    let fields: [(String?, DocumentCorruption)] = ModelSchemas.ingredient.specs.flatMap { spec in
      DocumentCorruption.all(of: spec).map { (spec.name, $0) }
    }
    return fields + [(nil, notMap)]
  }()
}
