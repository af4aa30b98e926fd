/// One of `count` slices of a run, for splitting it across CI machines.
///
/// Shard `number` (1-based) runs the case indices `number − 1`, `number − 1 + count`, `number − 1 + 2·count`,
/// … of every property, from the same run seed.
///
/// The shards of one seed together run exactly the cases of the whole run, each once; a failure a whole run
/// reports is the lowest-indexed of the shards' failures, and every failure replays from its token whatever
/// the shard.
public struct Shard: Sendable, Equatable, CustomStringConvertible {
  /// Which slice, from 1.
  public let number: Int
  /// How many slices.
  public let count: Int

  /// The whole run as one shard.
  public static let whole = Shard(unchecked: 1, of: 1)

  /// Shard `number` of `count`; nil unless `1 ≤ number ≤ count`.
  public init?(_ number: Int, of count: Int) {
    guard count >= 1, (1...count).contains(number) else { return nil }
    self.init(unchecked: number, of: count)
  }

  private init(unchecked number: Int, of count: Int) {
    self.number = number
    self.count = count
  }

  /// Reads `K/N`, as `--shard` takes it; nil for anything else.
  public init?(parsing text: String) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let number = Int(parts[0]), let count = Int(parts[1]) else { return nil }
    self.init(number, of: count)
  }

  /// How many of a run's first `cases` case indices are this shard's.
  func positions(of cases: Int) -> Int {
    cases < number ? 0 : (cases - number) / count + 1
  }

  /// The case index of this shard's `position`th case.
  func caseIndex(at position: Int) -> Int { number - 1 + position * count }

  /// The position of case `index`, one of this shard's.
  func position(of index: Int) -> Int { (index - (number - 1)) / count }

  /// How reports print it: `K/N`.
  public var description: String { "\(number)/\(count)" }
}
