/// Shrinks a failing value by editing the choices that generated it.
///
/// Works for any generator with no per-type code (the Hypothesis approach): each pass proposes an
/// edited choice sequence, replays the generator on it, and keeps the edit when the value still
/// fails and its canonical choices are simpler (shorter, or as long and lexicographically smaller).
/// A shrunk value is therefore always one the generator can produce. Passes, repeated to a fixed
/// point or until the budget of property runs is spent: delete spans, delete windows of draws, zero
/// blocks, lower each draw by binary search toward 0, lower a small draw while saturating the next
/// (to switch a branch without losing the failure), and sort sibling spans; at a fixed point of
/// those, delete two or three sibling spans at once.
public struct Shrinker<Value> {
  /// The outcome: the simplest failing value found, and what finding it cost.
  public struct Result {
    /// The simplest failing value found.
    public let value: Value
    /// The draws that make it.
    public let choices: [UInt64]
    /// Edits kept (each made the value simpler and still failing).
    public let steps: Int
    /// Times the property ran.
    public let runs: Int
    /// True when the budget ran out before a fixed point.
    public let exhaustedBudget: Bool
  }

  private let generator: Generator<Value>
  private let fails: (Value) -> Bool
  private let budget: Int
  private var current: Generated<Value>
  private var steps = 0
  private var runs = 0
  private var tried: Set<[UInt64]> = []

  /// Shrinks the value that `choices` give.
  ///
  /// - Parameters:
  ///   - generator: the generator that made the failing value.
  ///   - choices: the choices it was made from.
  ///   - budget: the most property runs to spend.
  ///   - fails: true when a value still fails the property.
  /// - Returns: the simplest failing value found; the original when `choices` no longer replay.
  public static func shrink(
    _ generator: Generator<Value>, from choices: [UInt64], budget: Int = 2_000,
    fails: @escaping (Value) -> Bool
  ) throws -> Result {
    var shrinker = Shrinker(
      generator: generator, start: try generator.replay(choices), budget: budget, fails: fails)
    shrinker.run()
    return Result(
      value: shrinker.current.value, choices: shrinker.current.choices, steps: shrinker.steps,
      runs: shrinker.runs,
      exhaustedBudget: shrinker.runs >= budget)
  }

  private init(
    generator: Generator<Value>, start: Generated<Value>, budget: Int, fails: @escaping (Value) -> Bool
  ) {
    self.generator = generator
    self.current = start
    self.budget = budget
    self.fails = fails
  }

  private var hasBudget: Bool { runs < budget }

  private mutating func run() {
    var previous: [UInt64]
    repeat {
      repeat {
        previous = current.choices
        deleteSpans()
        deleteWindows()
        zeroBlocks()
        lowerDraws()
        lowerAndSaturateNext()
        sortSiblingSpans()
      } while current.choices != previous && hasBudget
      _ = deleteSiblings(2) || deleteSiblings(3)
    } while current.choices != previous && hasBudget
  }

  /// Deletes `count` sibling spans at once, where none can go alone.
  ///
  /// Deletes `count` sibling spans (same label and depth, such as steps of a scenario) at once,
  /// where none alone can go: steps that only matter together, like an enqueue and the two process
  /// steps that send it and take its answer.
  ///
  /// Tried at a fixed point of the other passes, on small values only (pairs among at most 32 siblings,
  /// triples among at most 12). - Returns: true when a deletion was kept.
  private mutating func deleteSiblings(_ count: Int) -> Bool {
    let spans = current.spans
    guard spans.count <= 256 else { return false }
    var siblings: [String: [ChoiceSource.Span]] = [:]
    for span in spans { siblings["\(span.depth) \(span.label)", default: []].append(span) }
    for key in siblings.keys.sorted() {
      guard let group = siblings[key], group.count <= (count == 2 ? 32 : 12) else { continue }
      for chosen in Self.combinations(of: group.count, taking: count) where hasBudget {
        let picked = chosen.map { group[$0] }
        guard zip(picked, picked.dropFirst()).allSatisfy({ $0.end <= $1.start }),
          let last = picked.last, last.end <= current.choices.count
        else { continue }
        var candidate = current.choices
        for span in picked.reversed() { candidate.removeSubrange(span.start..<span.end) }
        // The spans moved: the next pass starts from the new value's own.
        if consider(candidate) { return true }
      }
    }
    return false
  }

  /// Every increasing choice of `k` indices below `n`, in lexicographic order.
  static func combinations(of n: Int, taking k: Int) -> [[Int]] {
    guard k > 0 else { return [[]] }
    guard n >= k else { return [] }
    var result: [[Int]] = []
    func extend(_ prefix: [Int], from start: Int) {
      if prefix.count == k {
        result.append(prefix)
        return
      }
      for index in start..<n where n - index >= k - prefix.count { extend(prefix + [index], from: index + 1) }
    }
    extend([], from: 0)
    return result
  }

