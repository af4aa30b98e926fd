import PropertyHarness
import Testing

@testable import CountMeProperties

@Suite("JSONDifference: where an oracle's JSON and the model's part")
struct JSONDifferenceTests {
  let expected: JSON = .object([
    ("name", .string("Oats")),
    ("ingredients", .array([.object([("quantity", .double(1))]), .object([("quantity", .double(2))])])),
  ])

  @Test("equal values have no difference")
  func equal() {
    #expect(JSONDifference.first(expected: expected, actual: expected) == nil)
  }

  @Test("a difference is named by its path: keys joined with dots, indices in brackets")
  func nestedPath() {
    let actual: JSON = .object([
      ("name", .string("Oats")),
      ("ingredients", .array([.object([("quantity", .double(1))]), .object([("quantity", .double(3))])])),
    ])
    #expect(
      JSONDifference.first(expected: expected, actual: actual, path: "meal")
        == "meal.ingredients[1].quantity: expected 2.0, got 3.0")
  }

  @Test("a missing key and a shorter array are named too")
  func missingAndShorter() {
    #expect(
      JSONDifference.first(expected: expected, actual: .object([("name", .string("Oats"))]))
        == "ingredients: missing")
    let shorter: JSON = .object([("name", .string("Oats")), ("ingredients", .array([]))])
    #expect(
      JSONDifference.first(expected: expected, actual: shorter) == "ingredients: expected 2 elements, got 0")
  }
}
