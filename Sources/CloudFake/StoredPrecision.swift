import CountMeCore

/// What Firestore keeps of a document it stores: every timestamp to the microsecond.
///
/// The nanoseconds below it dropped (rounded toward the past: `…00.002000999Z` is stored as `…00.002Z`,
/// `…59.999999999Z` as `…59.999999Z`), in arrays and maps too.
///
/// Everything else a document can hold is stored as written.
///
/// NB: found by the scenario fidelity gate (C2), on a log whose merge stamped `lastModified` with a
/// `Date` two milliseconds after the start: the fake kept `.002000093`, Firestore `.002`. A device
/// that compares its own stamp with the cloud's to the nanosecond sees the cloud's as older.
enum StoredPrecision {
  /// `document` as Firestore stores it.
  static func stored(_ document: CloudDocument) -> CloudDocument {
    var changed = false
    var fields = document.fields
    for (key, value) in document.fields {
      if let stored = stored(value) {
        fields[key] = stored
        changed = true
      }
    }
    return changed ? CloudDocument(fields) : document
  }

  /// `value` as stored, or nil when it is stored as written (most values: no copy is made).
  private static func stored(_ value: Any) -> Any? {
    // NB: most fields are strings and numbers: told by their type's identity, not by three casts
    // that fail (a failing cast walks the runtime's conversions: 5 % of P13 in a release build).
    let type = ObjectIdentifier(Swift.type(of: value))
    if type == ObjectIdentifier(String.self) || type == ObjectIdentifier(Double.self)
      || type == ObjectIdentifier(Int.self) || type == ObjectIdentifier(Bool.self)
    {
      return nil
    }
    switch value {
    case let stamp as Timestamp:
      let below = stamp.nanoseconds % 1_000
      return below == 0 ? nil : Timestamp(seconds: stamp.seconds, nanoseconds: stamp.nanoseconds - below)
    case let values as [Any]:
      var copy = values
      var changed = false
      for (index, element) in values.enumerated() {
        if let stored = stored(element) {
          copy[index] = stored
          changed = true
        }
      }
      return changed ? copy : nil
    case let map as [String: Any]:
      var copy = map
      var changed = false
      for (key, element) in map {
        if let stored = stored(element) {
          copy[key] = stored
          changed = true
        }
      }
      return changed ? copy : nil
    default:
      return nil
    }
  }
}
