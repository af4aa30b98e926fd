import CountMeContract
import CountMeCore

@testable import CountMeGenerators
@testable import Generators

/// Runs `body` on `cases` values of `generator`, case `i` from `Seed.derive(seed, i)`, and records
/// the first few failures with the seed and case that reproduce them.
func forEachCase<V>(
  of generator: Generator<V>, cases: Int = 10_000, seed: UInt64 = 0x5EED,
  _ body: (V) -> String?
) -> [String] {
  var failures: [String] = []
  for index in 0..<cases where failures.count < 5 {
    let caseSeed = Seed.derive(seed, UInt64(index))
    do {
      if let problem = body(try generator.generate(seed: caseSeed, recording: false).value) {
        failures.append("case \(index) (seed \(Seed.format(caseSeed))): \(problem)")
      }
    } catch {
      failures.append("case \(index) (seed \(Seed.format(caseSeed))): generation threw \(error)")
    }
  }
  return failures
}

/// Decodes a document with the reference CountMeCore deserialiser of its model.
func decode(_ input: DocumentInput) throws {
  let data = input.document.dictionary
  switch input.model {
  case .foodItem: _ = try FoodItem.fromFirestoreData(data)
  case .exerciseItem: _ = try ExerciseItem.fromFirestoreData(data)
  case .customMeal: _ = try CustomMeal.fromFirestoreData(data)
  case .dailyLog: _ = try DailyLog.fromFirestoreData(data)
  case .userGoal: _ = try UserGoal.fromFirestoreData(data)
  }
}

/// Nil when constructing `input` matches its tags: valid inputs construct, invalid ones throw a
/// `ValidationError` that names one of the rules the input breaks.
func constructionProblem<A>(_ input: Tagged<A>, _ construct: (A) throws -> Any) -> String? {
  do {
    _ = try construct(input.value)
    return input.violations.isEmpty ? nil : "constructed, but breaks \(input.tags)"
  } catch let error as ValidationError {
    if input.violations.isEmpty { return "rejected a valid input: \(error)" }
    return input.violations.contains(Violation(error)) ? nil : "threw \(error), tags \(input.tags)"
  } catch {
    return "threw a non-validation error \(error)"
  }
}

/// Nil when decoding `input` ends as its expectation says.
func decodingProblem(_ input: Tagged<DocumentInput>) -> String? {
  var thrown: (any Error)?
  do { try decode(input.value) } catch { thrown = error }
  if input.value.expectation.isMet(by: thrown, model: input.value.model) { return nil }
  return "expected \(input.value.expectation) for \(input.tags), got \(thrown.map { "\($0)" } ?? "a model")"
}
