import Foundation

/// Java's archive of the emulator's classes, which halves the emulator's start.
///
/// Java's archive of the emulator's classes (class-data sharing), kept in the temporary directory:
/// an emulator started with it is ready in half the time and half the CPU (0.5 s against 1.0 s),
/// and R1's 200 cases with its start take 2.7 s instead of 3.7.
///
/// The first run on a machine has none: its Java writes one when it exits (to a partial file of
/// its own), and the emulator's shell moves that into place (a rename, in one directory) once Java
/// has ended, so a run never reads an archive half written. The file's name holds the jar's and Java's sizes and times, so another
/// emulator or another Java makes an archive of its own; Java checks the archive again itself, and
/// runs without one it cannot use.
struct JavaClassArchive: Equatable, Sendable {
  /// Where the archive is kept.
  let path: URL
  /// Where this run's Java writes the archive, when there was none yet; nil when it reads `path`.
  let partial: URL?

  static let prefix = "countme-firestore-classes-"

  /// The archive of the emulator in `jar` run by `java`, in `directory`: read when it is there,
  /// else written by this run.
  ///
  /// Nil when either file cannot be read.
  static func of(jar: URL, java: URL, in directory: URL) -> JavaClassArchive? {
    guard let jarStamp = stamp(jar), let javaStamp = stamp(java.resolvingSymlinksInPath()) else { return nil }
    let path = directory.appendingPathComponent("\(prefix)\(hexHash("\(jarStamp)|\(javaStamp)")).jsa")
    if FileManager.default.fileExists(atPath: path.path) { return JavaClassArchive(path: path, partial: nil) }
    let partial = path.appendingPathExtension("\(getpid())-\(FirestoreEmulator.uniqueNumber()).partial")
    return JavaClassArchive(path: path, partial: partial)
  }

  /// The options that tell Java to read the archive, or to write it when it exits.
  ///
  /// With Java's own logging off, so its notes on classes it cannot archive never become the emulator's last
  /// words.
  var javaOptions: String {
    let archive =
      partial.map { "-XX:ArchiveClassesAtExit=\($0.path)" } ?? "-XX:SharedArchiveFile=\(path.path)"
    return "\(archive) -Xlog:disable"
  }

  /// Removes what this run's Java wrote, if anything.
  func discard() {
    if let partial { try? FileManager.default.removeItem(at: partial) }
  }

  /// Forgets the archive, one an emulator could not start with.
  func remove() {
    if partial == nil { try? FileManager.default.removeItem(at: path) }
  }

  /// Removes the partial archives in `directory` untouched for ten minutes.
  ///
  /// The emulator's shell moves or removes its own once Java has ended, so one left is a run's that was
  /// killed (Java writes an archive within seconds).
  static func removeAbandoned(in directory: URL, now: Date = Date()) {
    remove(in: directory, olderThan: 600, now: now) { $0.hasPrefix(prefix) && $0.hasSuffix(".partial") }
  }

  /// Removes the archives in `directory` but `kept` that were written more than a day ago.
  ///
  /// Called when a run is about to write an archive of its own, which means the emulator's jar or Java
  /// changed (an update of gcloud or of Java), so the older archives, about 50 MB each, belong to files that
  /// are gone.
  ///
  /// One written within the day may be another installation's in use, and stays.
  static func removeStale(in directory: URL, keeping kept: URL, now: Date = Date()) {
    remove(in: directory, olderThan: 86_400, now: now) {
      $0.hasPrefix(prefix) && $0.hasSuffix(".jsa") && $0 != kept.lastPathComponent
    }
  }

  /// Removes the files of `directory` whose names `matching` accepts, last modified more than
  /// `age` seconds before `now`.
  private static func remove(
    in directory: URL, olderThan age: Double, now: Date, matching: (String) -> Bool
  ) {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
    for name in names where matching(name) {
      let file = directory.appendingPathComponent(name)
      guard
        let modified = try? file.resourceValues(forKeys: [.contentModificationDateKey])
          .contentModificationDate,
        now.timeIntervalSince(modified) > age
      else { continue }
      try? FileManager.default.removeItem(at: file)
    }
  }

  /// A file's path, size and modification time, or nil when it cannot be read.
  private static func stamp(_ file: URL) -> String? {
    guard let values = try? file.resourceValues(forKeys: [.fileSizeKey, .contentModificationDateKey]),
      let size = values.fileSize, let modified = values.contentModificationDate
    else { return nil }
    return "\(file.path) \(size) \(modified.timeIntervalSince1970)"
  }

  /// FNV-1a (64 bits) of `text`'s UTF-8, in hex: a short, stable file name for a long key.
  private static func hexHash(_ text: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    let digits = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