  /// Keeps `candidate` when it replays to a simpler value that still fails.
  @discardableResult
  private mutating func consider(_ candidate: [UInt64]) -> Bool {
    guard hasBudget, Self.simpler(candidate, than: current.choices), tried.insert(candidate).inserted,
      let replayed = try? generator.replay(candidate), Self.simpler(replayed.choices, than: current.choices)
    else { return false }
    runs += 1
    guard fails(replayed.value) else { return false }
    current = replayed
    steps += 1
    return true
  }

  /// Shortlex order: shorter is simpler; at equal length, lexicographically smaller is.
  static func simpler(_ a: [UInt64], than b: [UInt64]) -> Bool {
    a.count != b.count ? a.count < b.count : a.lexicographicallyPrecedes(b)
  }

  private mutating func deleteSpans() {
    var index = 0
    while index < current.spans.count && hasBudget {
      let spans = current.spans.sorted { ($0.end - $0.start, $1.start) > ($1.end - $1.start, $0.start) }
      guard index < spans.count else { return }
      let span = spans[index]
      var candidate = current.choices
      candidate.removeSubrange(span.start..<span.end)
      if !consider(candidate) { index += 1 }
    }
  }

  private mutating func deleteWindows() {
    for width in [8, 4, 2, 1] {
      var start = current.choices.count - width
      while start >= 0 && hasBudget {
        var candidate = current.choices
        if start + width <= candidate.count {
          candidate.removeSubrange(start..<start + width)
          consider(candidate)
        }
        start -= 1
      }
    }
  }

  private mutating func zeroBlocks() {
    for span in current.spans where hasBudget {
      zero(span.start..<span.end)
    }
    for width in [8, 4, 2] {
      var start = 0
      while start + width <= current.choices.count && hasBudget {
        zero(start..<start + width)
        start += 1
      }
    }
  }

  private mutating func zero(_ range: Range<Int>) {
    guard range.upperBound <= current.choices.count, current.choices[range].contains(where: { $0 != 0 })
    else { return }
    var candidate = current.choices
    candidate.replaceSubrange(range, with: repeatElement(0, count: range.count))
    consider(candidate)
  }

  private mutating func lowerDraws() {
    var index = 0
    while index < current.choices.count && hasBudget {
      lower(at: index)
      index += 1
    }
  }

  /// Binary search for the smallest value at `index` that still fails, assuming smaller fails less.
  private mutating func lower(at index: Int) {
    guard current.choices[index] > 0 else { return }
    func with(_ value: UInt64) -> [UInt64] {
      var candidate = current.choices
      candidate[index] = value
      return candidate
    }
    if consider(with(0)) { return }
    var passing: UInt64 = 0
    var failing = current.choices[index]
    while failing - passing > 1 && hasBudget && index < current.choices.count {
      let middle = passing + (failing - passing) / 2
      if consider(with(middle)) {
        guard index < current.choices.count else { return }
        failing = current.choices[index]
      } else {
        passing = middle
      }
    }
  }

  /// Lowers each small draw (a branch or an index, below 16) while setting the draw after it to its
  /// maximum, which replay clamps to that draw's bound.
  ///
  /// NB: moving a double from the boundary branch to the whole-number branch reinterprets the next
  /// draw (a list index, say 3) as the number (3), which no longer fails; no single-draw edit gets
  /// from 50,000 to 40,001. Saturating the next draw gives the new branch its largest value, and
  /// `lowerDraws` then binary-searches it down.
  private mutating func lowerAndSaturateNext() {
    var index = 0
    while index + 1 < current.choices.count && hasBudget {
      let value = current.choices[index]
      if value > 0 && value < 16 {
        for lower in 0..<value {
          var candidate = current.choices
          candidate[index] = lower
          candidate[index + 1] = .max
          if consider(candidate) { break }
        }
      }
      index += 1
    }
  }

  private mutating func sortSiblingSpans() {
    let spans = current.spans
    for (left, right) in zip(spans, spans.dropFirst()) where hasBudget {
      guard left.label == right.label, left.depth == right.depth, left.end == right.start,
        right.end <= current.choices.count
      else { continue }
      let first = current.choices[left.start..<left.end], second = current.choices[right.start..<right.end]
      guard second.lexicographicallyPrecedes(first) else { continue }
      var candidate = current.choices
      candidate.replaceSubrange(left.start..<right.end, with: Array(second) + Array(first))
      consider(candidate)
    }
  }
}
