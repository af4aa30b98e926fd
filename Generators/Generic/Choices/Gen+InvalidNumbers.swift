extension Gen {
  /// Negative finite numbers, from just below zero to the most negative finite value.
  ///
  /// Negative finite numbers: whole numbers shrinking toward -1, the boundary just below zero
  /// (`-leastNonzeroMagnitude`, a subnormal), and any magnitude down to `-greatestFiniteMagnitude`.
  public static let negative: Generator<Double> = frequency([
    (3, int(in: -1_000_000_000 ... -1, shrinkingToward: -1).map(Double.init)),
    (
      2,
      element(of: [
        -Double.leastNonzeroMagnitude, -0.5, -Double.leastNormalMagnitude, -.greatestFiniteMagnitude,
      ])
    ),
    (1, anyMagnitude.map { -$0 }),
  ])

  /// Finite numbers above `max`, from its next representable value to the greatest finite one.
  ///
  /// Finite numbers above `max`: whole numbers shrinking toward `max + 1`, the next representable
  /// value `max.nextUp`, and huge magnitudes up to `greatestFiniteMagnitude`.
  public static func above(_ max: Double) -> Generator<Double> {
    frequency([
      (3, int(in: 1...1_000_000_000, shrinkingToward: 1).map { max + Double($0) }),
      (2, element(of: [max.nextUp, max + 0.5, max * 2, 1e300, .greatestFiniteMagnitude])),
      (1, anyMagnitude.map { Swift.max(max.nextUp, max + $0) }),
    ])
  }

  /// Numbers that are not above zero: 0, -0.0, and negatives.
  public static let nonPositive: Generator<Double> = frequency([
    (2, element(of: [0, -0.0])),
    (3, negative),
  ])
}
