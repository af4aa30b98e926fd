/// How often each tag came up in a number of generated cases (QuickCheck's `classify`).
public struct TagStatistics: Sendable, Equatable {
  /// Cases generated.
  public let cases: Int
  /// Cases a filter discarded; they have no tags.
  public let discards: Int
  /// Each tag and its count, sorted by tag.
  public let counts: [Count]

  /// One tag and how many cases had it.
  public struct Count: Sendable, Equatable {
    /// The tag.
    public let tag: String
    /// Cases that had it.
    public let count: Int
  }

  /// The count of `tag`, 0 when it never came up.
  public func count(of tag: String) -> Int { counts.first { $0.tag == tag }?.count ?? 0 }
}

extension Gen {
  /// Counts the tags of `cases` values of `generator`, case `i` drawn from `Seed.derive(seed, i)`.
  public static func statistics<Value>(of generator: Generator<Tagged<Value>>, cases: Int, seed: UInt64)
    -> TagStatistics
  {
    var counts: [String: Int] = [:]
    var discards = 0
    for index in 0..<cases {
      guard let tagged = try? generator.generate(seed: Seed.derive(seed, UInt64(index))).value else {
        discards += 1
        continue
      }
      for tag in tagged.tags { counts[tag, default: 0] += 1 }
    }
    let sorted = counts.keys.sorted().map { TagStatistics.Count(tag: $0, count: counts[$0] ?? 0) }
    return TagStatistics(cases: cases, discards: discards, counts: sorted)
  }
}
