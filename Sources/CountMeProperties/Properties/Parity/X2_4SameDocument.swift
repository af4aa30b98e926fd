import CountMeContract
import CountMeGenerators
import Foundation
import Generators
import PropertyHarness

extension Parity {
  /// Seed 003, 2.4 and 2.5: both clients write the same document at the same path for the same log.
  ///
  /// Seed 003, 2.4 and 2.5 (and 1.2): for the same log, the iOS app and the Android client write
  /// the same document at the same path: identical field names, value types and values.
  ///
  /// The oracle is the harness's Android client's document (`AndroidLog.document`), compared with
  /// what the iOS app writes as the Firestore SDK stores it, field by field in Firestore's REST
  /// form (`{"integerValue": "19792"}` is not `{"doubleValue": 19792}`; ids are lower case, as
  /// Java's `UUID.toString()`); and its path, `users/{userId}/dailyLogs/{logId}`.
  static let sameDocument = PropertySpec(
    id: "X2.4", name: "Both platforms write the same document at the same path",
    validates: ["2.4", "2.5", "1.2"], judges: [.androidFormat], killBudget: 500,
    generator: { _ in Gen.savedLog },
    encode: \.json, decode: { json, _ in try SavedLog(json: json, path: "input") },
    expect: { _ in .holds("the iOS app writes the Android client's document, at its path") },
    observe: { input, system in
      let android = AndroidLog(saving: input.log, in: input.zone)
      let path = system.androidFormat.androidDailyLogPath(userId: input.log.userId, id: input.log.id)
      guard path == android.path else {
        return .broke("the iOS app writes the log at \(path), the Android client at \(android.path)")
      }
      switch written(input.log, in: input.zone, system) {
      case .failure(let failure): return .broke(failure.message)
      case .success(let document):
        let difference = firstDifference(expected: android.document, written: document, writer: "the iOS app")
        return difference.map { .broke($0) } ?? .holds
      }
    }
  ).erased
}
