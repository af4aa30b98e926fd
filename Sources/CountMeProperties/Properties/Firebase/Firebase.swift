import CountMeWorlds
import PropertyHarness
import Foundation

/// The Firebase authentication and multi-device sync suite (seed 002).
///
/// Its properties under their own numbers (`F19` is its Property 19), in files `F<n>…swift`; `Catalog.all`
/// lists them.
enum Firebase {
  /// The `versions` of an F19 or F21 case: exactly three (the properties compare three devices).
  ///
  /// NB: found by the corpus-case fuzz target: a file with two versions trapped F19's judge.
  static func threeVersions(_ reader: JSONReader) throws -> [JSON] {
    let versions = try reader.array("versions")
    guard versions.count == 3 else {
      throw InputDecodingError(
        path: "input.versions", problem: "expected three versions, found \(versions.count)")
    }
    return versions
  }

  /// Whether `observed` is `expected`, its `lastModified` as Firestore stores it.
  ///
  /// Up to a microsecond earlier (Firestore keeps microseconds, rounding down), or a `Date`'s last bit either
  /// way (how a client names a time to Firestore is its own choice of digits).
  /// Anything but a live entity is judged as `allows` judges it: a deletion held as nothing counts.
  static func sameStoring(_ observed: CloudDevicesRun.SlotState, _ expected: CloudDevicesRun.SlotState)
    -> Bool
  {
    guard case .live(let held) = observed, case .live(var wanted) = expected else {
      return allows([expected], observed)
    }
    let earlier = wanted.lastModified.timeIntervalSince(held.lastModified)
    // NB: a `Date`'s last bit in 2026 is 2⁻²³ s, about 1.2e-7: held a bit later is the same time.
    let lastBit = held.lastModified.timeIntervalSinceReferenceDate.ulp
    guard earlier >= -lastBit, earlier < 1e-6 + lastBit else { return false }
    wanted.lastModified = held.lastModified
    return observed == .live(wanted)
  }

  /// `judge`'s verdict on the run `run` makes; a run that throws (a valid edit the implementation
  /// refused, or a `RunFailure`) is broken.
  static func judging<Run>(_ run: () throws -> Run, _ judge: (Run) -> Observation) -> Observation {
    do {
      return judge(try run())
    } catch let failure as RunFailure {
      return .broke(failure.description)
    } catch {
      return .broke("a valid edit threw \(ModelProperties.describe(error))")
    }
  }
}
