/// Where every generator draws its numbers from, recording each draw.
///
/// In random mode the draws come from a seeded `Xoshiro256`; in replay mode from a given choice
/// sequence, each clamped to its bound, and 0 (the simplest value) once the sequence runs out, so an
/// edited sequence always yields a value; in bytes mode from a fuzzer's bytes (see
/// `init(bytes:)`). Either way `choices` records what was actually used: the canonical sequence that
/// reproduces the value.
///
/// A source made with `recording: false` draws the same values but keeps neither choices nor spans:
/// the runner's first pass over a case, which needs them only if the case fails (it then regenerates
/// the case from its seed with recording on, which gives the same value, and shrinks that).
public struct ChoiceSource: Sendable {
  /// A labelled run of draws made by one sub-generator (an array element, a field), `start..<end`.
  public struct Span: Sendable, Equatable {
    /// Index of the span's first draw.
    public let start: Int
    /// Index after the span's last draw.
    public let end: Int
    /// What the span drew, e.g. a field name.
    public let label: String
    /// How deeply it is nested in other spans.
    public let depth: Int
  }

  /// Where fresh draws come from; unused when replaying.
  private var random: Xoshiro256
  /// The sequence being replayed, or nil for fresh random draws.
  private let recorded: [UInt64]?
  /// A fuzzer's bytes being read as draws, or nil.
  private let bytes: [UInt8]?
  /// The next byte of `bytes` to read.
  private var byteOffset = 0
  /// Whether `choices` and `spans` are kept.
  private let recording: Bool
  /// The span whose draws come fresh from `random` while replaying (the explain phase), if any.
  private let fresh: Span?
  /// Whether the draws now come from `random`: inside `fresh`.
  private var drawingFresh = false
  /// The offset from the draw count to the recorded draw, once a `fresh` span has drawn more or fewer than it recorded.
  ///
  /// Added to the draw count to find the recorded draw: after `fresh`, whose new draws may be more
  /// or fewer than the recorded ones, replay goes on from the draw after its recorded end.
  private var replayShift = 0
  /// Draws made so far (`choices.count` when recording).
  private var drawn = 0

  /// The draws used so far.
  public private(set) var choices: [UInt64] = []
  /// Spans of draws, in the order they closed.
  public private(set) var spans: [Span] = []
  /// Candidates a `filter` threw away while generating this value.
  public internal(set) var rejections = 0
  private var depth = 0

  /// Draws past this many return 0, which ends every collection, so generation always terminates.
  public static let maxChoices = 200_000

  /// A source of fresh random draws from `seed`, keeping the choices and spans unless `recording`
  /// is false.
  public init(seed: UInt64, recording: Bool = true) {
    random = Xoshiro256(seed: seed)
    recorded = nil
    bytes = nil
    self.recording = recording
    fresh = nil
  }

  /// A source that replays `choices`, optionally drawing one span of them anew.
  ///
  /// A source that replays `choices`, then returns 0; with `fresh`, the draws of that span (met
  /// again at the same start, label and depth) come from a random source seeded with `seed`
  /// instead, and replay goes on after it: the same value with one part drawn anew.
  public init(replaying choices: [UInt64], fresh: Span? = nil, seed: UInt64 = 0) {
    random = Xoshiro256(seed: seed)
    recorded = choices
    bytes = nil
    recording = true
    self.fresh = fresh
  }

  /// A source that reads its draws from `bytes`, as a coverage-guided fuzzer drives a generator.
  ///
  /// A source that reads its draws from `bytes`, the way a coverage-guided fuzzer drives a
  /// generator: a draw in `0...bound` takes as many bytes as `bound` needs (none for 0, one up to
  /// 255, ..., eight), read big-endian, modulo `bound + 1`; once the bytes run out every draw is 0.
  ///
  /// So any byte string is a valid input, a mutated byte changes one draw, and a longer string gives a larger
  /// value. The choices it records replay the same value, so a fuzzer's find can be shrunk like any failure.
  public init(bytes: [UInt8]) {
    random = Xoshiro256(seed: 0)
    recorded = nil
    self.bytes = bytes
    recording = true
    fresh = nil
  }

  /// A draw in `0...bound`. Lower is simpler: generators map 0 to their simplest value.
  public mutating func draw(upTo bound: UInt64) -> UInt64 {
    let index = drawn
    drawn += 1
    // NB: a source that records nothing was made from a seed alone: fresh draws, nothing kept.
    guard recording else { return index < Self.maxChoices ? random.next(upTo: bound) : 0 }
    var value: UInt64 = 0
    if index < Self.maxChoices {
      if let recorded, !drawingFresh {
        let replayed = index + replayShift
        value = replayed < recorded.count ? Swift.min(recorded[replayed], bound) : 0
      } else if recorded != nil {
        value = random.next(upTo: bound)
      } else if let bytes {
        value = Self.read(bytes, at: &byteOffset, upTo: bound)
      } else {
        value = random.next(upTo: bound)
      }
    }
    choices.append(value)
    return value
  }

  /// The draw `init(bytes:)` documents: `bound`'s byte width of `bytes` from `offset`, big-endian
  /// (missing bytes read as 0), modulo `bound + 1`.
  private static func read(_ bytes: [UInt8], at offset: inout Int, upTo bound: UInt64) -> UInt64 {
    let width = (UInt64.bitWidth - bound.leadingZeroBitCount + 7) / 8
    guard width > 0, offset < bytes.count else { return 0 }
    var raw: UInt64 = 0
    for index in offset..<(offset + width) {
      raw = raw << 8 | UInt64(index < bytes.count ? bytes[index] : 0)
    }
    offset += width
    return bound == .max ? raw : raw % (bound + 1)
  }

  /// Runs `body`, recording the draws it makes as one span named `label` for the shrinker.
  public mutating func span<T>(_ label: String, _ body: (inout ChoiceSource) throws -> T) rethrows -> T {
    // NB: a source that records nothing keeps no spans and has no span to draw fresh (only a
    // replaying source has one), so its spans are their bodies alone.
    guard recording else { return try body(&self) }
    let start = drawn
    let isFresh =
      fresh.map { $0.start == start + replayShift && $0.label == label && $0.depth == depth } ?? false
    if isFresh { drawingFresh = true }
    depth += 1
    defer {
      depth -= 1
      if drawn > start {
        spans.append(Span(start: start, end: drawn, label: label, depth: depth))
      }
      if isFresh, let fresh {
        drawingFresh = false
        replayShift = fresh.end - drawn
      }
    }
    return try body(&self)
  }

  /// Draws a value from `generator`.
  public mutating func draw<Value>(_ generator: Generator<Value>) throws -> Value {
    try generator.run(&self)
  }
}
