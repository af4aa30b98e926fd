import CloudFake
import CountMeCore
import CountMeGenerators
import FirestoreCloud
import Foundation
import Generators
import PropertyHarness
import Synchronization

/// `CloudFake` held to Firestore call by call.
///
/// The same calls, made on the fake (under its recommended rules) and on the emulator (under
/// `firestore.rules`), must get the same answers: each write's acceptance, each read's document, each
/// download's documents in order.
///
/// A download's cursor is named by the write it follows (the k-th that landed), since the fake
/// numbers revisions per collection and Firestore stamps the server's time.
enum CloudFidelity {
  /// The answers the fake gives `input`, one a call.
  static func fakeAnswers(_ input: CloudCalls, rules: AccessRules = .recommended) -> [String] {
    var fake = CloudFake(start: Date(timeIntervalSince1970: 0))
    fake.rules = rules
    let now = Date(timeIntervalSince1970: 0)
    var landed: [Int] = []
    return input.calls.map { call in
      switch call {
      case .set(let slot, let caller, let owner, let calories):
        let path = CloudCalls.path(slot, of: "alice")
        let response = fake.set(
          CloudCalls.document(owner: owner, calories: calories), at: path, as: caller, now: now)
        if response.landed, let revision = fake.revision(at: path) { landed.append(revision) }
        return answer(response.result, call)
      case .get(let slot, let caller):
        switch fake.read(at: CloudCalls.path(slot, of: "alice"), as: caller) {
        case .success(let document): return document.map { "document " + $0.restText } ?? "none"
        case .failure(let error): return answer(.failure(error), call)
        }
      case .delete(let slot, let caller):
        return answer(fake.delete(at: CloudCalls.path(slot, of: "alice"), as: caller, now: now).result, call)
      case .changes(let caller, let afterWrite):
        let (response, changes) = fake.changes(
          in: "foodItems", of: "alice", as: caller, after: cursor(afterWrite, landed), now: now)
        guard case .success = response.result else { return answer(response.result, call) }
        return downloaded(changes)
      }
    }
  }

  /// The answers Firestore gives `input` on `project` of the emulator at `host`.
  ///
  /// The users named apart by `number` (`alice-7`) and named back in the answers.
  static func firestoreAnswers(_ input: CloudCalls, host: String, project: String, number: Int) -> [String] {
    let store = FirestoreRESTStore(host: host, project: project)
    let named: @Sendable (String) -> String = { "\($0)-\(number)" }
    var landed: [Int] = []
    return input.calls.map { call -> String in
      let answer: String
      do {
        switch call {
        case .set(let slot, let caller, let owner, let calories):
          let document = CloudCalls.document(owner: owner.map(named), calories: calories)
          let path = CloudCalls.path(slot, of: named("alice"))
          let who = named(caller)
          let stamp = try store.setStampedAndWait(document, at: path, as: who)
          landed.append(stamp)
          answer = "success(())"
        case .get(let slot, let caller):
          let (path, who) = (CloudCalls.path(slot, of: named("alice")), named(caller))
          let document = try store.getDocumentAndWait(at: path, as: who)
          answer = document.map { "document " + $0.restText } ?? "none"
        case .delete(let slot, let caller):
          let (path, who) = (CloudCalls.path(slot, of: named("alice")), named(caller))
          try store.deleteDocumentAndWait(at: path, as: who)
          answer = "success(())"
        case .changes(let caller, let afterWrite):
          let (owner, who, after) = (named("alice"), named(caller), cursor(afterWrite, landed))
          let changes = try store.changesAndWait(in: "foodItems", of: owner, as: who, after: after)
          answer = downloaded(changes)
        }
      } catch let error as SyncError {
        answer = Self.answer(.failure(error), call)
      } catch {
        answer = "failure(\(error))"
      }
      return answer.replacingOccurrences(of: "-\(number)", with: "")
    }
  }

  /// The cursor after the `k`-th landed write (0: before all), as `landed` numbers them.
  static func cursor(_ k: Int, _ landed: [Int]) -> Int {
    k == 0 || landed.isEmpty ? 0 : landed[min(k, landed.count) - 1]
  }

  /// How a call's result reads in the answers: a refusal names the call's slot, since the two
  /// clouds name users and download cursors apart.
  static func answer(_ result: Result<Void, SyncError>, _ call: CloudCalls.Call) -> String {
    switch result {
    case .success: return "success(())"
    case .failure(.permissionDenied): return "permissionDenied(\(call.slotName))"
    case .failure(let error): return "failure(\(error))"
    }
  }

  /// A download's documents, in order.
  static func downloaded(_ changes: [CloudChange]) -> String {
    "changes " + changes.map { "\($0.path.documentId) \($0.document.restText)" }.joined(separator: ", ")
  }

}

extension CloudCalls.Call {
  /// The document a call names, as answers print it (`d1`, or `(changes)`).
  var slotName: String {
    switch self {
    case .set(let slot, _, _, _), .get(let slot, _), .delete(let slot, _): return "d\(slot)"
    case .changes: return "(changes)"
    }
  }
}

extension CloudFidelity {
  /// The fidelity property on `emulator`: `fakeRules` against `firestore.rules`.
  ///
  /// The fidelity property on `emulator`: `fakeRules` (the fake's own unless a test breaks them)
  /// against `firestore.rules` read from `root`, every case its own users.
  static func property(on emulator: FirestoreEmulator, root: URL, fakeRules: AccessRules = .recommended)
    throws
    -> Property<CloudCalls>
  {
    let project = "demo-countme-fidelity"
    try emulator.setRules(
      String(contentsOf: root.appendingPathComponent(RuleCheck.File.recommended.path), encoding: .utf8),
      project: project)
    return Property(
      id: "C1", name: "CloudFake answers every call as Firestore does", validates: ["10.3", "10.4"],
      generator: CloudCalls.generator, describe: \.json
    ) { tagged in
      let number = FirestoreEmulator.uniqueNumber()
      let fake = fakeAnswers(tagged.value, rules: fakeRules)
      let firestore = firestoreAnswers(tagged.value, host: emulator.host, project: project, number: number)
      guard let index = fake.indices.first(where: { fake[$0] != firestore[$0] }) else { return .pass }
      return .fail(
        observed:
          "call \(index + 1): CloudFake answers \(fake[index]); Firestore answers \(firestore[index])",
        expected: "the same answer to every call")
    }
  }
}
