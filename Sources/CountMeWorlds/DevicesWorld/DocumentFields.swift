import Foundation

/// Document field values compared as Firestore holds them, maps by key whatever a dictionary's order.
package enum DocumentFields {
  /// The names of the fields `a` and `b` hold differently, sorted.
  package static func differing(_ a: [String: Any], _ b: [String: Any]) -> [String] {
    Set(a.keys).union(b.keys).sorted().filter { !same(a[$0], b[$0]) }
  }

  /// Whether `a` and `b` are the same field value (both absent counts).
  package static func same(_ a: Any?, _ b: Any?) -> Bool {
    switch (a, b) {
    case (nil, nil): return true
    case (let x as [String: Any], let y as [String: Any]):
      return Set(x.keys) == Set(y.keys) && x.keys.allSatisfy { same(x[$0], y[$0]) }
    case (let x as [Any], let y as [Any]):
      return x.count == y.count && zip(x, y).allSatisfy { same($0, $1) }
    case (let x?, let y?): return type(of: x) == type(of: y) && "\(x)" == "\(y)"
    default: return false
    }
  }
}
