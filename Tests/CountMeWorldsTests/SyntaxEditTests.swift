import CountMeContract
import CountMeCore
import Foundation
import PropertyHarness
import Testing

@testable import CountMeWorlds

/// The syntax edits P21 damages queue files with: each does what its tag says, by both readers.
@Suite("Syntax edits of a queue file")
struct SyntaxEditTests {
  /// A file of a queue with pending and failed operations, whose strings need escapes.
  static let file: Data = {
    var queue = SyncQueue(capacity: 8, policy: RetryPolicy(maxRetries: 0))
    let start = Date(timeIntervalSince1970: 1_800_000_000.25)
    for (index, id) in ["a/b", "quote\"d", "tab\tand é 😀", "plain"].enumerated() {
      _ = queue.enqueue(
        SyncOperation(.update, entityId: id, entityType: .customMeal, timestamp: start + Double(index)))
    }
    if case .upload(let id, _) = queue.next(now: start, online: true, signedIn: true) {
      queue.complete(id, with: .failure(.permissionDenied(path: "users/u\\1")), now: start)
    }
    return queue.snapshot().encoded()
  }()

  @Test(
    "an edit that keeps the queue loads as that queue; any other is refused", arguments: SyntaxEdit.allCases)
  func loads(edit: SyntaxEdit) throws {
    let original = try QueueSnapshot.decode(Self.file)
    #expect(!original.pending.isEmpty && !original.failed.isEmpty)
    let edited = Corruption.syntax(edit).apply(to: Self.file)
    #expect(edited != Self.file, "\(edit) changed nothing")
    let loaded = Result { try QueueSnapshot.decode(edited) }
    let text = String(decoding: edited, as: UTF8.self)
    if edit.keepsQueue {
      #expect(try loaded.get() == original, "\(edit): \(text)")
    } else {
      #expect(throws: QueueFileError.self, "\(edit) loaded: \(text)") { try loaded.get() }
    }
  }

  @Test("escaped characters use hex digits of both cases and a surrogate pair beyond the BMP")
  func escapes() {
    let text = String(decoding: Corruption.syntax(.escapedCharacters).apply(to: Self.file), as: UTF8.self)
    #expect(!text.contains("é") && !text.contains("😀"), "\(text)")
    #expect(text.contains(#"\ud83d\uDE00"#) || text.contains(#"\uD83D\ude00"#), "\(text)")
    #expect(text.contains(#"\u006f"#) && text.contains(#"\u006F"#), "\(text)")
  }

  /// A file damaged at two restarts with no save between carries both edits (seed 1 of `check`
  /// once added `"note"` twice, a duplicate key the format refuses).
  @Test("two edits that keep the queue, one after the other, still load as that queue")
  func twoEdits() throws {
    let original = try QueueSnapshot.decode(Self.file)
    let keeping = SyntaxEdit.allCases.filter(\.keepsQueue)
    for first in keeping {
      for second in keeping {
        let edited = Corruption.syntax(second).apply(to: Corruption.syntax(first).apply(to: Self.file))
        let text = String(decoding: edited, as: UTF8.self)
        #expect(try QueueSnapshot.decode(edited) == original, "\(first) then \(second): \(text.prefix(300))")
      }
    }
  }

  @Test("the harness's reading of the format agrees with each tag", arguments: SyntaxEdit.allCases)
  func harnessAgrees(edit: SyntaxEdit) throws {
    let edited = Corruption.syntax(edit).apply(to: Self.file)
    let body = QueueFileFormat.body(of: edited)
    if edit.keepsQueue {
      let json = try body.get()
      #expect(json["pending"] == (try QueueFileFormat.body(of: Self.file).get())["pending"], "\(edit)")
    } else {
      #expect(throws: QueueFileFormat.Problem.self, "\(edit)") { try body.get() }
    }
  }

  @Test("bytes in another format, or not a sound v1 file, are left as they are")
  func otherFormats() {
    let other = Data("other-format v3\n{\"x\":1}".utf8)
    let truncated = Self.file.prefix(Self.file.count - 1)
    for edit in SyntaxEdit.allCases {
      #expect(Corruption.syntax(edit).apply(to: other) == other)
      #expect(Corruption.syntax(edit).apply(to: truncated) == truncated)
    }
  }

  @Test("a syntax corruption is written and read as {\"syntax\": name}")
  func json() throws {
    for edit in SyntaxEdit.allCases {
      let corruption = Corruption.syntax(edit)
      #expect(try Corruption(json: corruption.json) == corruption)
    }
    #expect(throws: Error.self) { try Corruption(json: .object([("syntax", .string("prettyPrinted"))])) }
  }
}
