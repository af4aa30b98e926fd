import CountMeContract
import CountMeGenerators
import Foundation
import Generators
import PropertyHarness
import Testing

@testable import CountMeProperties

@Suite("F19's input: three versions of one entity")
struct EntityVersionsTests {
  /// A food item's arguments as JSON, with id `id`.
  static func version(_ id: String) -> JSON {
    var item = FoodItemArguments()
    item.id = UUID(uuidString: id) ?? UUID(uuid: (1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1))
    item.name = "b"
    return ModelSchemas.foodItem.json(item)
  }

  static let one = "00000000-0000-0000-0000-000000000001"
  static let other = "00000000-0000-0000-0000-000000000002"

  @Test("versions of one entity are read; a version of another is an error naming its path")
  func oneEntity() throws {
    let same = JSON.object([
      ("versions", .array([Self.version(Self.one), Self.version(Self.one), Self.version(Self.one)]))
    ])
    guard case .foodItem(let versions) = try EntityVersions.decode(same, model: .foodItem) else {
      Issue.record("not read as food items")
      return
    }
    #expect(versions.map(\.id.uuidString) == [Self.one, Self.one, Self.one])
    let mixed = JSON.object([
      ("versions", .array([Self.version(Self.one), Self.version(Self.one), Self.version(Self.other)]))
    ])
    #expect(throws: InputDecodingError.self) { try EntityVersions.decode(mixed, model: .foodItem) }
    do {
      _ = try EntityVersions.decode(mixed, model: .foodItem)
    } catch let error as InputDecodingError {
      #expect(error.path == "input.versions[2].id" && error.problem.contains(Self.one))
    }
  }
}
