import Foundation
import Testing

@testable import CountMeCore

/// Fixed values so no test reads the clock or makes a random id.
enum Fixture {
  static let id = UUID(uuid: (0, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 1))
  static let otherId = UUID(uuid: (0, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 2))
  /// 2026-01-19T08:00:00.125Z: a realistic date with a fractional second.
  static let date = Date(timeIntervalSince1970: 1_768_809_600.125)
  static let later = Date(timeIntervalSince1970: 1_768_813_200.5)
  static let owner = "user-1"

  /// Strings with no visible character, in several Unicode flavours.
  static let invisibleStrings: [String] = [
    "", " ", "   ", "\t", "\n", "\r\n", " \t\n ", "\u{00A0}", "\u{2028}", "\u{2029}", "\u{3000}",
    "\u{200B}", "\u{FEFF}", "\u{0000}", "\u{0007}", "\u{001F}", "\u{007F}", "\u{200E}", "\u{2060}",
    "\u{3164}", "\u{FE0F}", " \u{200B}\u{00A0}\u{FEFF}\n",
  ]

  /// Names a person would see, including non-Latin scripts and emoji.
  static let visibleStrings: [String] = [
    "a", " Oats ", "Café au lait", "e\u{0301}", "\u{0301}", "🍎", "👨‍👩‍👧", "ラーメン", "سلطة", "שקשוקה", "\u{200B}x",
  ]

  static let meal: CustomMeal = valid {
    let oats = try Ingredient(id: id, name: "Oats", quantity: 40, unit: "g", calories: 150, protein: 5)
    let milk = try Ingredient(
      id: otherId, name: "Milk", quantity: 200, unit: "ml", calories: 100, protein: 6.5,
      carbohydrates: 9.5, fats: 3.25)
    return try CustomMeal(
      id: id, name: "Porridge", ingredients: [oats, milk], createdAt: date, lastUsedAt: later,
      servingsCount: 2, userId: owner, lastModified: later, syncStatus: .synced)
  }

  /// A fixture that is valid by construction; a throw here is a broken fixture, not a test result.
  static func valid<T>(_ build: () throws -> T) -> T {
    do { return try build() } catch { preconditionFailure("fixture does not build: \(error)") }
  }
}

/// Expects `build` to throw exactly `expected`.
func expectValidationError<T>(
  _ expected: ValidationError, sourceLocation: SourceLocation = #_sourceLocation, _ build: () throws -> T
) {
  #expect(throws: expected, sourceLocation: sourceLocation) { _ = try build() }
}

/// A Firestore value as a test argument.
///
/// `@unchecked Sendable` is safe: the boxed values are immutable constants built by the test table
/// (numbers, strings, NSNull, arrays of those), read but never mutated.
struct Value: @unchecked Sendable, CustomStringConvertible {
  let raw: Any
  init(_ raw: Any) { self.raw = raw }
  var description: String { "\(type(of: raw))(\(raw))" }
}
