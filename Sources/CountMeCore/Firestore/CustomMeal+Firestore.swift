import Foundation

extension Ingredient {
  /// The map stored for this ingredient inside its meal's `ingredients` array.
  public func toFirestoreData() -> [String: Any] {
    var data: [String: Any] = [
      "id": id.idText, "name": name, "quantity": quantity, "unit": unit, "calories": calories,
    ]
    data["protein"] = protein
    data["carbohydrates"] = carbohydrates
    data["fats"] = fats
    return data
  }

  /// Reads one ingredient map; `doc` carries the meal's name and the path, for error messages.
  static func fromFirestoreMap(_ doc: DocumentReader) throws -> Ingredient {
    let id = try doc.uuid("id")
    let name = try doc.string("name")
    let quantity = try doc.number("quantity")
    let unit = try doc.string("unit")
    let calories = try doc.number("calories")
    let protein = try doc.optionalNumber("protein")
    let carbohydrates = try doc.optionalNumber("carbohydrates")
    let fats = try doc.optionalNumber("fats")
    return try doc.validated {
      try Ingredient(
        id: id, name: name, quantity: quantity, unit: unit, calories: calories, protein: protein,
        carbohydrates: carbohydrates, fats: fats)
    }
  }
}

extension CustomMeal {
  /// The document the app writes at `users/{uid}/customMeals/{id}`, ingredients as an array of maps.
  public func toFirestoreData() -> [String: Any] {
    [
      "id": id.idText, "name": name, "ingredients": ingredients.map { $0.toFirestoreData() },
      "createdAt": Timestamp(date: createdAt), "lastUsedAt": Timestamp(date: lastUsedAt),
      "servingsCount": servingsCount, "userId": userId, "lastModified": Timestamp(date: lastModified),
      "syncStatus": syncStatus.rawValue,
    ]
  }

  /// Reads a document written by any client, checking every ingredient with every Ingredient rule.
  ///
  /// - Throws: `SyncError.missingField`/`.wrongType` for a malformed document (an ingredient that is
  ///   not a map included) and `SyncError.invalidData` for a value that breaks a rule, an empty
  ///   ingredients array, or an empty owner. Field paths name the ingredient, e.g.
  ///   `ingredients[1].quantity`.
  public static func fromFirestoreData(_ data: [String: Any]) throws -> CustomMeal {
    let model = "CustomMeal"
    let doc = DocumentReader(data, model: model)
    let id = try doc.uuid("id")
    let name = try doc.string("name")
    var ingredients: [Ingredient] = []
    for (index, map) in try doc.maps("ingredients").enumerated() {
      ingredients.append(
        try Ingredient.fromFirestoreMap(DocumentReader(map, model: model, prefix: "ingredients[\(index)].")))
    }
    let createdAt = try doc.date("createdAt")
    let lastUsedAt = try doc.date("lastUsedAt")
    let servingsCount = try doc.number("servingsCount")
    let userId = try doc.visibleString("userId")
    let lastModified = try doc.date("lastModified")
    let syncStatus = try doc.rawEnum("syncStatus", SyncStatus.self)
    return try doc.validated {
      try CustomMeal(
        id: id, name: name, ingredients: ingredients, createdAt: createdAt, lastUsedAt: lastUsedAt,
        servingsCount: servingsCount, userId: userId, lastModified: lastModified, syncStatus: syncStatus)
    }
  }
}
