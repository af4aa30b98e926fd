import CountMeContract
import CountMeCore
import Foundation

/// The reference engine, with what an `EngineMutant`'s file bugs leave on disk.
///
/// Every call is the reference's, and the file is put back as the bug would have left it.
actor MutantEngine: EngineUnderTest {
  /// The queue file and what was at its path, and beside it, when the engine was made.
  struct Disk: Sendable {
    let file: QueueFile
    /// The file's bytes at launch, read for the bugs that put them back; nil when there was none.
    let launched: Data?
    /// The quarantined copies (`.corrupt-N`) already there at launch, listed for the bugs that move
    /// the launch's own.
    let asideBefore: Set<String>

    init(file: QueueFile, bug: EngineMutant.Bug) {
      self.file = file
      launched =
        bug == .savesNothing || bug == .trimNotSaved ? FileManager.default.contents(atPath: file.path) : nil
      asideBefore =
        bug == .quarantineCopies || bug == .quarantineOverwritesFirst ? Set(Self.asides(of: file)) : []
    }

    /// The quarantined copies beside `file`.
    static func asides(of file: QueueFile) -> [String] {
      let url = URL(fileURLWithPath: file.path)
      let names =
        (try? FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)) ?? []
      let prefix = url.lastPathComponent + ".corrupt-"
      return names.filter { $0.hasPrefix(prefix) }.sorted().map {
        url.deletingLastPathComponent().appendingPathComponent($0).path
      }
    }

    /// Puts `bytes` back at the file's path (none: no file).
    func restore(_ bytes: Data?) {
      if let bytes {
        try? bytes.write(to: URL(fileURLWithPath: file.path), options: .atomic)
      } else {
        try? FileManager.default.removeItem(atPath: file.path)
      }
    }
  }

  private let bug: EngineMutant.Bug
  private let base: any EngineUnderTest
  private let disk: Disk
  /// Where the launch's damaged file went, when the bug moved it elsewhere than the reference did.
  private let quarantinedTo: String?

  /// The reference engine `base`, just made over `disk`'s file, and the bug's mark on that file.
  init(_ bug: EngineMutant.Bug, base: any EngineUnderTest, disk: Disk) {
    self.bug = bug
    self.base = base
    self.disk = disk
    func fresh() -> [String] { Disk.asides(of: disk.file).filter { !disk.asideBefore.contains($0) } }
    var moved: String?
    switch bug {
    case .savesNothing, .trimNotSaved: disk.restore(disk.launched)
    case .quarantineCopies:
      if let aside = fresh().first {
        try? FileManager.default.copyItem(atPath: aside, toPath: disk.file.path)
      }
    case .quarantineOverwritesFirst:
      let first = disk.file.path + ".corrupt-1"
      if let aside = fresh().first, aside != first {
        try? FileManager.default.removeItem(atPath: first)
        try? FileManager.default.moveItem(atPath: aside, toPath: first)
        moved = first
      }
    default: break
    }
    quarantinedTo = moved
  }

  func enqueue(_ operation: SyncOperation) async -> OperationID {
    let id = await base.enqueue(operation)
    if bug == .savesNothing { disk.restore(disk.launched) }
    return id
  }

  func retryFailed(_ id: OperationID) async -> Bool {
    let before = bug == .retryNotSaved ? FileManager.default.contents(atPath: disk.file.path) : nil
    let retried = await base.retryFailed(id)
    if bug == .retryNotSaved || bug == .savesNothing {
      disk.restore(bug == .savesNothing ? disk.launched : before)
    }
    return retried
  }

  func processQueue() async {
    await base.processQueue()
    if bug == .savesNothing { disk.restore(disk.launched) }
  }

  func setOnline(_ online: Bool) async { await base.setOnline(online) }
  func setUser(_ uid: String?) async { await base.setUser(uid) }
  func queueSnapshot() async -> QueueSnapshot { await base.queueSnapshot() }
  func state(of id: OperationID) async -> OperationState? { await base.state(of: id) }
  func invariantViolations() async -> [String] { await base.invariantViolations() }

  func loadResult() async -> QueueFile.LoadResult {
    let result = await base.loadResult()
    guard let quarantinedTo, case .quarantined(_, let reason) = result else { return result }
    return .quarantined(movedTo: quarantinedTo, reason: reason)
  }

  func saveError() async -> String? { await base.saveError() }
}
