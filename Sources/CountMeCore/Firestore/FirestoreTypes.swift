/// A geographical point, as Firestore stores one, without the SDK.
///
/// A geographical point, as Firestore stores one: the portable stand-in for the SDK's `GeoPoint`
/// (like `Timestamp` for its timestamp), so a document holding one can be built and decoded
/// without the SDK.
///
/// A model field never holds one: a decoder meets it only in an unknown key (ignored) or in a known field
/// (`wrongType`).
public struct GeoPoint: Equatable, Hashable, Sendable {
  /// Degrees north, -90 to 90.
  public let latitude: Double
  /// Degrees east, -180 to 180.
  public let longitude: Double

  /// The point at `latitude`, `longitude` (not range-checked: a reader checks what it reads).
  public init(latitude: Double, longitude: Double) {
    self.latitude = latitude
    self.longitude = longitude
  }
}

/// A reference to another document, by its path: the portable stand-in for the SDK's
/// `DocumentReference` (the REST API's `referenceValue`).
public struct DocumentReference: Equatable, Hashable, Sendable {
  /// The document's path, relative or as the full REST name.
  ///
  /// The document's path, e.g. `users/u1/dailyLogs/2026-01-19`, or the full REST name
  /// `projects/p/databases/(default)/documents/users/u1/dailyLogs/2026-01-19`.
  public let path: String

  /// A reference to the document at `path`.
  public init(path: String) { self.path = path }
}
