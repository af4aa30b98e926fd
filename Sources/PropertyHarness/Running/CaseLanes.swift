/// A block of a property's cases: the positions `start..<end` of its shard's cases, as a run in
/// parallel splits them (`PropertyRunner.runInParallel`).
public struct CaseBlock: Sendable, Equatable {
  /// The first position.
  public let start: Int
  /// The position after the last.
  public let end: Int

  /// Creates a `CaseBlock` from its parts.
  public init(start: Int, end: Int) {
    self.start = start
    self.end = end
  }
}

/// What a run of cases counted, up to and including its first failing case.
public struct BlockTally: Sendable, Equatable {
  /// Cases generated and checked.
  public var cases = 0
  /// Candidates a generator's filter threw away, and cases it gave up on.
  public var discards = 0
  /// Each tag and how many cases had it.
  public var tags: [String: Int] = [:]
  /// The index of the failing case, if one failed.
  public var failingCase: Int?

  /// Creates a `BlockTally` from its parts.
  public init(cases: Int = 0, discards: Int = 0, tags: [String: Int] = [:], failingCase: Int? = nil) {
    self.cases = cases
    self.discards = discards
    self.tags = tags
    self.failingCase = failingCase
  }

  /// Adds `other`, the tally of the cases that come next.
  mutating func add(_ other: BlockTally) {
    cases += other.cases
    discards += other.discards
    for (tag, count) in other.tags { tags[tag, default: 0] += count }
    failingCase = failingCase ?? other.failingCase
  }
}

/// Lanes that run blocks of a property's cases away from this process's threads: processes of
/// their own, which share no runtime with it.
///
/// NB: two threads of one process paid a seventh more CPU for the same cases than two processes
/// did (a debug `check`: 25.6 s against 22.5 s): every generic type an unspecialised function
/// asks for is looked up in the runtime's caches, whose counters both threads write. A run with
/// lanes runs its blocks on its own thread and on the lanes, and adds the tallies in case order,
/// as a run on threads does: the report is the same.
public protocol CaseLanes: AnyObject, Sendable {
  /// How many lanes there are; each runs one block at a time.
  var count: Int { get }

  /// Runs `block` of the cases of `property` on lane `lane`, and returns their tally.
  ///
  /// Runs `block` of the cases of `property` (as this run's settings make them) on lane `lane`
  /// (`0..<count`), and returns their tally; nil when the lane could not (its process ended), and
  /// the caller runs the block itself.
  func run(_ block: CaseBlock, of property: PropertyID, lane: Int) -> BlockTally?
}

extension BlockTally {
  /// The tally as one line of JSON, as a lane's process sends it back:
  /// `{"cases":…,"discards":…,"failingCase":…|null,"tags":[[tag,count],…]}`, tags sorted.
  public var json: JSON {
    .object([
      ("cases", .integer(Int64(cases))), ("discards", .integer(Int64(discards))),
      ("failingCase", failingCase.map { .integer(Int64($0)) } ?? .null),
      ("tags", .array(tags.keys.sorted().map { .array([.string($0), .integer(Int64(tags[$0] ?? 0))]) })),
    ])
  }

  /// The tally `json` holds (as `json` writes it); nil for anything else.
  public init?(json: JSON) {
    guard case .integer(let cases)? = json["cases"], case .integer(let discards)? = json["discards"],
      let failing = json["failingCase"], case .array(let pairs)? = json["tags"], cases >= 0, discards >= 0
    else { return nil }
    var tags: [String: Int] = [:]
    for pair in pairs {
      guard case .array(let parts) = pair, parts.count == 2, case .string(let tag) = parts[0],
        case .integer(let count) = parts[1], count > 0, tags[tag] == nil
      else { return nil }
      tags[tag] = Int(count)
    }
    switch failing {
    case .null: failingCase = nil
    case .integer(let index) where index >= 0: failingCase = Int(index)
    default: return nil
    }
    self.cases = Int(cases)
    self.discards = Int(discards)
    self.tags = tags
  }
}
