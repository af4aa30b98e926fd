import CountMeContract
import CountMeCore
import Foundation
import Generators

/// Versions of one day's log as three devices might hold them, and the items deleted meanwhile.
///
/// Versions of one day's log as three devices might hold them after editing it apart, and the ids
/// of items deleted meanwhile (their tombstones): the input of the daily-log merge (F21).
package struct LogVersions: Sendable {
  /// Three versions of one log: the same id and day, each with its own items, goal and time.
  package var versions: [DailyLogArguments]
  /// Ids of food or exercise items deleted on some device.
  package var deleted: [UUID]

  /// Creates a `LogVersions` from its parts.
  package init(versions: [DailyLogArguments], deleted: [UUID]) {
    self.versions = versions
    self.deleted = deleted
  }
}

extension Gen {
  /// A version's `lastModified`, tying often.
  ///
  /// A version's `lastModified`: 2026-01-01T00:00:00Z plus 0 (half the time, so versions tie
  /// often: a tie is where a rule that depends on the order of its arguments shows), 1 ms or 1 s.
  ///
  /// Shrinks toward the tie.
  static let versionTime: Generator<Date> = element(of: [0, 0, 0.001, 1]).map {
    Date(timeIntervalSince1970: 1_767_225_600 + $0)
  }

  /// Three versions of one entity as three devices might hold them.
  ///
  /// The same `id` (a user's goal, which has none, is one per owner: the same `userId`); each drawn anew with
  /// its own `lastModified`, or (one time in four) a copy of an earlier version in another sync status, which
  /// is the same content.
  package static func versions<A: Sendable, ID>(
    of valid: Generator<Tagged<A>>, id: WritableKeyPath<A, ID> & Sendable,
    lastModified: WritableKeyPath<A, Date> & Sendable, syncStatus: WritableKeyPath<A, SyncStatus> & Sendable
  ) -> Generator<[A]> {
    Generator { source in
      var versions: [A] = []
      for index in 0..<3 {
        if index > 0, try source.draw(bool(probability: 0.25)) {
          var copy = versions[Int(source.draw(upTo: UInt64(index - 1)))]
          copy[keyPath: syncStatus] = try source.draw(Gen.syncStatus)
          versions.append(copy)
          continue
        }
        var version = try source.draw(valid).value
        if let first = versions.first { version[keyPath: id] = first[keyPath: id] }
        version[keyPath: lastModified] = try source.draw(versionTime)
        versions.append(version)
      }
      return versions
    }
  }

  /// Three versions of one day's log, each changing a common log its own way.
  ///
  /// Three versions of one day's log: each keeps, edits (a new version of the same id) or drops
  /// each item of a common log, adds up to two items of its own, and has its own goal and time; a
  /// quarter of all the items' ids are deleted.
  package static let logVersions = Generator<LogVersions> { source in
    let base = try source.draw(validDailyLog).value
    func edited<A>(_ items: [A], _ valid: Generator<Tagged<A>>, id: WritableKeyPath<A, UUID>) throws -> [A] {
      var kept: [A] = []
      for item in items {
        switch source.draw(upTo: 3) {
        case 0: continue
        case 1:
          var edit = try source.draw(valid).value
          edit[keyPath: id] = item[keyPath: id]
          kept.append(edit)
        default: kept.append(item)
        }
      }
      return kept + (try source.draw(array(of: valid.map(\.value), count: 0...2, averageExtra: 0)))
    }
    var versions: [DailyLogArguments] = []
    for _ in 0..<3 {
      var version = base
      version.foodItems = try edited(base.foodItems, validFoodItem, id: \.id)
      version.exerciseItems = try edited(base.exerciseItems, validExerciseItem, id: \.id)
      version.dailyGoal = try source.draw(validGoal)
      version.lastModified = try source.draw(versionTime)
      versions.append(version)
    }
    var deleted: [UUID] = []
    for version in versions {
      for id in version.foodItems.map(\.id) + version.exerciseItems.map(\.id)
      where !deleted.contains(id) && source.draw(upTo: 3) == 0 {
        deleted.append(id)
      }
    }
    return LogVersions(versions: versions, deleted: deleted)
  }
}
