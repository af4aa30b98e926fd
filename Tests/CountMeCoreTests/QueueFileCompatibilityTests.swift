import Foundation
import Testing

@testable import CountMeCore

/// A queue file written by the release that introduced format v1, kept byte for byte: every later
/// build must load it as the same queue, or a version bump would quarantine every user's queue.
@Suite("Queue files written by earlier builds still load")
struct QueueFileCompatibilityTests {
  static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/queue-file-v1.countme-queue").path

  @Test("the v1 fixture loads: two pending operations and one failed, with their attempts and error")
  func v1() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("countme-compat-\(ProcessInfo.processInfo.processIdentifier)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("queue").path
    try FileManager.default.copyItem(atPath: Self.fixture, toPath: path)

    guard case .loaded(let snapshot) = QueueFile(path: path).load() else {
      Issue.record("the v1 fixture did not load")
      return
    }
    #expect(snapshot.version == 1 && snapshot.nextID == 4)
    #expect(snapshot.pending.map(\.id.rawValue) == [2, 3] && snapshot.pending.map(\.attempts) == [0, 0])
    #expect(snapshot.pending.map(\.operation.kind) == [.update, .delete])
    #expect(snapshot.pending.map(\.operation.entityType) == [.dailyLog, .customMeal])
    #expect(snapshot.pending.allSatisfy { $0.operation.owner == nil }, "written before owners: nobody's")
    #expect(snapshot.pending[0].operation.timestamp == Date(timeIntervalSince1970: 1_767_225_601.25))
    let failed = try #require(snapshot.failed.first)
    #expect(failed.id.rawValue == 1 && failed.attempts == 2 && failed.operation.entityId == "A")
    #expect(failed.error == .permissionDenied(path: "users/u/customMeals/C"))
  }
}
