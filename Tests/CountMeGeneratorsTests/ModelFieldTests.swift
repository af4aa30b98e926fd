import Foundation
import Testing

@testable import CountMeGenerators
@testable import Generators

@Suite("Model fields")
struct ModelFieldTests {
  struct Sample: Sendable {
    var flag = false
    var text = "a name long enough to live on the heap, not inline in the string"
    var number: Double? = 2.5
    var list = ["x", "y"]
    var id = UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16))
    var shouted: String {
      get { text.uppercased() }
      set { text = newValue.lowercased() }
    }
  }

  @Test("a field's reader gives what its key path gives, stored or computed")
  func readers() {
    var sample = Sample()
    sample.number = nil
    for value in [Sample(), sample] {
      #expect(ModelField<Sample>.reader(\.flag)(value) == value.flag)
      #expect(ModelField<Sample>.reader(\.text)(value) == value.text)
      #expect(ModelField<Sample>.reader(\.number)(value) == value.number)
      #expect(ModelField<Sample>.reader(\.list)(value) == value.list)
      #expect(ModelField<Sample>.reader(\.id)(value) == value.id)
      #expect(ModelField<Sample>.reader(\.shouted)(value) == value.shouted)
    }
  }

  @Test("a schema's values are its arguments' fields, in document order")
  func values() throws {
    let arguments = try Gen.validFoodItem.generate(seed: 11).value.value
    let values = ModelSchemas.foodItem.values(arguments)
    #expect(values.count == 13)
    #expect(values[0] == .uuid(arguments.id))
    #expect(values[1] == .text(arguments.name))
    #expect(values[2] == .number(arguments.calories))
    #expect(values[4] == .text(arguments.source.rawValue))
    #expect(values[7] == .text(arguments.syncStatus.rawValue))
    #expect(values[12] == arguments.fats.map(FieldValue.number) ?? .absent)
    #expect(ModelSchemas.foodItem.arguments(values) == arguments)
  }

  @Test("two arguments have the same values exactly when their values are equal, lists included")
  func sameValues() throws {
    let schema = ModelSchemas.customMeal
    var compared = 0
    for index in 0..<300 {
      let meal = try Gen.validCustomMeal.generate(seed: UInt64(index)).value.value
      guard let last = meal.ingredients.indices.last else { continue }
      var zeroSign = meal, oneMore = meal, shorter = meal, renamed = meal
      zeroSign.ingredients[last].quantity.negate()
      oneMore.ingredients.append(meal.ingredients[last])
      shorter.ingredients.removeLast()
      renamed.ingredients[0].name += "é"
      for other in [meal, zeroSign, oneMore, shorter, renamed] {
        #expect(
          schema.sameValues(meal, other) == (schema.values(meal) == schema.values(other)), "seed \(index)")
      }
      #expect(schema.sameValues(meal, meal) && !schema.sameValues(meal, renamed), "seed \(index)")
      compared += 1
    }
    #expect(compared > 100)
  }

  @Test("the same content is the same values but for syncStatus, in every schema a devices run compares")
  func sameContent() throws {
    let schema = ModelSchemas.foodItem
    for index in 0..<100 {
      let item = try Gen.validFoodItem.generate(seed: UInt64(index)).value.value
      var otherStatus = item, renamed = item
      otherStatus.syncStatus = item.syncStatus == .synced ? .pendingUpload : .synced
      renamed.name += "é"
      #expect(!schema.sameValues(item, otherStatus) && schema.sameContent(item, otherStatus), "seed \(index)")
      #expect(!schema.sameContent(item, renamed) && schema.sameContent(item, item), "seed \(index)")
    }
    // Each leaves out exactly one comparison, syncStatus's: a field renamed would be compared again.
    #expect(ModelSchemas.foodItem.contentComparisons.count == ModelSchemas.foodItem.comparisons.count - 1)
    #expect(
      ModelSchemas.exerciseItem.contentComparisons.count == ModelSchemas.exerciseItem.comparisons.count - 1)
    #expect(ModelSchemas.customMeal.contentComparisons.count == ModelSchemas.customMeal.comparisons.count - 1)
    #expect(ModelSchemas.userGoal.contentComparisons.count == ModelSchemas.userGoal.comparisons.count - 1)
  }
}
