extension Generator {
  /// A generator of `transform` applied to this generator's values; shrinks as this one does.
  public func map<T>(_ transform: @escaping @Sendable (Value) throws -> T) -> Generator<T> {
    Generator<T> { source in try transform(try self.run(&source)) }
  }

  /// A generator whose second stage depends on this one's value (monadic bind).
  public func flatMap<T>(_ next: @escaping @Sendable (Value) throws -> Generator<T>) -> Generator<T> {
    Generator<T> { source in try next(try self.run(&source)).run(&source) }
  }

  /// Values for which `isIncluded` holds, trying up to `maxAttempts` candidates.
  ///
  /// Each rejected candidate counts as a discard. When every attempt fails the case is discarded
  /// (`GenerationError.discarded`), never looped on forever.
  public func filter(maxAttempts: Int = 100, _ isIncluded: @escaping @Sendable (Value) -> Bool) -> Generator<
    Value
  > {
    Generator { source in
      for _ in 0..<maxAttempts {
        let candidate = try source.span("filter") { try self.run(&$0) }
        if isIncluded(candidate) { return candidate }
        source.rejections += 1
      }
      throw GenerationError.discarded(attempts: maxAttempts)
    }
  }

  /// This generator's values, `aim` applied to them with `probability`: the way a property aims
  /// some of its inputs at a rare bug.
  ///
  /// The coin is drawn after the value, so a seed gives the same value either way, and shrinking it toward
  /// its simplest drops the aim.
  public func aimed(probability: Double, _ aim: @escaping @Sendable (Value) -> Value) -> Generator<Value> {
    let coin = Gen.bool(probability: probability)
    return Generator { source in
      let value = try self.run(&source)
      return try coin.run(&source) ? aim(value) : value
    }
  }

  /// This generator's draws recorded as one span named `label`, so the shrinker can delete or
  /// reorder them as a unit.
  public func labelled(_ label: String) -> Generator<Value> {
    Generator { source in try source.span(label) { try self.run(&$0) } }
  }
}
