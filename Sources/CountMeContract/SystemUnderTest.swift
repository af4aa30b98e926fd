/// An implementation the properties judge: it conforms to the layer protocols it implements.
///
/// Nothing here defaults to CountMeCore. A property runs against an implementation only when it
/// provides every layer the property exercises; every other property is reported as not checked,
/// naming the layer it lacks. An implementation may borrow CountMeCore's version of a layer it
/// lacks by naming it in `borrowedLayers`, and every report of a property that ran on it says so
/// ("with the reference queue").
///
/// ```swift
/// import CountMeHarness
///
/// struct AppFood: FoodItemsLayer {
///   func makeFoodItem(_ a: FoodItemArguments) throws -> FoodItemArguments {
///     let item = try AppFoodItem(name: a.name, calories: a.calories, /* … */)
///     return FoodItemArguments(id: item.id, name: item.name, calories: item.calories, /* … */)
///   }
///   func newFoodItem(name: String, calories: Double) throws -> FoodItemArguments { /* … */ }
/// }
///
/// let report = Catalog.run(AppFood(), settings: RunSettings(seed: 0xC0FFEE))
/// #expect(report.passed)                               // P1 and P2 ran against AppFood
/// #expect(report.notChecked.map(\.id).contains("P3"))  // it has no exercise items
/// ```
public protocol SystemUnderTest: Sendable {
  /// The layers it takes from CountMeCore, by its own choice, because it does not implement them;
  /// empty unless it says so.
  ///
  /// A layer it also implements is its own.
  var borrowedLayers: [Layer] { get }
}

extension SystemUnderTest {
  /// Nothing borrowed.
  public var borrowedLayers: [Layer] { [] }
}
