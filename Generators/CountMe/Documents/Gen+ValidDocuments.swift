import CountMeContract
import CountMeCore
import FirestoreCloud
import Foundation
import Generators

extension Gen {
  /// A number as a client writes it: a Double, or for a whole number sometimes an integer.
  ///
  /// A number as a client writes it: a Double, or, for a whole number, sometimes an integer (as
  /// Android and web clients do). -0.0 stays a Double so its sign survives.
  static func number(_ value: Double) -> Generator<DocumentValue> {
    Generator { source in write(value, &source) }
  }

  /// `value` as a Double, or one time in four (for a whole number) as an integer; one draw.
  static func write(_ value: Double, _ source: inout ChoiceSource) -> DocumentValue {
    guard value.isFinite, value == value.rounded(), abs(value) <= 0x1p53, value.sign == .plus else {
      return .double(value)
    }
    return source.draw(upTo: 3) == 3 ? .integer(Int64(value)) : .double(value)
  }

  static func write(_ value: Double?, _ source: inout ChoiceSource) -> DocumentValue? {
    value.map { write($0, &source) }
  }

  /// A whole number as a client writes it: an integer, or sometimes a Double with no fraction.
  ///
  /// A whole number as a client writes it: an integer, or one time in four a Double with no fraction
  /// (as a client that keeps every number as a Double does); one draw.
  static func wholeNumber(_ value: Int64) -> Generator<DocumentValue> {
    Generator { source in writeWhole(value, &source) }
  }

  static func writeWhole(_ value: Int64, _ source: inout ChoiceSource) -> DocumentValue {
    source.draw(upTo: 3) == 3 ? .double(Double(value)) : .integer(value)
  }

  /// An id as a client writes it: as given (the app's upper-case `uuidString`), one time in five
  /// lower case.
  static func idString(_ id: String, _ source: inout ChoiceSource) -> DocumentValue {
    source.draw(upTo: 4) == 4 ? .string(id.lowercased()) : .string(id)
  }

  static func stamp(_ date: Date) -> DocumentValue { .timestamp(FirestoreTime.stamp(date)) }

  /// `document` as some client writes its numbers and ids.
  ///
  /// `document` as some client writes it: every Double field (nested ones too) through `write`, every
  /// integer through `writeWhole`, and every `id` upper or lower case.
  ///
  /// Draws in the document's field order.
  static func clientWritten(_ document: Document, _ source: inout ChoiceSource) -> Document {
    var written = Document()
    for field in document.fields {
      written[field.name] = clientWritten(field.value, key: field.name, &source)
    }
    return written
  }

  private static func clientWritten(_ value: DocumentValue, key: String, _ source: inout ChoiceSource)
    -> DocumentValue
  {
    switch value {
    case .double(let number): return write(number, &source)
    case .integer(let number): return writeWhole(number, &source)
    case .string(let text) where key == "id": return idString(text, &source)
    case .array(let items): return .array(items.map { clientWritten($0, key: "", &source) })
    case .map(let map): return .map(clientWritten(map, &source))
    default: return value
    }
  }

  /// A valid document of a model as some client writes it.
  ///
  /// Valid arguments, changed by `adjust`, given an owner (a model built in the app may have none; a document
  /// always has one, drawn after it), written by the model's schema.
  static func clientDocument<A>(
    _ valid: Generator<Tagged<A>>, _ schema: ModelSchema<A>, owner: WritableKeyPath<A, String> & Sendable,
    adjust: @escaping @Sendable (inout A, inout ChoiceSource) throws -> Void = { _, _ in }
  ) -> Generator<Document> {
    Generator { source in
      var arguments = try source.draw(valid).value
      try adjust(&arguments, &source)
      arguments[keyPath: owner] = try source.draw(ownerId)
      return clientWritten(schema.document(arguments), &source)
    }
  }

  /// A valid FoodItem document as some client writes it.
  static let foodItemDocument = clientDocument(validFoodItem, ModelSchemas.foodItem, owner: \.userId)

  /// A valid ExerciseItem document as some client writes it.
  static let exerciseItemDocument = clientDocument(
    validExerciseItem, ModelSchemas.exerciseItem, owner: \.userId)

  /// A valid CustomMeal document, with `extraIngredients` more ingredients than a meal usually has.
  static func customMealDocument(extraIngredients: ClosedRange<Int> = 0...0) -> Generator<Document> {
    let extra = array(of: validIngredient.map(\.value), count: extraIngredients, averageExtra: 0)
    return clientDocument(validCustomMeal, ModelSchemas.customMeal, owner: \.userId) { meal, source in
      meal.ingredients += try source.draw(extra)
    }
  }

  /// A valid DailyLog document: its items' ids (and `extraIds` more) and its total.
  static func dailyLogDocument(extraIds: ClosedRange<Int> = 0...0) -> Generator<Document> {
    let ids = array(of: uuid.map(\.uuidText), count: extraIds, averageExtra: 0)
    return Generator { source in
      var log = try source.draw(validDailyLog).value
      log.userId = try source.draw(ownerId)
      var document = ModelSchemas.dailyLog.document(log)
      if case .array(let listed)? = document["foodItemIds"] {
        document["foodItemIds"] = .array(listed + (try source.draw(ids)).map(DocumentValue.string))
      }
      return clientWritten(document, &source)
    }
  }

  /// A valid UserGoal document as some client writes it.
  static let userGoalDocument = clientDocument(validUserGoal, ModelSchemas.userGoal, owner: \.userId)

  static let mealDocument = customMealDocument()
  static let logDocument = dailyLogDocument()

  static func document(of model: DocumentModel) -> Generator<Document> {
    switch model {
    case .foodItem: return foodItemDocument
    case .exerciseItem: return exerciseItemDocument
    case .customMeal: return mealDocument
    case .dailyLog: return logDocument
    case .userGoal: return userGoalDocument
    }
  }

  /// Valid documents of `model` as the app writes them, tagged `Document.<Model>.valid`.
  package static func validDocument(_ model: DocumentModel) -> Generator<Tagged<DocumentInput>> {
    document(of: model).map { document in
      Tagged(
        DocumentInput(model: model, document: document, expectation: .accepted),
        tags: ["Document.\(model.rawValue).valid"])
    }
  }
}
