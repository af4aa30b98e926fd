import Foundation
import Generators

/// One field of a model's arguments, in a form every layer reads the same way.
///
/// The one value between the arguments, their JSON (reports, `sample`, corpus files) and the comparisons.
package enum FieldValue: Sendable {
  /// An id.
  case uuid(UUID)
  /// A string, or a closed enum by its raw value.
  case text(String)
  /// A number, NaN and the sign of zero included.
  case number(Double)
  /// A whole number.
  case integer(Int)
  /// An instant.
  case date(Date)
  /// An optional field with no value.
  case absent
  /// A list of nested arguments, each as its fields' values in its schema's order.
  ///
  /// NB: the enum is not `indirect` (an array already holds its elements out of line): an
  /// indirect enum boxed every value on the heap, two dozen allocations a model property case.
  case records([[FieldValue]])
}

extension FieldValue: Equatable {
  /// Equality by value, numbers by bit pattern: NaN equals NaN and -0.0 differs from 0.0, as the
  /// JSON the harness prints would.
  package static func == (lhs: FieldValue, rhs: FieldValue) -> Bool {
    switch (lhs, rhs) {
    case (.uuid(let a), .uuid(let b)): return a == b
    case (.text(let a), .text(let b)): return a == b
    case (.number(let a), .number(let b)): return a.bitPattern == b.bitPattern
    case (.integer(let a), .integer(let b)): return a == b
    case (.date(let a), .date(let b)): return a == b
    case (.absent, .absent): return true
    case (.records(let a), .records(let b)): return a == b
    default: return false
    }
  }
}

/// What an argument holds, so that a reader knows what to expect (the JSON codec, the oracle).
package indirect enum FieldKind: Sendable {
  /// A `UUID`.
  case uuid
  /// A `String`.
  case text
  /// A `Double`.
  case number
  /// An `Int`.
  case integer
  /// A `Date`.
  case date
  /// A closed enum by its raw value; `isKnown` says whether a raw value names a case.
  case enumeration(isKnown: @Sendable (String) -> Bool)
  /// An optional `wrapped`.
  case optional(FieldKind)
  /// An array of nested arguments with these fields.
  case list([FieldShape])
}

/// A field's name and kind, all a reader needs to read a nested model.
package struct FieldShape: Sendable {
  /// The argument's name: the initialiser's parameter and the document's key.
  package let name: String
  /// What it holds.
  package let kind: FieldKind
}
