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
    let more = bool(probability: averageExtra / (averageExtra + 1))
    return Generator { source in
      var result: [T] = []
      for _ in 0..<count.lowerBound {
        result.append(try source.span("element") { try element.run(&$0) })
      }
      while result.count < count.upperBound {
        let next: T? = try source.span("item") { inner in
          try more.run(&inner) ? try element.run(&inner) : nil
        }
        guard let next else { break }
        result.append(next)
      }
      return result
    }
  }

  /// Strings of `character`s with a length (in Characters drawn) in `count`.
  public static func string(
    of character: Generator<Character>, count: ClosedRange<Int>, averageExtra: Double = 6
  )
    -> Generator<String>
  {
    array(of: character, count: count, averageExtra: averageExtra).map { String($0) }
  }

  /// Strings joined from `pieces` (each a String), for sequences that are not single Characters.
  public static func joined(_ piece: Generator<String>, count: ClosedRange<Int>, averageExtra: Double = 3)
    -> Generator<String>
  {
    array(of: piece, count: count, averageExtra: averageExtra).map { $0.joined() }
  }
}
