import CountMeCore
import CountMeGenerators
import Foundation
import Generators
import PropertyHarness

/// A device's version of one workout entity and the cloud's (W1.6's and W1.7's input).
struct VersionPair<Entity: Sendable & Hashable>: Sendable {
  var local: Entity
  var cloud: Entity

  /// `{"local": …, "cloud": …}`.
  func json(_ entity: (Entity) -> JSON) -> JSON {
    .object([("local", entity(local)), ("cloud", entity(cloud))])
  }

  /// Reads `{"local": …, "cloud": …}`; the two must be versions of one entity (`key`).
  static func decode<Key: Equatable>(
    _ json: JSON, _ entity: (JSON, String) throws -> Entity, key: (Entity) -> Key
  ) throws -> VersionPair {
    let r = try JSONReader(json, path: "input")
    let pair = VersionPair(
      local: try entity(try r.value("local"), "input.local"),
      cloud: try entity(try r.value("cloud"), "input.cloud"))
    guard key(pair.local) == key(pair.cloud) else {
      throw InputDecodingError(
        path: "input.cloud.id", problem: "the two are versions of one entity, not of two")
    }
    return pair
  }

  /// Two versions drawn from `version`, tagged by which is newer.
  static func generator(_ version: Generator<Entity>, updatedAt: @escaping @Sendable (Entity) -> Date)
    -> Generator<Tagged<VersionPair>>
  {
    Gen.zip(version, version).map { local, cloud in
      let (l, c) = (updatedAt(local), updatedAt(cloud))
      let tag = l == c ? "Versions.tie" : c > l ? "Versions.cloudNewer" : "Versions.localNewer"
      return Tagged(VersionPair(local: local, cloud: cloud), tags: [tag])
    }
  }
}
