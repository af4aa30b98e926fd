import CountMeGenerators
import FirestoreCloud
import Foundation
import PropertyHarness

extension JSONReader {
  package func uuid(_ key: String) throws -> UUID {
    guard let id = UUID(uuidText: try string(key)) else { throw fail(key, "expected a UUID") }
    return id
  }

  package func date(_ key: String) throws -> Date {
    guard let stamp = RFC3339.parse(try string(key)) else {
      throw fail(key, "expected an RFC 3339 time such as 2026-01-19T08:00:00Z")
    }
    return FirestoreTime.date(stamp)
  }
}
