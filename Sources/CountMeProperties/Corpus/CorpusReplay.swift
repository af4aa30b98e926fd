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
  public static func run(_ corpusCase: CorpusCase, on system: some SystemUnderTest = ReferenceSystem()) -> Outcome {
    let observation = observe(corpusCase, system)
    return Outcome(passed: meets(observation, corpusCase), observed: observation.description)
  }

  /// What `system` does with the case's input now (what `corpus add` records when no expectation is given).
  public static func currentExpectation(_ corpusCase: CorpusCase, on system: some SystemUnderTest = ReferenceSystem()) -> CorpusExpectation? {
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
    do {
      switch corpusCase.property {
      case 1, 2: return construct(try FoodItemArguments(json: corpusCase.input), system.makeFoodItem)
      case 3, 4: return construct(try ExerciseItemArguments(json: corpusCase.input), system.makeExerciseItem)
      case 5, 6: return construct(try IngredientArguments(json: corpusCase.input), system.makeIngredient)
      case 7, 8: return construct(try CustomMealArguments(json: corpusCase.input), system.makeCustomMeal)
      case 9, 10: return construct(try DailyLogArguments(json: corpusCase.input), system.makeDailyLog)
      case 11, 12:
        guard let model = corpusCase.model else { return .broke("no model") }
        return decode(try FirestoreREST.decodeDocument(corpusCase.input), model, system)
      default:
        return simulate(corpusCase, system)
      }
    } catch {
      return .broke("the input cannot be read: \(error)")
    }
  }

  private static func construct<A: JSONRepresentable>(_ arguments: A, _ make: (A) throws -> A) -> Observation {
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

  private static func decode(_ document: Document, _ model: DocumentModel, _ system: some SystemUnderTest) -> Observation {
    do {
      let decoded = try system.decode(model, document.dictionary)
      if let difference = JSONDifference.first(expected: DocumentOracle.expected(document, model: model), actual: decoded.json) {
        return .broke("accepted, but the decoded \(model.rawValue) differs at \(difference)")
      }
      return .accepted(decoded.json)
    } catch let error as SyncError {
      switch error {
      case .missingField(_, let field): return .rejected(error: "missingField", field: field, detail: "\(error)")
      case .wrongType(_, let field, _): return .rejected(error: "wrongType", field: field, detail: "\(error)")
      case .invalidData(let reason):
        // The field is the path after "<Model>." up to the first ":" or space.
        let path = reason.dropFirst(model.rawValue.count + 1).prefix { $0 != ":" && $0 != " " }
        return reason.hasPrefix(model.rawValue + ".") ? .rejected(error: "invalidData", field: String(path), detail: reason)
          : .broke("invalidData with a reason that names no \(model.rawValue) field: \(reason)")
      default: return .broke("threw \(error)")
      }
    } catch {
      return .broke("threw \(ModelProperties.describe(error))")
    }
  }

  private static func simulate(_ corpusCase: CorpusCase, _ system: some SystemUnderTest) -> Observation {
    do {
      let input = try SimulationInput(json: corpusCase.input)
      let corruption = try corpusCase.input["corruption"].flatMap { $0 == .null ? nil : try Corruption(json: $0) }
      let simulation = SyncSimulator.run(input, system: system, corruption: corruption, checkPersistence: corpusCase.property == 21)
      guard let problem = simulation.problems.first(where: { $0.property == corpusCase.property }) else { return .holds }
      return .broke("P\(corpusCase.property) broken at step \(problem.step + 1): \(problem.message)")
    } catch {
      return .broke("the input cannot be read: \(error)")
    }
  }
}
