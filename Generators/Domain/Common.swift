import CountMeCore
import Foundation

extension Gen {
  /// UUIDs from two 64-bit draws; shrinks to the nil UUID.
  public static let uuid: Generator<UUID> = zip(uint64(), uint64()).map { high, low in
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
  public static let referenceDate = Date(timeIntervalSince1970: 1_767_225_600)

  /// Dates in whole milliseconds from 2002 to 2050, shrinking toward 2026-01-01.
  ///
  /// NB: built by `FirestoreTime`, so its parts give back the same whole milliseconds; and at least
  /// a year from 2001-01-01 (Foundation's reference date), a `Date` is coarser than a nanosecond, so
  /// every generated date survives the conversion to a document's timestamp exactly.
  public static let date: Generator<Date> = {
    let span = 24 * 365 * 86_400 * 1_000
    return int(in: -span...span, shrinkingToward: 0).map { offset in
      let milliseconds = Int64(offset)
      let seconds = milliseconds >= 0 ? milliseconds / 1_000 : -((-milliseconds + 999) / 1_000)
      let nanoseconds = Int32((milliseconds - seconds * 1_000) * 1_000_000)
      return FirestoreTime.date(seconds: 1_767_225_600 + seconds, nanoseconds: nanoseconds)
    }
  }()

  /// Every sync status, evenly.
  public static let syncStatus: Generator<SyncStatus> = element(of: SyncStatus.allCases)
  /// Every food source, evenly.
  public static let foodSource: Generator<FoodItemSource> = element(of: [.manual, .api, .customMeal])
  /// The exercise types the app knows, as raw strings.
  public static let exerciseType: Generator<String> = element(of: ExerciseType.allCases.map(\.rawValue))
  /// The intensities the app knows, as raw strings.
  public static let intensity: Generator<String> = element(of: ["moderate", "light", "vigorous"])

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

  /// The way `field` is broken, or nil when it stays valid.
  func kind(of field: String) -> Violation.Kind? { violations.first { $0.field == field }?.kind }

  /// `valid` unless `field` is broken, then `broken` for its kind.
  func value<T>(
    _ field: String, _ source: inout ChoiceSource, valid: Generator<T>,
    broken: (Violation.Kind) -> Generator<T>
  ) throws -> T {
    try source.span(field) { inner in
      if let kind = kind(of: field) { return try broken(kind).run(&inner) }
      return try valid.run(&inner)
    }
  }

  var tags: [String] { violations.map(\.tag) }

  /// A plan over `rules`: (field, the ways it can break), in the order the model checks them.
  static func generator(model: String, rules: [(field: String, kinds: [Violation.Kind])]) -> Generator<
    BreakPlan
  > {
    Generator { source in
      let forced = Int(source.draw(upTo: UInt64(rules.count - 1)))
      var violations: [Violation] = []
      for (index, rule) in rules.enumerated() {
        let also = try alsoBreak.run(&source)
        let broken = index == forced || also
        guard broken else { continue }
        let kind = rule.kinds[Int(source.draw(upTo: UInt64(rule.kinds.count - 1)))]
        violations.append(Violation(model: model, field: rule.field, kind: kind))
      }
      return BreakPlan(model: model, violations: violations)
    }
  }

  /// A generator of a broken number for `kind`, for a field valid in `0...max` (or `> 0`).
  static func brokenNumber(_ kind: Violation.Kind, max: Double = 0) -> Generator<Double> {
    switch kind {
    case .negative: return Gen.negative
    case .aboveMax: return Gen.above(max)
    case .nonFinite: return Gen.nonFinite
    case .nonPositive: return Gen.nonPositive
    case .empty, .outOfRange: return Gen.constant(0)
    }
  }

  /// A broken optional number: always present, since nil is valid.
  static func brokenOptional(_ kind: Violation.Kind, max: Double = 0) -> Generator<Double?> {
    brokenNumber(kind, max: max).map { Optional($0) }
  }

  static let alsoBreak = Gen.bool(probability: 0.12)
  static let rangeKinds: [Violation.Kind] = [.negative, .aboveMax, .nonFinite]
}
