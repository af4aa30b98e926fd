import Foundation

/// Writes files all at once, so a reader never sees half a report.
///
/// Writes files all at once: to a temporary file beside the target, then renamed over it, so a
/// reader never sees half a report and a crash leaves the old file intact.
public enum AtomicFile {
  /// Writes `text` to `path` atomically.
  ///
  /// - Throws: the underlying error when the directory is missing or not writable.
  public static func write(_ text: String, to path: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
  }
}
