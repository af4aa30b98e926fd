import CountMeCore
import CountMeGenerators
import FirestoreCloud
import Foundation
import Generators
import PropertyHarness
import Testing

@Suite("Firestore REST typed-value JSON")
struct FirestoreRESTTests {
  @Test(
    "every generated document survives document → REST JSON → text → document",
    arguments: DocumentModel.allCases)
  func roundTrip(model: DocumentModel) throws {
    for index in 0..<300 {
      for generator in [Gen.validDocument(model), Gen.corruptDocument(model), Gen.benignDocument(model)] {
        let document = try generator.generate(seed: Seed.derive(7, UInt64(index))).value.value.document
        let text = FirestoreREST.encode(document).text()
        let back = try FirestoreREST.decodeDocument(try JSON.parse(text))
        #expect(FirestoreREST.encode(back) == FirestoreREST.encode(document), "case \(index): \(text)")
      }
    }
  }

  @Test("a document as the issue writes it reads into the SDK's types")
  func readsTheSpecExample() throws {
    let text = """
      {"fields": {"name": {"stringValue": "Oats"}, "calories": {"doubleValue": 150}, "servings": {"integerValue": "2"},
       "timestamp": {"timestampValue": "2026-01-19T08:00:00Z"}, "gone": {"nullValue": null}, "flag": {"booleanValue": true},
       "bad": {"doubleValue": "NaN"}, "ingredients": {"arrayValue": {"values": [{"mapValue": {"fields": {"unit": {"stringValue": "g"}}}}]}},
       "empty": {"arrayValue": {}}}}
      """
    let document = try FirestoreREST.decodeDocument(try JSON.parse(text))
    let native = document.dictionary
    #expect(native["name"] as? String == "Oats" && native["calories"] as? Double == 150)
    #expect(native["servings"] as? Int64 == 2 && native["flag"] as? Bool == true && native["gone"] is NSNull)
    #expect((native["bad"] as? Double)?.isNaN == true)
    #expect(native["timestamp"] as? Timestamp == Timestamp(seconds: 1_768_809_600, nanoseconds: 0))
    #expect(((native["ingredients"] as? [Any])?.first as? [String: Any])?["unit"] as? String == "g")
    #expect((native["empty"] as? [Any])?.isEmpty == true)
  }

  @Test("every Firestore value type reads from REST JSON, both null forms and omitted zero coordinates")
  func everyValueType() throws {
    let text = """
      {"fields": {"a": {"nullValue": "NULL_VALUE"}, "b": {"nullValue": null},
       "thumb": {"bytesValue": "T2F0cw=="}, "log": {"referenceValue": "projects/p/databases/(default)/documents/users/u/dailyLogs/d"},
       "where": {"geoPointValue": {"latitude": 51.5}}, "origin": {"geoPointValue": {}}}}
      """
    let document = try FirestoreREST.decodeDocument(try JSON.parse(text))
    #expect(document["a"] == .null && document["b"] == .null)
    #expect(document["thumb"] == .bytes(Data("Oats".utf8)))
    #expect(
      document["log"]
        == .reference(DocumentReference(path: "projects/p/databases/(default)/documents/users/u/dailyLogs/d"))
    )
    #expect(document["where"] == .geoPoint(GeoPoint(latitude: 51.5, longitude: 0)))
    #expect(document["origin"] == .geoPoint(GeoPoint(latitude: 0, longitude: 0)))
    let native = document.dictionary
    #expect(
      native["thumb"] as? Data == Data("Oats".utf8)
        && native["where"] as? GeoPoint == GeoPoint(latitude: 51.5, longitude: 0))
    #expect(
      try Document(native: native)
        == Document(document.fields.sorted { $0.name < $1.name }.map { ($0.name, $0.value) }))
    let rest = FirestoreREST.encode(document)
    #expect(FirestoreREST.encode(try FirestoreREST.decodeDocument(try JSON.parse(rest.text()))) == rest)
  }

  @Test("what the app's toFirestoreData writes maps to a Document and back unchanged")
  func native() throws {
    let meal = try CustomMeal(
      name: "Porridge",
      ingredients: [try Ingredient(name: "Oats", quantity: 40, unit: "g", calories: 150, protein: 5)],
      createdAt: Date(timeIntervalSince1970: 1_768_809_600),
      lastUsedAt: Date(timeIntervalSince1970: 1_768_809_600),
      userId: "u", lastModified: Date(timeIntervalSince1970: 1_768_809_600))
    let document = try Document(native: meal.toFirestoreData())
    #expect(try CustomMeal.fromFirestoreData(document.dictionary) == meal)
    #expect(try Document(native: document.dictionary) == document)
    #expect(
      try Document(native: ["b": NSNumber(value: true), "i": NSNumber(value: 7), "d": NSNumber(value: 7.5)])
        == Document([("b", .boolean(true)), ("d", .double(7.5)), ("i", .integer(7))]))
  }

  @Test(
    "unreadable typed values name their path",
    arguments: [
      (#"{"fields": {"a": {"integerValue": "x"}}}"#, "fields.a"),
      (#"{"fields": {"a": {"mapValue": {"fields": {"b": {"stringValue": 1}}}}}}"#, "fields.a.fields.b"),
      (#"{"fields": {"a": {"arrayValue": {"values": [{"what": 1}]}}}}"#, "fields.a[0]"),
      (#"{"fields": {"t": {"timestampValue": "10000-01-01T00:00:00Z"}}}"#, "fields.t"),
      (#"{"fieldz": {}}"#, "document"),
      (#"{"fields": {"b": {"bytesValue": "%%%"}}}"#, "fields.b"),
      (#"{"fields": {"g": {"geoPointValue": {"latitude": 91}}}}"#, "fields.g"),
      (#"{"fields": {"g": {"geoPointValue": {"lat": 1}}}}"#, "fields.g"),
      (#"{"fields": {"n": {"nullValue": "NULL"}}}"#, "fields.n"),
    ])
  func errors(text: String, path: String) throws {
    let json = try JSON.parse(text)
    #expect(throws: FirestoreREST.DecodingError.self) { try FirestoreREST.decodeDocument(json) }
    do { _ = try FirestoreREST.decodeDocument(json) } catch let error as FirestoreREST.DecodingError {
      #expect(error.path == path, "\(error)")
    }
  }
}
