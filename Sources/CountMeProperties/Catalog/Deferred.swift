import CountMeContract
import CountMeCore
import PropertyHarness

/// A value made only when something reads it: what an observation carries for reports.
///
/// NB: nearly every observation a property makes is the expected one, which nobody prints; making
/// each rejection's message up front took a tenth of a model property's time, and each accepted
/// model's JSON a fifth.
public struct Deferred<Value>: Sendable, CustomStringConvertible {
  private let make: @Sendable () -> Value

  /// A value already made.
  public init(_ value: Value) where Value: Sendable { make = { value } }

  /// The value `make` makes, when asked (each time: it is read at most once or twice).
  init(_ make: @escaping @Sendable () -> Value) { self.make = make }

  /// The value.
  public var value: Value { make() }
  /// How reports print it.
  public var description: String { "\(value)" }
}
