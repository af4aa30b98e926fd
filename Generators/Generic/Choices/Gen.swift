/// Factories of generators.
///
/// Every factory maps the draw 0 to its simplest value, so shrinking the draws toward 0 shrinks the value
/// toward something simple.
public enum Gen {
  /// Always `value`; draws nothing.
  public static func constant<T>(_ value: T) -> Generator<T> where T: Sendable { Generator { _ in value } }

  /// A raw draw in `0...bound`.
  public static func uint64(upTo bound: UInt64 = .max) -> Generator<UInt64> {
    Generator { source in source.draw(upTo: bound) }
  }

  /// An integer in `range`, shrinking toward `target` (default: the value nearest 0 in `range`).
  ///
  /// Draws are mapped in zigzag order `target, target+1, target-1, target+2, …`, continuing on one
  /// side once the other is exhausted, so a lower draw is always at least as close to the target.
  public static func int(in range: ClosedRange<Int>, shrinkingToward target: Int? = nil) -> Generator<Int> {
    let target = Swift.min(
      Swift.max(
        target ?? Swift.min(Swift.max(0, range.lowerBound), range.upperBound),
        range.lowerBound), range.upperBound)
    let up = UInt64(bitPattern: Int64(range.upperBound) &- Int64(target))
    let down = UInt64(bitPattern: Int64(target) &- Int64(range.lowerBound))
    return Generator { source in
      let draw = source.draw(upTo: up &+ down)
      return Int(truncatingIfNeeded: Int64(target) &+ Int64(bitPattern: zigzag(draw, up: up, down: down)))
    }
  }

  /// The signed offset from the target for zigzag draw `draw`, given room `up` and `down`.
  static func zigzag(_ draw: UInt64, up: UInt64, down: UInt64) -> UInt64 {
    let paired = Swift.min(up, down)
    if draw / 2 < paired || (draw / 2 == paired && draw % 2 == 0) {
      let step = (draw + 1) / 2
      return draw % 2 == 1 ? step : 0 &- step
    }
    let beyond = draw - 2 * paired
    return up > down ? paired + beyond : 0 &- (paired + beyond)
  }

  /// `true` with `probability`; shrinks to `false`.
  public static func bool(probability: Double = 0.5) -> Generator<Bool> {
    let falses = trueThreshold(probability: probability)
    return Generator { source in source.draw(upTo: 999) >= falses }
  }

  /// The least draw in `0...999` that `bool(probability:)` reads as `true`.
  package static func trueThreshold(probability: Double) -> UInt64 {
    UInt64(((1 - Swift.min(Swift.max(probability, 0), 1)) * 1_000).rounded())
  }

  /// One of `elements`; shrinks toward the first. `elements` must not be empty.
  public static func element<T: Sendable>(of elements: [T]) -> Generator<T> {
    precondition(!elements.isEmpty, "Gen.element(of:) needs at least one element")
    return Generator { source in elements[Int(source.draw(upTo: UInt64(elements.count - 1)))] }
  }

  /// One of `generators`, chosen with probability proportional to its weight; shrinks toward the
  /// first. Weights must be positive.
  public static func frequency<T>(_ choices: [(weight: Int, generator: Generator<T>)]) -> Generator<T> {
    precondition(
      !choices.isEmpty && choices.allSatisfy { $0.weight > 0 }, "Gen.frequency needs positive weights")
    let labels = choices.indices.map(branchLabel)
    // NB: weights and generators apart, walked by index: a loop over the generic tuples looked up
    // their type's metadata at every draw in a debug build, a twentieth of the debug `check`.
    let weights = choices.map { UInt64($0.weight) }
    let total = weights.reduce(0, +)
    let generators = choices.map(\.generator)
    return Generator { source in
      let index = branch(source.draw(upTo: total - 1), weights: weights)
      let generator = generators[index]
      return try source.span(labels[index]) { try generator.run(&$0) }
    }
  }

  /// The branch a `frequency` draw `pick` (in `0..<` the weights' total) falls in.
  package static func branch(_ pick: UInt64, weights: [UInt64]) -> Int {
    var pick = pick
    var index = 0
    while index < weights.count - 1 && pick >= weights[index] {
      pick -= weights[index]
      index += 1
    }
    return index
  }

  /// The label of the span `frequency` draws its branch `index` in.
  package static func branchLabel(_ index: Int) -> String { "branch\(index)" }

  /// One of `generators` with equal weights; shrinks toward the first.
  public static func oneOf<T>(_ generators: [Generator<T>]) -> Generator<T> {
    frequency(generators.map { (1, $0) })
  }

  /// `nil` with probability `nilProbability`, else a value; shrinks to `nil`.
  public static func optional<T>(_ generator: Generator<T>, nilProbability: Double = 0.25) -> Generator<T?> {
    let present = bool(probability: 1 - nilProbability)
    return Generator { source in try present.run(&source) ? try generator.run(&source) : nil }
  }

  /// `special` values with probability `probability` (each equally likely), else `otherwise`.
  ///
  /// Biases a generator toward boundaries; shrinks toward `otherwise`'s simplest value.
  public static func biased<T: Sendable>(toward special: [T], probability: Double, otherwise: Generator<T>)
    -> Generator<T>
  {
    let weight = Int((probability * 1_000).rounded())
    return frequency([(1_000 - weight, otherwise), (weight, element(of: special))])
  }
}
