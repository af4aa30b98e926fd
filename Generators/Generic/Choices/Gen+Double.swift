extension Gen {
  /// Doubles in `range` (finite bounds), biased toward the values where bugs live.
  ///
  /// Four branches, simplest first, so shrinking the branch draw moves toward simple values:
  /// 0. whole numbers, shrinking toward the one nearest 0 (then toward 0 itself);
  /// 1. boundaries: the bounds, one step inside each (`nextUp`/`nextDown`), 0 and -0.0 when in range,
  ///    and the smallest subnormal;
  /// 2. uniform fractions across the range;
  /// 3. any magnitude from subnormal to huge (2^-1074 … 2^1023), clamped into the range.
  public static func double(in range: ClosedRange<Double>) -> Generator<Double> {
    precondition(
      range.lowerBound.isFinite && range.upperBound.isFinite, "Gen.double(in:) needs finite bounds")
    let lo = range.lowerBound, hi = range.upperBound
    return frequency([
      (3, wholeNumber(in: range)),
      (2, element(of: boundaries(of: range))),
      (
        3,
        uint64(upTo: (1 << 53) - 1).map { u in clamp(lo + (hi / 2 - lo / 2) * 2 * (Double(u) / 0x1p53), range)
        }
      ),
      (1, anyMagnitude.map { clamp($0, range) }),
    ])
  }

  /// Finite doubles of any sign and magnitude, shrinking toward 0.
  public static let anyFinite: Generator<Double> = frequency([
    (2, int(in: -1_000_000...1_000_000).map(Double.init)),
    (1, zip(bool(), anyMagnitude).map { negative, x in negative ? -x : x }),
  ])

  /// NaN, +infinity or -infinity.
  public static let nonFinite: Generator<Double> = element(of: [Double.nan, .infinity, -.infinity])

  /// Positive doubles from the smallest subnormal to `greatestFiniteMagnitude`, by exponent.
  static let anyMagnitude: Generator<Double> = zip(
    int(in: -1074...1023, shrinkingToward: 0), uint64(upTo: (1 << 52) - 1)
  )
  .map { exponent, mantissa in
    exponent < -1022
      ? Double.leastNonzeroMagnitude * Double(1 << Swift.min(exponent + 1074, 51))
      : Double(sign: .plus, exponent: exponent, significand: 1 + Double(mantissa) / 0x1p52)
  }

  static func wholeNumber(in range: ClosedRange<Double>) -> Generator<Double> {
    let limit = 0x1p62
    let lo = Swift.max(range.lowerBound.rounded(.up), -limit),
      hi = Swift.min(range.upperBound.rounded(.down), limit)
    guard lo <= hi else { return uint64(upTo: 0).map { _ in range.lowerBound } }
    return int(in: Int(lo)...Int(hi)).map(Double.init)
  }

  static func boundaries(of range: ClosedRange<Double>) -> [Double] {
    let lo = range.lowerBound, hi = range.upperBound
    var values: [Double] = range.contains(0) ? [0, -0.0, .leastNonzeroMagnitude] : []
    values += [lo, hi, lo.nextUp, hi.nextDown]
    var seen: [Double] = []
    for value in values
    where range.contains(value) && !seen.contains(where: { $0.bitPattern == value.bitPattern }) {
      seen.append(value)
    }
    return seen
  }

  static func clamp(_ value: Double, _ range: ClosedRange<Double>) -> Double {
    Swift.min(Swift.max(value, range.lowerBound), range.upperBound)
  }

  /// Pairs of values drawn one after the other.
  public static func zip<A, B>(_ a: Generator<A>, _ b: Generator<B>) -> Generator<(A, B)> {
    Generator { source in (try a.run(&source), try b.run(&source)) }
  }
}
