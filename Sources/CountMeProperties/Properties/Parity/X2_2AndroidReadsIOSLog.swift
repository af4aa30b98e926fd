import CountMeContract
import CountMeGenerators
import FirestoreCloud
import Foundation
import Generators
import PropertyHarness

extension Parity {
  /// Seed 003, 2.2 (and 6.3): a daily log saved on iOS is readable by the Android app, and holds
  /// what the iOS user saved.
  ///
  /// The oracle is the harness's Android client (`AndroidLog`): it reads the document the iOS app
  /// wrote as the Android SDK maps it, and must find exactly the log it would have saved itself
  /// from the same log in the same zone: the same id and owner, the local day (`LocalDays`), the
  /// item ids in order, the calories summed in order from 0 and the goal (numbers by their bits),
  /// and the whole second of the last change, toward the past.
  static let androidReadsIOSLog = PropertySpec(
    id: "X2.2", name: "A log saved on iOS is read by Android as the same log", validates: ["2.2", "6.3"],
    judges: [.androidFormat], killBudget: 1_000,
    generator: { _ in Gen.savedLog },
    encode: \.json, decode: { json, _ in try SavedLog(json: json, path: "input") },
    expect: { _ in .holds("the Android client reads the iOS document as the log it would have saved") },
    observe: { input, system in
      let document: Document
      switch written(input.log, in: input.zone, system) {
      case .success(let value): document = value
      case .failure(let failure): return .broke(failure.message)
      }
      let read: AndroidLog
      do {
        read = try AndroidLog(reading: document)
      } catch {
        return .broke("\(error), in the log the iOS app saved in \(input.zone.name)")
      }
      let expected = AndroidLog(saving: input.log, in: input.zone)
      return difference(read, expected).map { .broke("the Android client read the iOS log with \($0)") }
        ?? .holds
    }
  ).erased

  /// The first field where `read` differs from `expected`, as "field X, not Y"; nil when none.
  static func difference(_ read: AndroidLog, _ expected: AndroidLog) -> String? {
    func bits(_ value: Double?) -> UInt64? { value?.bitPattern }
    func list(_ ids: [UUID]) -> String { "[" + ids.map(AndroidLog.text).joined(separator: ", ") + "]" }
    let checks: [(String, Bool, String, String)] = [
      ("id", read.id == expected.id, AndroidLog.text(read.id), AndroidLog.text(expected.id)),
      ("userId", read.userId == expected.userId, read.userId, expected.userId),
      ("date", read.epochDay == expected.epochDay, "\(read.epochDay)", "\(expected.epochDay)"),
      (
        "foodItemIds", read.foodItemIds == expected.foodItemIds, list(read.foodItemIds),
        list(expected.foodItemIds)
      ),
      (
        "exerciseItemIds", read.exerciseItemIds == expected.exerciseItemIds, list(read.exerciseItemIds),
        list(expected.exerciseItemIds)
      ),
      (
        "totalCalories", read.totalCalories.bitPattern == expected.totalCalories.bitPattern,
        "\(read.totalCalories)", "\(expected.totalCalories)"
      ),
      (
        "dailyGoal", bits(read.dailyGoal) == bits(expected.dailyGoal),
        "\(read.dailyGoal.map { "\($0)" } ?? "none")", "\(expected.dailyGoal.map { "\($0)" } ?? "none")"
      ),
      ("updatedAt", read.updatedAt == expected.updatedAt, "\(read.updatedAt)", "\(expected.updatedAt)"),
    ]
    guard let wrong = checks.first(where: { !$0.1 }) else { return nil }
    return "\(wrong.0) \(wrong.2), not \(wrong.3)"
  }
}
