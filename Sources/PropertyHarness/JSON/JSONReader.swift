/// Why a JSON input could not be read, with the path of the value.
public struct InputDecodingError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Where the problem is, e.g. `input.ingredients[1].quantity`.
  public let path: String
  /// What is wrong.
  public let problem: String
  /// How reports print it.
  public var description: String { "\(path): \(problem)" }

  /// An error at `path`: `problem` says what is wrong.
  public init(path: String, problem: String) {
    self.path = path
    self.problem = problem
  }
}

/// Reads the fields of one JSON object, naming the path of any problem.
package struct JSONReader {
  package let json: JSON
  package let path: String

  package init(_ json: JSON, path: String) throws {
    guard case .object = json else { throw InputDecodingError(path: path, problem: "expected an object") }
    self.json = json
    self.path = path
  }

  package func fail(_ key: String, _ problem: String) -> InputDecodingError {
    InputDecodingError(path: "\(path).\(key)", problem: problem)
  }

  package func value(_ key: String) throws -> JSON {
    guard let value = json[key] else { throw fail(key, "missing") }
    return value
  }

  package func string(_ key: String) throws -> String {
    guard let text = try value(key).stringValue else { throw fail(key, "expected a string") }
    return text
  }

  /// The boolean at `key`; false when absent.
  package func optionalBool(_ key: String) throws -> Bool {
    guard let value = json[key] else { return false }
    guard case .bool(let flag) = value else { throw fail(key, "expected true or false") }
    return flag
  }

  package func optionalString(_ key: String) throws -> String? {
    if json[key] == nil || json[key] == .null { return nil }
    return try string(key)
  }

  package func number(_ key: String) throws -> Double {
    guard let number = try value(key).numberValue else {
      throw fail(key, "expected a number, or \"NaN\", \"Infinity\", \"-Infinity\"")
    }
    return number
  }

  package func optionalNumber(_ key: String) throws -> Double? {
    if json[key] == nil || json[key] == .null { return nil }
    return try number(key)
  }

  package func integer(_ key: String, in range: ClosedRange<Int>) throws -> Int {
    let value = try integer(key)
    guard range.contains(value) else { throw fail(key, "expected a whole number in \(range), not \(value)") }
    return value
  }

  package func integer(_ key: String) throws -> Int {
    guard case .integer(let number) = try value(key), let integer = Int(exactly: number) else {
      throw fail(key, "expected a whole number")
    }
    return integer
  }

  package func rawEnum<E: RawRepresentable>(_ key: String, _ type: E.Type) throws -> E
  where E.RawValue == String {
    let text = try string(key)
    guard let value = E(rawValue: text) else { throw fail(key, "unknown value \"\(text)\"") }
    return value
  }

  package func array(_ key: String) throws -> [JSON] {
    guard case .array(let values) = try value(key) else { throw fail(key, "expected an array") }
    return values
  }

  /// The whole numbers in `range` of array `key`; empty when `key` is absent (optional is for
  /// fields added after files were written).
  package func integers(_ key: String, in range: ClosedRange<Int>, optional: Bool = false) throws -> [Int] {
    if optional && json[key] == nil { return [] }
    return try array(key).enumerated().map { index, value in
      guard case .integer(let number) = value, let small = Int(exactly: number), range.contains(small) else {
        throw InputDecodingError(
          path: "\(path).\(key)[\(index)]", problem: "expected a whole number in \(range)")
      }
      return small
    }
  }
}
