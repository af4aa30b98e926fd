import CountMeContract
import CountMeCore
import FirestoreCloud
import Generators

/// One way to corrupt one field of a document, and what decoding must then do.
struct DocumentCorruption: Sendable {
  /// Tag suffix, e.g. `missing.name`, `calories.aboveMax`, `wrongType.calories.string`.
  let tag: String
  /// The expected outcome, given the field's path in the document.
  let expectation: @Sendable (String) -> DocumentExpectation
  /// The field's new value; nil removes the field.
  let replacement: Generator<DocumentValue?>

  init(
    _ tag: String, _ expectation: @escaping @Sendable (String) -> DocumentExpectation,
    _ replacement: Generator<DocumentValue?>
  ) {
    self.tag = tag
    self.expectation = expectation
    self.replacement = replacement
  }

  /// Every corruption of `spec`, in a fixed order (the first ones are where shrinking goes).
  static func all(of spec: FieldSpec) -> [DocumentCorruption] {
    let name = spec.name
    var result: [DocumentCorruption] = []
    if spec.required {
      result.append(
        DocumentCorruption("missing.\(name)", DocumentExpectation.missingField, Gen.constant(nil)))
      result.append(DocumentCorruption("null.\(name)", DocumentExpectation.missingField, Gen.constant(.null)))
    }
    func wrong(_ variant: String, _ values: Generator<DocumentValue>) {
      result.append(
        DocumentCorruption("wrongType.\(name).\(variant)", DocumentExpectation.wrongType, values.map { $0 }))
    }
    let aMap = Gen.constant(DocumentValue.map(Document([("value", .integer(1))])))
    func notANumber() {
      wrong("string", Gen.element(of: ["150", "NaN", "", "1e3", "-5"]).map { .string($0) })
      wrong("bool", Gen.bool().map { .boolean($0) })
      wrong("map", aMap)
      wrong("array", Gen.constant(.array([.integer(150)])))
    }
    switch spec.kind {
    case .uuid:
      result.append(
        DocumentCorruption(
          "\(name).malformed", DocumentExpectation.wrongType,
          Gen.element(of: [
            "", "not-a-uuid", "1234", "00000000-0000-0000-0000-00000000000G",
            "00000000000000000000000000000000",
            "{00000000-0000-0000-0000-000000000000}",
            // Near-UUIDs `sscanf("%2hhx")` reads (Linux Foundation's `UUID(uuidString:)`): a space,
            // a sign or 0x before a byte's digits; no client writes them.
            " 0000000-0000-0000-0000-000000000000", "+0000000-0000-0000-0000-000000000000",
            "-1234567-89AB-CDEF-0123-456789ABCDEF", "0x123456-89AB-CDEF-0123-456789ABCDEF",
            "12345678-89AB-CDEF-0123-456789ABCD 1",
          ]).map { .string($0) }))
      wrong("number", Gen.int(in: 0...1_000_000).map { .integer(Int64($0)) })
    case .text, .visibleText:
      if case .visibleText = spec.kind {
        result.append(
          DocumentCorruption(
            "\(name).empty", { .invalidData($0, rule: .empty) }, Gen.invisibleString.map { .string($0) }))
      }
      wrong("number", Gen.int(in: 0...1_000).map { .integer(Int64($0)) })
      wrong("bool", Gen.bool().map { .boolean($0) })
      wrong("map", aMap)
      wrong("array", Gen.constant(.array([.string("x")])))
    case .number(let rules, let max):
      for kind in rules {
        result.append(
          DocumentCorruption(
            "\(name).\(kind.rawValue)", { .invalidData($0, rule: kind) },
            BreakPlan.brokenNumbers(max: max)(kind).flatMap(Gen.number).map { $0 }))
      }
      // 64-bit integers as Android and web clients write them, past what a Double holds exactly
      // (±(2^53 + 1)) and at Int64's ends, each breaking the rule its sign breaks.
      for kind in rules where kind != .nonFinite {
        let ends: [Int64] = kind == .aboveMax ? [.max, 1 << 53 + 1] : [.min, -(1 << 53 + 1)]
        result.append(
          DocumentCorruption(
            "\(name).\(kind.rawValue).int64", { .invalidData($0, rule: kind) },
            Gen.element(of: ends).map { .integer($0) }))
      }
      notANumber()
    case .integer(let rules, let max):
      for kind in rules {
        result.append(
          DocumentCorruption(
            "\(name).\(kind.rawValue)", { .invalidData($0, rule: kind) },
            brokenWholeNumbers(kind, max: Int64(max)).flatMap(Gen.wholeNumber).map { $0 }))
      }
      // No whole number at all: the type is wrong whatever the range (so -0.5 is not `negative`).
      wrong(
        "fraction",
        Gen.element(of: [0.5, -0.5, 1_999.5, max + 0.5, 0x1p-1074, -(max + 0.5)]).map { .double($0) })
      wrong("nonFinite", Gen.element(of: [Double.nan, .infinity, -.infinity]).map { .double($0) })
      notANumber()
    case .timestamp:
      result.append(
        DocumentCorruption(
          "\(name).outOfRange", { .invalidData($0, rule: .outOfRange) }, outOfRangeTimestamp.map { $0 }))
      wrong("string", Gen.element(of: ["2026-01-19T08:00:00Z", "yesterday", ""]).map { .string($0) })
      wrong("number", Gen.int(in: 0...2_000_000_000).map { .integer(Int64($0)) })
      wrong("map", Gen.constant(.map(Document([("seconds", .integer(0)), ("nanoseconds", .integer(0))]))))
    case .enumeration:
      result.append(
        DocumentCorruption(
          "\(name).unknown", DocumentExpectation.wrongType,
          Gen.element(of: ["", "unknown", "SYNCED", "fridge", "pending_upload"]).map { .string($0) }))
      wrong("number", Gen.int(in: 0...3).map { .integer(Int64($0)) })
    case .stringArray:
      wrong("string", Gen.constant(.string("id-1,id-2")))
      wrong("mixedArray", Gen.constant(.array([.string("id-1"), .integer(2)])))
      wrong("map", aMap)
    case .ingredients:
      result.append(
        DocumentCorruption("ingredients.empty", { .invalidData($0, rule: .empty) }, Gen.constant(.array([]))))
      wrong("string", Gen.constant(.string("oats, milk")))
      wrong("map", aMap)
    }
    // Every field, whatever its kind: the value types no model field holds (the SDK's GeoPoint,
    // DocumentReference and Data) are the wrong type, never a crash and never dropped.
    wrong("geoPoint", Gen.geoPointValue)
    wrong("reference", Gen.referenceValue)
    wrong("bytes", Gen.bytesValue)
    return result
  }

