import CountMeContract
import CountMeCore
import Testing

@testable import CountMeGenerators
@testable import Generators

@Suite("Generated inputs are what their tags say, against CountMeCore (10,000 cases each)")
struct ValidityTests {
  @Test("every valid FoodItem constructs and every invalid one is rejected with a predicted error")
  func foodItems() {
    #expect(forEachCase(of: Gen.validFoodItem) { constructionProblem($0) { try $0.construct() } } == [])
    #expect(forEachCase(of: Gen.invalidFoodItem) { constructionProblem($0) { try $0.construct() } } == [])
  }

  @Test("ExerciseItem inputs, both ways")
  func exerciseItems() {
    #expect(forEachCase(of: Gen.validExerciseItem) { constructionProblem($0) { try $0.construct() } } == [])
    #expect(forEachCase(of: Gen.invalidExerciseItem) { constructionProblem($0) { try $0.construct() } } == [])
  }

  @Test("Ingredient inputs, both ways")
  func ingredients() {
    #expect(forEachCase(of: Gen.validIngredient) { constructionProblem($0) { try $0.construct() } } == [])
    #expect(forEachCase(of: Gen.invalidIngredient) { constructionProblem($0) { try $0.construct() } } == [])
  }

  @Test("CustomMeal inputs, both ways")
  func customMeals() {
    #expect(forEachCase(of: Gen.validCustomMeal) { constructionProblem($0) { try $0.construct() } } == [])
    #expect(forEachCase(of: Gen.invalidCustomMeal) { constructionProblem($0) { try $0.construct() } } == [])
  }

  @Test("DailyLog inputs, both ways")
  func dailyLogs() {
    #expect(forEachCase(of: Gen.validDailyLog) { constructionProblem($0) { try $0.construct() } } == [])
    #expect(forEachCase(of: Gen.invalidDailyLog) { constructionProblem($0) { try $0.construct() } } == [])
  }

  @Test("UserGoal inputs, both ways")
  func userGoals() {
    #expect(forEachCase(of: Gen.validUserGoal) { constructionProblem($0) { try $0.construct() } } == [])
    #expect(forEachCase(of: Gen.invalidUserGoal) { constructionProblem($0) { try $0.construct() } } == [])
  }

  @Test(
    "valid and benign documents decode; corrupted ones throw the predicted error",
    arguments: DocumentModel.allCases)
  func documents(model: DocumentModel) {
    #expect(forEachCase(of: Gen.validDocument(model), decodingProblem) == [])
    #expect(forEachCase(of: Gen.corruptDocument(model), decodingProblem) == [])
    #expect(forEachCase(of: Gen.benignDocument(model), cases: 2_000, decodingProblem) == [])
  }

  @Test("a valid document decodes to exactly the values it holds")
  func documentValues() {
    let problems = forEachCase(of: Gen.validDocument(.foodItem), cases: 2_000) { input in
      guard let item = try? FoodItem.fromFirestoreData(input.value.document.dictionary) else {
        return "did not decode"
      }
      let expected = input.value.document
      guard case .string(let name)? = expected["name"], name == item.name else { return "name differs" }
      guard case .timestamp(let stamp)? = expected["timestamp"], Timestamp(date: item.timestamp) == stamp
      else {
        return "timestamp differs"
      }
      switch expected["calories"] {
      case .double(let value)?: return value.bitPattern == item.calories.bitPattern ? nil : "calories differ"
      case .integer(let value)?: return Double(value) == item.calories ? nil : "calories differ"
      default: return "calories missing"
      }
    }
    #expect(problems == [])
  }
}
