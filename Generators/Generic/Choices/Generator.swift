/// A generator of values: a function from a choice source to a value.
///
/// Every generator is replayable (the same choices give the same value) and shrinkable for free
/// (the shrinker edits the choices, see `Shrinker`). Build generators from the factories in `Gen`
/// and the combinators below, or write one directly over `ChoiceSource.draw`.
public struct Generator<Value>: Sendable {
  /// Draws a value from `source`: how a generator written over the source runs the ones it is built of.
  public let run: @Sendable (inout ChoiceSource) throws -> Value

  /// A generator from a function that draws what it needs from the source.
  ///
  /// The function must be deterministic: its value may depend only on what it draws.
  public init(_ run: @escaping @Sendable (inout ChoiceSource) throws -> Value) { self.run = run }

  /// The value for `seed`, with the choices that reproduce it when `recording`.
  ///
  /// The value for `seed`, with the choices that reproduce it (none when `recording` is false: the
  /// same value, cheaper, for a caller that regenerates it with recording when it needs the choices).
  ///
  /// - Throws: `GenerationError.discarded` when a `filter` ran out of attempts.
  ///
  /// NB: inlinable, so a caller that knows `Value` (a property's case function) gets it compiled
  /// for that type: unspecialised, each call looked up `Generated<Value>`'s metadata.
  @inlinable
  public func generate(seed: UInt64, recording: Bool = true) throws -> Generated<Value> {
    var source = ChoiceSource(seed: seed, recording: recording)
    let value = try run(&source)
    return Generated(
      value: value, choices: source.choices, spans: source.spans, rejections: source.rejections)
  }

  /// The value `choices` gives with the draws of span `fresh` made anew from `seed`: the same
  /// value with one labelled part drawn again (the explain phase).
  public func replay(_ choices: [UInt64], fresh: ChoiceSource.Span, seed: UInt64) throws -> Generated<Value> {
    var source = ChoiceSource(replaying: choices, fresh: fresh, seed: seed)
    let value = try run(&source)
    return Generated(
      value: value, choices: source.choices, spans: source.spans, rejections: source.rejections)
  }

  /// The value the choice sequence `choices` gives (an edited sequence gives a nearby value).
  public func replay(_ choices: [UInt64]) throws -> Generated<Value> {
    var source = ChoiceSource(replaying: choices)
    let value = try run(&source)
    return Generated(
      value: value, choices: source.choices, spans: source.spans, rejections: source.rejections)
  }
}

/// A generated value with the canonical choices that reproduce it.
public struct Generated<Value> {
  /// The value generated.
  public let value: Value
  /// The draws it was made from: replaying them gives the same value.
  public let choices: [UInt64]
  /// Where each labelled part of the value sits among the draws.
  public let spans: [ChoiceSource.Span]
  /// Candidates a `filter` threw away on the way.
  public let rejections: Int

  @usableFromInline
  init(value: Value, choices: [UInt64], spans: [ChoiceSource.Span], rejections: Int) {
    self.value = value
    self.choices = choices
    self.spans = spans
    self.rejections = rejections
  }
}

extension Generated: Sendable where Value: Sendable {}

/// Why a generator produced no value.
public enum GenerationError: Error, Equatable, Sendable {
  /// A `filter` rejected every one of its attempts. Loosen the predicate, or build the values
  /// directly instead of filtering.
  case discarded(attempts: Int)
}
