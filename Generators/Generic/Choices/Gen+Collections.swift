extension Gen {
  /// Arrays of `element` with a length in `count`, averaging about `averageExtra` elements past the
  /// minimum.
  ///
  /// NB: after the minimum, each element is preceded by a "more?" draw (Hypothesis' scheme) rather
  /// than a length drawn up front, and each flag-and-element pair is one span. So the shrinker
  /// shortens the array by zeroing a flag or deleting a span, without misaligning later draws.
  public static func array<T>(of element: Generator<T>, count: ClosedRange<Int>, averageExtra: Double = 4)
    -> Generator<[T]>
  {
    fold(element, count: count, averageExtra: averageExtra, into: { [] }) { $0.append($1) }
  }

  /// The elements `array(of:count:averageExtra:)` would draw, folded into a value as they are drawn.
  ///
  /// The elements `array(of:count:averageExtra:)` would draw, with the same draws and spans, each
  /// added by `add` as it is drawn to what `initial` makes: a collection built in place, with no
  /// array of its elements in between.
  public static func fold<T, Result>(
    _ element: Generator<T>, count: ClosedRange<Int>, averageExtra: Double,
    into initial: @escaping @Sendable () -> Result, _ add: @escaping @Sendable (inout Result, T) -> Void
  ) -> Generator<Result> {
    let more = bool(probability: moreProbability(averageExtra: averageExtra))
    return Generator { source in
      var result = initial()
      for _ in 0..<count.lowerBound {
        add(&result, try source.span("element") { try element.run(&$0) })
      }
      var drawn = count.lowerBound
      while drawn < count.upperBound {
        let next: T? = try source.span(foldItemLabel) { inner in
          try more.run(&inner) ? try element.run(&inner) : nil
        }
        guard let next else { break }
        add(&result, next)
        drawn += 1
      }
      return result
    }
  }

  /// The label of the span `fold` draws each element past the minimum in, its "more?" draw first.
  package static let foldItemLabel = "item"

  /// The chance of `fold`'s "more?" draw that gives `averageExtra` elements past the minimum.
  package static func moreProbability(averageExtra: Double) -> Double { averageExtra / (averageExtra + 1) }

  /// Strings of `character`s with a length (in Characters drawn) in `count`.
  public static func string(
    of character: Generator<Character>, count: ClosedRange<Int>, averageExtra: Double = 6
  )
    -> Generator<String>
  {
    fold(character, count: count, averageExtra: averageExtra, into: { "" }) { $0.append($1) }
  }

  /// Strings joined from `pieces` (each a String), for sequences that are not single Characters.
  public static func joined(_ piece: Generator<String>, count: ClosedRange<Int>, averageExtra: Double = 3)
    -> Generator<String>
  {
    fold(piece, count: count, averageExtra: averageExtra, into: { "" }) { $0 += $1 }
  }
}
