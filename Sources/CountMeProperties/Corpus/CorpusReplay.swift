import CountMeCore
import Foundation
import Generators
import PropertyHarness

/// Replays corpus cases against an implementation.
public enum CorpusReplay {
  /// The outcome of one case.
  public struct Outcome: Sendable {
    public let passed: Bool
    public let observed: String
  }

  /// Runs `corpusCase` against `system` and compares with its expectation.
  public static func run(_ corpusCase: CorpusCase, on system: some SystemUnderTest = ReferenceSystem())
    -> Outcome
  {
    let observation = observe(corpusCase, system)
    return Outcome(passed: meets(observation, corpusCase), observed: observation.description)
  }

  /// What `system` does with the case's input now (what `corpus add` records when no expectation is given).
  public static func currentExpectation(
    _ corpusCase: CorpusCase, on system: some SystemUnderTest = ReferenceSystem()
  ) -> CorpusExpectation? {
    observe(corpusCase, system).expectation
  }

  private static func meets(_ observation: Observation, _ corpusCase: CorpusCase) -> Bool {
    switch (corpusCase.expect, observation) {
    case (.accepted, .accepted), (.holds, .holds): return true
    case (.rejected(let error, let field), .rejected(let seenError, let seenField, _)):
      return error == seenError && field == seenField
    default: return false
    }
  }

  private static func observe(_ corpusCase: CorpusCase, _ system: some SystemUnderTest) -> Observation {
    let input: CorpusInput
    do {
      input = try CorpusInput(corpusCase)
    } catch {
      return .broke("the input cannot be read: \(error)")
    }
    switch input {
    case .foodItem(let arguments): return construct(arguments, system.makeFoodItem)
    case .exerciseItem(let arguments): return construct(arguments, system.makeExerciseItem)
    case .ingredient(let arguments): return construct(arguments, system.makeIngredient)
    case .customMeal(let arguments): return construct(arguments, system.makeCustomMeal)
    case .dailyLog(let arguments): return construct(arguments, system.makeDailyLog)
    case .document(let document, let model): return decode(document, model, system)
    case .simulation(let simulation, let corruption):
      return simulate(simulation, corruption, property: corpusCase.property, system)
    }
  }

  private static func construct<A: JSONRepresentable>(_ arguments: A, _ make: (A) throws -> A) -> Observation
  {
    do {
      let made = try make(arguments)
      if let difference = JSONDifference.first(expected: arguments.json, actual: made.json) {
        return .broke("accepted, but the model differs from its arguments at \(difference)")
      }
      return .accepted(made.json)
    } catch let error as ValidationError {
      let name = String("\(error)".prefix { $0 != "(" })
      return .rejected(error: name, field: error.field, detail: error.errorDescription ?? "")
    } catch {
      return .broke("threw \(ModelProperties.describe(error))")
    }
  }

  private static func decode(_ document: Document, _ model: DocumentModel, _ system: some SystemUnderTest)
    -> Observation
  {
    do {
      let decoded = try system.decode(model, document.dictionary)
      if let difference = JSONDifference.first(
        expected: DocumentOracle.expected(document, model: model), actual: decoded.json)
      {
        return .broke("accepted, but the decoded \(model.rawValue) differs at \(difference)")
      }
      return .accepted(decoded.json)
    } catch let error as SyncError {
      switch error {
      case .missingField(_, let field):
        return .rejected(error: "missingField", field: field, detail: "\(error)")
      case .wrongType(_, let field, _): return .rejected(error: "wrongType", field: field, detail: "\(error)")
      case .invalidData(let reason):
        // The field is the path after "<Model>." up to the first ":" or space.
        let path = reason.dropFirst(model.rawValue.count + 1).prefix { $0 != ":" && $0 != " " }
        return reason.hasPrefix(model.rawValue + ".")
          ? .rejected(error: "invalidData", field: String(path), detail: reason)
          : .broke("invalidData with a reason that names no \(model.rawValue) field: \(reason)")
      default: return .broke("threw \(error)")
      }
    } catch {
      return .broke("threw \(ModelProperties.describe(error))")
    }
  }

  private static func simulate(
    _ input: SimulationInput, _ corruption: Corruption?, property: Int,
    _ system: some SystemUnderTest
  ) -> Observation {
    let simulation = SyncSimulator.run(
      input, system: system, corruption: corruption, checkPersistence: property == 21)
    guard let problem = simulation.problems.first(where: { $0.property == property }) else { return .holds }
    return .broke("P\(property) broken at step \(problem.step + 1): \(problem.message)")
  }
}

/// A corpus case's input, read into its property's input type: the one place that decides how a
/// property's input is encoded.
enum CorpusInput {
  case foodItem(FoodItemArguments)
  case exerciseItem(ExerciseItemArguments)
  case ingredient(IngredientArguments)
  case customMeal(CustomMealArguments)
  case dailyLog(DailyLogArguments)
  case document(Document, DocumentModel)
  case simulation(SimulationInput, Corruption?)

  /// - Throws: `InputDecodingError` or `FirestoreREST.DecodingError` naming the path of the problem.
  init(_ corpusCase: CorpusCase) throws {
    let json = corpusCase.input
    switch corpusCase.property {
    case 1, 2: self = .foodItem(try FoodItemArguments(json: json))
    case 3, 4: self = .exerciseItem(try ExerciseItemArguments(json: json))
    case 5, 6: self = .ingredient(try IngredientArguments(json: json))
    case 7, 8: self = .customMeal(try CustomMealArguments(json: json))
    case 9, 10: self = .dailyLog(try DailyLogArguments(json: json))
    case 11, 12:
      guard let model = corpusCase.model else {
        throw InputDecodingError(path: "case.model", problem: "a document case names its model")
      }
      self = .document(try FirestoreREST.decodeDocument(json), model)
    default:
      let corruption = try json["corruption"].flatMap { $0 == .null ? nil : try Corruption(json: $0) }
      self = .simulation(try SimulationInput(json: json), corruption)
    }
  }
}
