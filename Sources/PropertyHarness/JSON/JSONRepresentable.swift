/// A value with a JSON form: model arguments as an object keyed by parameter name, in order.
///
/// Dates are RFC 3339 strings (UTC, to the nanosecond a `Timestamp` keeps), non-finite numbers the
/// strings "NaN", "Infinity", "-Infinity", `-0.0` is kept, and `nil` is `null`.
public protocol JSONRepresentable {
  /// The value's JSON form.
  var json: JSON { get }
}