  /// Whole numbers that break `kind`, next to the bound and at Int64's ends.
  ///
  /// Whole numbers that break `kind` (`negative`, or `aboveMax` of `max`): next to the bound,
  /// shrinking toward it, and at Int64's ends and past what a Double holds exactly (±(2^53 + 1)).
  static func brokenWholeNumbers(_ kind: ValidationRule, max: Int64) -> Generator<Int64> {
    let near: Generator<Int64>, ends: [Int64]
    if kind == .aboveMax {
      near = Gen.int(in: Int(max) + 1...Int(max) * 20, shrinkingToward: Int(max) + 1).map(Int64.init)
      ends = [.max, 1 << 53 + 1]
    } else {
      near = Gen.int(in: -1_000_000 ... -1, shrinkingToward: -1).map(Int64.init)
      ends = [.min, -(1 << 53 + 1)]
    }
    return Gen.frequency([(4, near), (1, Gen.element(of: ends))])
  }

  /// Timestamps Firestore can't hold.
  ///
  /// Seconds past year 9999 or before year 1 (the first second beyond either end among them), or nanoseconds
  /// outside `0..<1e9`.
  ///
  /// The range is Firestore's, as `FirestoreTime` states it, never CountMeCore's constants.
  static let outOfRangeTimestamp: Generator<DocumentValue> = Gen.frequency([
    (
      2,
      Gen.int(in: 1...Int(Int32.max)).map {
        Timestamp(seconds: FirestoreTime.lastSecond + Int64($0), nanoseconds: 0)
      }
    ),
    (
      1,
      Gen.int(in: 1...Int(Int32.max)).map {
        Timestamp(seconds: FirestoreTime.firstSecond - Int64($0), nanoseconds: 0)
      }
    ),
    (
      1,
      Gen.element(of: [
        Timestamp(seconds: FirestoreTime.lastSecond + 1, nanoseconds: 0),
        Timestamp(seconds: FirestoreTime.firstSecond - 1, nanoseconds: 999_999_999),
      ])
    ),
    // Nanoseconds just outside `0..<1e9` (and at Int32's ends) under a second Firestore holds: a
    // reader that carries them into the seconds reads an instant the document never named.
    (
      2,
      Gen.zip(
        Gen.frequency([
          (3, Gen.element(of: [Int32(-1), 1_000_000_000])), (1, Gen.element(of: [Int32.max, Int32.min])),
        ]),
        Gen.int(in: 0...Int(FirestoreTime.lastSecond - 1), shrinkingToward: 0)
      ).map { Timestamp(seconds: Int64($1), nanoseconds: $0) }
    ),
    (1, Gen.element(of: [Int64.max, Int64.min]).map { Timestamp(seconds: $0, nanoseconds: 0) }),
  ]).map { .timestamp($0) }
}
