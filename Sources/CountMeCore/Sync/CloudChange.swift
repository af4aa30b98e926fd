import Foundation

/// One document the cloud changed since a device last downloaded, with the cloud's revision of the write.
///
/// One document the cloud has changed since a device last downloaded: where it is, what it holds,
/// and the cloud's revision of the write (a counter the cloud assigns, so it orders writes whatever
/// the devices' clocks say, as Firestore's server-side update time does).
public struct CloudChange: Sendable {
  /// The cloud's number for this write; later writes have larger numbers.
  public let revision: Int
  /// The document's place.
  public let path: DocumentPath
  /// The document as written.
  public let document: CloudDocument

  /// Creates a `CloudChange` from its parts.
  public init(revision: Int, path: DocumentPath, document: CloudDocument) {
    self.revision = revision
    self.path = path
    self.document = document
  }
}

/// A cloud document a device could not read, so it skipped it: the report the user (or a log) sees.
public struct SkippedDocument: Equatable, Sendable, CustomStringConvertible {
  /// Where it is.
  public let path: DocumentPath
  /// The revision skipped; a later, readable write at the same path is read normally.
  public let revision: Int
  /// Why it could not be read.
  public let reason: String

  /// Creates a `SkippedDocument` from its parts.
  public init(path: DocumentPath, revision: Int, reason: String) {
    self.path = path
    self.revision = revision
    self.reason = reason
  }

  /// How reports print it.
  public var description: String { "\(path) (revision \(revision)): \(reason)" }
}
