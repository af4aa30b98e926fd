import CountMeContract
import CountMeCore
import CountMeGenerators
import FirestoreCloud
import Foundation
import Generators
import PropertyHarness

extension Workout {
  /// A device's version of an entity and the cloud's (or none there), as 1.4's rule sees them.
  struct ConflictCase: Sendable {
    var local: (updatedAt: Date, contentHash: UInt64)
    var cloud: (updatedAt: Date, contentHash: UInt64)?

    var json: JSON {
      func side(_ s: (updatedAt: Date, contentHash: UInt64)) -> JSON {
        .object([
          ("updatedAt", WorkoutJSON.json(s.updatedAt)), ("contentHash", .integer(Int64(s.contentHash))),
        ])
      }
      return .object([("local", side(local)), ("cloud", cloud.map(side) ?? .null)])
    }

    static func decode(_ json: JSON) throws -> ConflictCase {
      let r = try JSONReader(json, path: "input")
      func side(_ key: String) throws -> (updatedAt: Date, contentHash: UInt64) {
        let s = try JSONReader(try r.value(key), path: "input.\(key)")
        return (try s.date("updatedAt"), UInt64(try s.integer("contentHash", in: 0...Int(Int32.max))))
      }
      return ConflictCase(local: try side("local"), cloud: r.json["cloud"] == .null ? nil : try side("cloud"))
    }

    static let generator: Generator<Tagged<ConflictCase>> = {
      let side = Gen.zip(Gen.workoutTime, Gen.int(in: 1...3).map(UInt64.init))
      return Gen.zip(side, Gen.optional(side, nilProbability: 0.15)).map { local, cloud in
        let tag =
          cloud.map {
            $0.0 == local.0 ? "Conflict.tie" : $0.0 > local.0 ? "Conflict.cloudNewer" : "Conflict.localNewer"
          }
          ?? "Conflict.noCloudVersion"
        return Tagged(ConflictCase(local: local, cloud: cloud.map { ($0.0, $0.1) }), tags: [tag])
      }
    }()
  }

  /// Seed 004, 1.4: the cloud's version wins only when it was changed strictly later; equal or
  /// older, or none in the cloud, the device keeps its own.
  ///
  /// The oracle, written out from the seed's `resolveConflict`: `.cloud` exactly when there is a
  /// cloud version and `cloudUpdatedAt > localUpdatedAt`.
  static let conflictResolution = PropertySpec(
    id: "W1.4", name: "Cloud wins only if strictly newer; a tie goes to local", validates: ["1.4"],
    judges: [.workoutSync], policy: policy, killBudget: 200, generator: { _ in ConflictCase.generator },
    encode: \.json,
    decode: { json, _ in try ConflictCase.decode(json) },
    expect: { _ in .holds("the cloud's version only when it is strictly newer") },
    observe: { input, system in
      let side = system.workoutSync.winner(local: input.local, cloud: input.cloud, policy: policy)
      let expected: WorkoutConflicts.Side =
        input.cloud.map { $0.updatedAt > input.local.updatedAt ? .cloud : .local } ?? .local
      guard side == expected else {
        let cloud = input.cloud.map { "changed at \(FirestoreTime.text($0.updatedAt))" } ?? "none"
        return .broke(
          "local changed at \(FirestoreTime.text(input.local.updatedAt)), cloud \(cloud): kept the \(side.rawValue) "
            + "version, the rule keeps the \(expected.rawValue) one", anomaly: .lostUpdate)
      }
      return .holds
    }
  ).erased
}
