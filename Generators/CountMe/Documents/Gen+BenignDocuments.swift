import CountMeContract
import CountMeCore
import FirestoreCloud
import Foundation
import Generators

extension Gen {
  /// Geo points anywhere on Earth.
  static let geoPointValue: Generator<DocumentValue> = zip(double(in: -90...90), double(in: -180...180))
    .map { .geoPoint(GeoPoint(latitude: $0, longitude: $1)) }

  /// References as the SDK and the REST API write them: a path, or a full resource name.
  static let referenceValue: Generator<DocumentValue> = element(of: [
    "users/uid-alice/dailyLogs/2026-01-19",
    "projects/countme/databases/(default)/documents/users/uid-alice/customMeals/m1",
  ]).map { .reference(DocumentReference(path: $0)) }

  /// Bytes, such as a thumbnail's first few.
  static let bytesValue: Generator<DocumentValue> = array(
    of: int(in: 0...255), count: 0...16, averageExtra: 4
  )
  .map { .bytes(Data($0.map(UInt8.init))) }

  /// Any Firestore value, nested up to `depth` levels: for unknown keys a client may add.
  static func anyDocumentValue(depth: Int) -> Generator<DocumentValue> {
    var choices: [(weight: Int, generator: Generator<DocumentValue>)] = [
      (2, visibleName.map { .string($0) }), (1, constant(.null)), (1, bool().map { .boolean($0) }),
      (1, int(in: -1_000...1_000).map { .integer(Int64($0)) }), (1, anyFinite.map { .double($0) }),
      (1, date.map { stamp($0) }), (1, geoPointValue), (1, referenceValue), (1, bytesValue),
    ]
    if depth > 0 {
      let inner = anyDocumentValue(depth: depth - 1)
      choices.append((1, array(of: inner, count: 0...4, averageExtra: 1).map { .array($0) }))
      choices.append(
        (
          1,
          array(of: zip(element(of: ["a", "b", "nested", "ключ"]), inner), count: 0...3, averageExtra: 1)
            .map { pairs in
              // A map's keys are unique: a later pair with a key already drawn is left out.
              var seen: Set<String> = []
              return .map(Document(pairs.filter { seen.insert($0.0).inserted }))
            }
        ))
    }
    return frequency(choices)
  }

  static let unknownKeys = [
    "dailyLogId", "_schemaVersion", "deviceId", "tags", "createdBy", "clientVersion", "🙂",
  ]

  /// Documents that look unusual but are valid and must decode, tagged `Document.<Model>.benign.<kind>`.
  ///
  /// Unknown extra keys; an optional field present as null (for UserGoal, which has none, a null under an
  /// unknown key); a very long name (5,000–20,000 characters; a log's or goal's owner, which have no name); a
  /// timestamp at Firestore's first or last instant; a very large array (CustomMeal: 100–300 ingredients,
  /// DailyLog: 500–3,000 ids); and for ExerciseItem an exercise type or intensity the app does not know,
  /// which must be kept.
  package static func benignDocument(_ model: DocumentModel) -> Generator<Tagged<DocumentInput>> {
    var kinds: [(String, Generator<Document>)] = [
      (
        "extraKeys",
        Generator { source in
          var document = try document(of: model).run(&source)
          let keys = try source.draw(array(of: element(of: unknownKeys), count: 1...4, averageExtra: 1))
          for key in keys { document[key] = try source.draw(anyDocumentValue(depth: 2)) }
          return document
        }
      ),
      (
        "nullOptional",
        Generator { source in
          var document = try document(of: model).run(&source)
          switch model {
          case .foodItem:
            document[try source.draw(element(of: ["protein", "carbohydrates", "fats", "servingSize"]))] =
              .null
          case .exerciseItem: document[try source.draw(element(of: ["durationMinutes", "notes"]))] = .null
          case .dailyLog: document["dailyGoal"] = .null
          case .userGoal: document["note"] = .null  // no optional field: a null under an unknown key
          case .customMeal:
            guard case .array(var ingredients)? = document["ingredients"],
              case .map(var first) = ingredients[0]
            else {
              return document
            }
            first["fats"] = .null
            ingredients[0] = .map(first)
            document["ingredients"] = .array(ingredients)
          }
          return document
        }
      ),
      (
        "largeString",
        Generator { source in
          var document = try document(of: model).run(&source)
          let length = try source.draw(int(in: 5_000...20_000))
          let piece = try source.draw(namePiece)
          let named = model != .dailyLog && model != .userGoal
          // NB: from bytes: `String(repeating:count:)` appended piece by piece, a quarter of P12's time.
          let unit = Array(piece.utf8)
          var bytes: [UInt8] = []
          bytes.reserveCapacity(unit.count * length)
          for _ in 0..<length { bytes += unit }
          document[named ? "name" : "userId"] = .string(String(decoding: bytes, as: UTF8.self))
          return document
        }
      ),
    ]
    // Firestore's first and last instants, which must be kept as they are.
    let times = ModelSchemas.specs(of: model).compactMap { spec -> String? in
      if case .timestamp = spec.kind { return spec.name } else { return nil }
    }
    kinds.append(
      (
        "edgeTimestamp",
        Generator { source in
          var document = try document(of: model).run(&source)
          let field = try source.draw(element(of: times))
          document[field] = .timestamp(
            try source.draw(
              element(of: [
                Timestamp(seconds: FirestoreTime.firstSecond, nanoseconds: 0),
                Timestamp(seconds: FirestoreTime.lastSecond, nanoseconds: 999_999_999),
              ])))
          return document
        }
      ))
    switch model {
    case .customMeal: kinds.append(("largeArray", customMealDocument(extraIngredients: 100...300)))
    case .dailyLog: kinds.append(("largeArray", dailyLogDocument(extraIds: 500...3_000)))
    case .exerciseItem:
      kinds.append(
        (
          "unknownExerciseType",
          Generator { source in
            var document = try exerciseItemDocument.run(&source)
            document["exerciseType"] = .string(
              try source.draw(element(of: ["bouldering", "Running", "pilates", "🧗"])))
            return document
          }
        ))
      kinds.append(
        (
          "unknownIntensity",
          Generator { source in
            var document = try exerciseItemDocument.run(&source)
            document["intensity"] = .string(try source.draw(element(of: ["extreme", "MODERATE", "leicht"])))
            return document
          }
        ))
    case .foodItem, .userGoal: break
    }
    return oneOf(
      kinds.map { kind, generator in
        generator.map { document in
          Tagged(
            DocumentInput(model: model, document: document, expectation: .accepted),
            tags: ["Document.\(model.rawValue).benign.\(kind)"])
        }
      })
  }

  /// Documents that must decode: valid ones as the app writes them (three in four) and benign ones.
  package static func acceptableDocument(_ model: DocumentModel) -> Generator<Tagged<DocumentInput>> {
    frequency([(3, validDocument(model)), (1, benignDocument(model))])
  }
}
