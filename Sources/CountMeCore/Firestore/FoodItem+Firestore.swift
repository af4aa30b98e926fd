import Foundation

extension FoodItem {
  /// The document the app writes at `users/{uid}/foodItems/{id}`; optional fields only when present.
  public func toFirestoreData() -> [String: Any] {
    var data: [String: Any] = [
      "id": id.idText, "name": name, "calories": calories, "timestamp": Timestamp(date: timestamp),
      "source": source.rawValue, "userId": userId, "lastModified": Timestamp(date: lastModified),
      "syncStatus": syncStatus.rawValue,
    ]
    data["servingSize"] = servingSize
    data["servingUnit"] = servingUnit
    data["protein"] = protein
    data["carbohydrates"] = carbohydrates
    data["fats"] = fats
    return data
  }

  /// Reads a document written by any client, checking every rule of the model (requirement 6).
  ///
  /// - Throws: `SyncError.missingField`/`.wrongType` for a malformed document and
  ///   `SyncError.invalidData` for a value that breaks a rule or an empty owner.
  public static func fromFirestoreData(_ data: [String: Any]) throws -> FoodItem {
    let doc = DocumentReader(data, model: "FoodItem")
    let id = try doc.uuid("id")
    let name = try doc.string("name")
    let calories = try doc.number("calories")
    let timestamp = try doc.date("timestamp")
    let servingSize = try doc.optionalString("servingSize")
    let servingUnit = try doc.optionalString("servingUnit")
    let source = try doc.rawEnum("source", FoodItemSource.self)
    let protein = try doc.optionalNumber("protein")
    let carbohydrates = try doc.optionalNumber("carbohydrates")
    let fats = try doc.optionalNumber("fats")
    let userId = try doc.visibleString("userId")
    let lastModified = try doc.date("lastModified")
    let syncStatus = try doc.rawEnum("syncStatus", SyncStatus.self)
    return try doc.validated {
      try FoodItem(
        id: id, name: name, calories: calories, timestamp: timestamp, servingSize: servingSize,
        servingUnit: servingUnit, source: source, protein: protein, carbohydrates: carbohydrates,
        fats: fats, userId: userId, lastModified: lastModified, syncStatus: syncStatus)
    }
  }
}
