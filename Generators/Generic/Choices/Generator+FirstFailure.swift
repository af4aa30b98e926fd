extension Generator {
  /// The first value, over the case seeds derived from `seed`, for which `fails` holds: a failure to
  /// shrink, for the shrinker's tests.
  ///
  /// - Throws: `GenerationError.discarded` when none of `attempts` cases fails.
  package func firstFailure(seed: UInt64 = 99, attempts: Int = 10_000, _ fails: (Value) -> Bool) throws
    -> Generated<Value>
  {
    for index in 0..<attempts {
      let generated = try generate(seed: Seed.derive(seed, UInt64(index)))
      if fails(generated.value) { return generated }
    }
    throw GenerationError.discarded(attempts: attempts)
  }
}
