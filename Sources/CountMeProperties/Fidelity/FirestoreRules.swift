import CloudFake
import CountMeGenerators
import FirestoreCloud
import Generators
import Foundation
import Synchronization

/// Firestore's own decisions on `RuleCheck`s, asked of the emulator.
///
/// One project per rule file (its rules set once), and each case its own users, so cases on several threads
/// never meet.
final class FirestoreRules: Sendable {
  /// The emulator asked.
  let emulator: FirestoreEmulator
  /// Where the rule files are: the repository's root.
  let root: URL
  private let ruled = Mutex<Set<String>>([])

  /// The process's rules checker, or why there is none.
  ///
  /// The process's: its emulator (`FirestoreEmulator.shared`), under the rule files of the
  /// directory the process runs in (the repository's root); or why there is none.
  static let shared: Result<FirestoreRules, FirestoreEmulator.Failure> = {
    let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    guard
      FileManager.default.fileExists(
        atPath: root.appendingPathComponent(RuleCheck.File.recommended.path).path)
    else {
      return .failure(
        FirestoreEmulator.Failure(
          message:
            "R1 holds the fake to the repository's rule files, and there is no firestore.rules in \(root.path): run it from the repository's root"
        ))
    }
    return FirestoreEmulator.shared.map { FirestoreRules(emulator: $0, root: root) }
  }()

  /// Asks `emulator`, under the rule files found below `root`.
  init(emulator: FirestoreEmulator, root: URL) {
    self.emulator = emulator
    self.root = root
  }

  /// What Firestore answered a request.
  enum Decision: Sendable, Equatable {
    /// The rules allowed it (200, or 404 or 409 from the data behind them) or refused it (403).
    case decided(allowed: Bool, status: Int)
    /// No decision: what went wrong.
    case unanswered(String)
  }

  /// Firestore's decision on `check`.
  func decide(_ check: RuleCheck) -> Decision {
    let project = "demo-countme-rules-\(check.file.rawValue)"
    do {
      try prepare(project, check.file)
      // Each case its own users: `alice` of case 7 is `alice-7`.
      let number = FirestoreEmulator.uniqueNumber()
      func named(_ user: String) -> String { "\(user)-\(number)" }
      let segments = check.segments.enumerated().map { $0 == 1 ? named($1) : $1 }
      let store = FirestoreRESTStore(host: emulator.host, project: project)
      if check.existing {
        let target = check.method == .list ? segments + ["d0"] : segments
        var stage = FirestoreRequest(
          .patch, path: target.joined(separator: "/"), as: nil,
          body: Self.document(.string(named(RuleCheck.pathUser))))
        stage.bypassesRules = true
        let staged = try store.sendAndWait(stage)
        guard staged.status == 200 else {
          return .unanswered("the emulator refused to stage the document: \(Self.text(staged))")
        }
      }
      let body: Data?
      switch check.writtenOwner {
      case .none: body = nil
      case .string(let user): body = Self.document(.string(named(user)))
      case let owner: body = Self.document(owner)
      }
      let request = FirestoreRequest(
        check.method, path: segments.joined(separator: "/"), as: check.caller.map(named), body: body)
      let answer = try store.sendAndWait(request)
      switch answer.status {
      case 403: return .decided(allowed: false, status: 403)
      case 200, 404, 409: return .decided(allowed: true, status: answer.status)
      default:
        return .unanswered("Firestore answered neither a decision nor a document: \(Self.text(answer))")
      }
    } catch {
      return .unanswered("the emulator at \(emulator.host) did not answer: \(error)")
    }
  }

  /// The text of rules file `file`, under `root`.
  func rules(of file: RuleCheck.File) throws -> String {
    try String(contentsOf: root.appendingPathComponent(file.path), encoding: .utf8)
  }

  /// Sets `file`'s rules on `project` the first time it is used.
  private func prepare(_ project: String, _ file: RuleCheck.File) throws {
    guard ruled.withLock({ !$0.contains(project) }) else { return }
    try emulator.setRules(try rules(of: file), project: project)
    ruled.withLock { _ = $0.insert(project) }
  }

  /// The REST body of a document whose `userId` is `owner` (a string, missing, or a number).
  private static func document(_ owner: AccessRules.WrittenOwner) -> Data {
    var fields: [(String, DocumentValue)] = [("name", .string("Oats"))]
    switch owner {
    case .string(let user): fields.append(("userId", .string(user)))
    case .notAString: fields.append(("userId", .integer(7)))
    case .missing, .none: break
    }
    return Data(FirestoreREST.encode(Document(fields)).text().utf8)
  }

  private static func text(_ answer: (status: Int, body: Data)) -> String {
    "\(answer.status) \(String(decoding: answer.body.prefix(200), as: UTF8.self))"
  }
}
