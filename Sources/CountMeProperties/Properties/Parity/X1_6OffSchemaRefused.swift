import CountMeContract
import CountMeCore
import CountMeGenerators
import Foundation
import Generators
import PropertyHarness

extension Parity {
  /// Seed 003, 1.6: a document off Android's field mapping is refused, with the error naming why.
  ///
  /// Seed 003, 1.6: the iOS app reads a log with Android's field mapping, so a document off that
  /// mapping is refused, with the error that names what is wrong: a field missing, a day or a
  /// second that is no integer (a whole double included; an iOS timestamp in `updatedAt`), a day
  /// or second beyond what Firestore's instants reach, calories negative or not finite, a goal
  /// above 50,000, an empty owner.
  ///
  /// The oracle is the corruption applied (`AndroidCorruption`): `missingField`, `wrongType` or
  /// `invalidData` with its rule, for that field of `DailyLog`.
  static let offSchemaRefused = PropertySpec(
    id: "X1.6", name: "A document off the Android schema is refused, naming the field", validates: ["1.6"],
    judges: [.androidFormat], killBudget: 1_000,
    generator: { _ in BrokenAndroidLog.generator }, encode: \.json,
    decode: { json, _ in try BrokenAndroidLog(json: json) },
    expect: { _ in .holds("the document is refused with the error its corruption predicts") },
    observe: { input, system in
      let (kind, rule) = input.corruption.expected
      let field = input.corruption.field
      let wanted = "\(kind) for DailyLog.\(field)" + (rule.map { " (\($0.rawValue))" } ?? "")
      do {
        _ = try system.androidFormat.decodeAndroidDailyLog(
          input.document.dictionary, readIn: input.zone.timeZone)
        return .broke("a document with \(input.corruption.rawValue) was read, not refused with \(wanted)")
      } catch let error as SyncError {
        let matches: Bool
        switch error {
        case .missingField(let model, let got):
          matches = kind == "missingField" && model == "DailyLog" && got == field
        case .wrongType(let model, let got, _):
          matches = kind == "wrongType" && model == "DailyLog" && got == field
        default:
          let violation = error.dataViolation
          matches =
            kind == "invalidData" && violation?.model == "DailyLog" && violation?.field == field
            && violation?.rule == rule
        }
        return matches
          ? .holds
          : .broke("a document with \(input.corruption.rawValue) was refused with \(error), not \(wanted)")
      } catch {
        return .broke(
          "a document with \(input.corruption.rawValue) threw \(ModelProperties.describe(error)), not \(wanted)"
        )
      }
    }
  ).erased
}
