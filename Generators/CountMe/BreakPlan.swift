import CountMeContract
import CountMeCore
import FirestoreCloud
import Foundation
import Generators

extension Gen {
  /// UUIDs from two 64-bit draws; shrinks to the nil UUID.
  static let uuid: Generator<UUID> = zip(uint64(), uint64()).map { high, low in
    func byte(_ word: UInt64, _ index: Int) -> UInt8 { UInt8(truncatingIfNeeded: word >> (56 - 8 * index)) }
    return UUID(
      uuid: (
        byte(high, 0), byte(high, 1), byte(high, 2), byte(high, 3), byte(high, 4), byte(high, 5),
        byte(high, 6),
        byte(high, 7), byte(low, 0), byte(low, 1), byte(low, 2), byte(low, 3), byte(low, 4), byte(low, 5),
        byte(low, 6), byte(low, 7)
      ))
  }

  /// 2026-01-01T00:00:00Z, where dates shrink to.
  package static let referenceDate = Date(timeIntervalSince1970: 1_767_225_600)

  /// Dates in whole milliseconds from 2002 to 2050, shrinking toward 2026-01-01.
  ///
  /// NB: built by `FirestoreTime`, so its parts give back the same whole milliseconds; and at least
  /// a year from 2001-01-01 (Foundation's reference date), a `Date` is coarser than a nanosecond, so
  /// every generated date survives the conversion to a document's timestamp exactly.
  package static let date: Generator<Date> = {
    let span = 24 * 365 * 86_400 * 1_000
    return int(in: -span...span, shrinkingToward: 0).map { offset in
      let milliseconds = Int64(offset)
      let seconds = milliseconds >= 0 ? milliseconds / 1_000 : -((-milliseconds + 999) / 1_000)
      let nanoseconds = Int32((milliseconds - seconds * 1_000) * 1_000_000)
      return FirestoreTime.date(seconds: 1_767_225_600 + seconds, nanoseconds: nanoseconds)
    }
  }()

  /// Every sync status, evenly.
  static let syncStatus: Generator<SyncStatus> = element(of: SyncStatus.allCases)
  /// Every food source, evenly.
  static let foodSource: Generator<FoodItemSource> = element(of: [.manual, .api, .customMeal])
  /// The exercise types the app knows, as raw strings.
  static let exerciseType: Generator<String> = element(of: ExerciseType.allCases.map(\.rawValue))
  /// The intensities the app knows, as raw strings.
  static let intensity: Generator<String> = element(of: ["moderate", "light", "vigorous"])

  /// A valid optional macro (grams) in `0...maxMacroGrams`, nil a third of the time.
  static let macro: Generator<Double?> = optional(
    double(in: 0...ValidationConstants.maxMacroGrams), nilProbability: 0.35)
  /// Valid calories (or calories burned) in `0...maxCalories`.
  static let validCalories = double(in: 0...ValidationConstants.maxCalories)
  /// An owner for a model built in the app: usually a uid, sometimes "" (the initialisers' default).
  static let constructorOwner: Generator<String> = optional(ownerId, nilProbability: 0.2).map { $0 ?? "" }
}

/// Which rules an invalid input breaks: one chosen field always, others now and then.
///
/// Drawn first, so the shrinker can move toward breaking only the first rule of the list.
struct BreakPlan: Sendable {
  let model: String
  let violations: [Violation]
  /// The input's tags: `<model>.valid` when nothing is broken, else each violation's tag.
  let tags: [String]

  /// A plan that breaks `violations` of `model`'s rules.
  init(model: String, violations: [Violation]) {
    self.model = model
    self.violations = violations
    tags = violations.isEmpty ? ["\(model).valid"] : violations.map(\.tag)
  }

  /// The plan that breaks nothing, made once: a valid input's tags cost nothing per case.
  static func valid(model: String) -> Generator<BreakPlan> {
    Gen.constant(BreakPlan(model: model, violations: []))
  }

  /// The way `field` is broken, or nil when it stays valid.
  func kind(of field: String) -> ValidationRule? { violations.first { $0.field == field }?.kind }

  /// `valid` unless `field` is broken, then `broken` for its kind.
  func value<T>(
    _ field: String, _ source: inout ChoiceSource, valid: Generator<T>,
    broken: (ValidationRule) -> Generator<T>
  ) throws -> T {
    try source.span(field) { inner in
      if let kind = kind(of: field) { return try broken(kind).run(&inner) }
      return try valid.run(&inner)
    }
  }

  /// A plan over `rules`: (field, the ways it can break), in the order the model checks them.
  static func generator(model: String, rules: [(field: String, kinds: [ValidationRule])]) -> Generator<
    BreakPlan
  > {
    // Every violation the plan can pick, made once, so a case builds no tag.
    let choices = rules.map { rule in rule.kinds.map { Violation(model: model, field: rule.field, kind: $0) }
    }
    return Generator { source in
      let forced = Int(source.draw(upTo: UInt64(rules.count - 1)))
      var violations: [Violation] = []
      for (index, kinds) in choices.enumerated() {
        let also = try alsoBreak.run(&source)
        let broken = index == forced || also
        guard broken else { continue }
        violations.append(kinds[Int(source.draw(upTo: UInt64(kinds.count - 1)))])
      }
      return BreakPlan(model: model, violations: violations)
    }
  }

  /// Generators of a broken number for each way a field valid in `0...max` can break, made once.
  ///
  /// Generators of a broken number for each way a field valid in `0...max` (or `> 0`) can break,
  /// made once: a model generator makes its table up front, so a case only looks one up.
  static func brokenNumbers(max: Double = 0) -> @Sendable (ValidationRule) -> Generator<Double> {
    let above = Gen.above(max), zero = Gen.constant(0.0)
    return { kind in
      switch kind {
      case .negative: return Gen.negative
      case .aboveMax: return above
      case .nonFinite: return Gen.nonFinite
      case .nonPositive: return Gen.nonPositive
      case .empty, .outOfRange: return zero
      }
    }
  }

  /// Broken optional numbers (always present, since nil is valid), as `brokenNumbers(max:)`.
  static func brokenOptionals(max: Double = 0) -> @Sendable (ValidationRule) -> Generator<Double?> {
    let numbers = brokenNumbers(max: max)
    let negative = numbers(.negative).map(Optional.some), above = numbers(.aboveMax).map(Optional.some)
    let nonFinite = numbers(.nonFinite).map(Optional.some),
      nonPositive = numbers(.nonPositive).map(Optional.some)
    let zero = Gen.constant(Double?.some(0))
    return { kind in
      switch kind {
      case .negative: return negative
      case .aboveMax: return above
      case .nonFinite: return nonFinite
      case .nonPositive: return nonPositive
      case .empty, .outOfRange: return zero
      }
    }
  }

  static let alsoBreak = Gen.bool(probability: 0.12)
  static let rangeKinds: [ValidationRule] = [.negative, .aboveMax, .nonFinite]
}
