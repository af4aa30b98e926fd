import CloudFake
import CountMeCore
import FirestoreCloud
import Foundation
import PropertyHarness

/// A simulation's cloud that writes down every answer it gives, one line a call.
///
/// In words both clouds share: what the fidelity gate compares between `CloudFake` and Firestore.
///
/// Reads of the cloud's own state (what the harness's oracles look at) are answers too.
struct RecordedCloud<Base: SimulationCloud>: ForwardingCloud {
  var base: Base
  /// One line a call, in order.
  private(set) var answers: [String] = []
  /// The cloud's own reads, kept by reference as reading is not a call.
  private let reads = Reads()

  private final class Reads {
    var lines: [(afterCall: Int, line: String)] = []
  }

  init(_ base: Base) { self.base = base }

  /// The calls' answers with the harness's reads of the cloud between them.
  var transcript: [String] {
    var lines: [String] = []
    var pending = reads.lines[...]
    for (index, answer) in answers.enumerated() {
      while let read = pending.first, read.afterCall <= index {
        lines.append(read.line)
        pending = pending.dropFirst()
      }
      lines.append(answer)
    }
    return lines + pending.map(\.line)
  }

  mutating func set(_ document: CloudDocument, at path: DocumentPath, as uid: String, now: Date)
    -> CloudFake.Response
  {
    let response = base.set(document, at: path, as: uid, now: now)
    answers.append("set \(path) by \(uid): \(Self.words(response))")
    return response
  }

  mutating func changes(in collection: String, of owner: String?, as uid: String, after: Int, now: Date)
    -> (response: CloudFake.Response, changes: [CloudChange])
  {
    let (response, changes) = base.changes(in: collection, of: owner, as: uid, after: after, now: now)
    let listed = changes.map { "\($0.path.documentId)@\($0.revision) \($0.document.restText)" }
    answers.append(
      "changes of users/\(owner ?? uid)/\(collection) after \(after) by \(uid): \(Self.words(response))"
        + (listed.isEmpty ? "" : " [" + listed.joined(separator: ", ") + "]"))
    return (response, changes)
  }

  mutating func delete(at path: DocumentPath, as uid: String, now: Date) -> CloudFake.Response {
    let response = base.delete(at: path, as: uid, now: now)
    answers.append("delete \(path) by \(uid): \(Self.words(response))")
    return response
  }

  mutating func writeAsAnotherClient(_ document: CloudDocument, at path: DocumentPath, now: Date) {
    base.writeAsAnotherClient(document, at: path, now: now)
    answers.append(
      "another client writes \(path): revision \(base.revision(at: path).map(String.init) ?? "none")")
  }

  func document(at path: DocumentPath) -> CloudDocument? {
    let document = base.document(at: path)
    let held = document?.restText ?? "nothing"
    reads.lines.append((answers.count, "the cloud holds at \(path): \(held)"))
    return document
  }

  /// A response as both clouds word it: its result (a refusal without the path, which the fake
  /// and Firestore word alike anyway) and whether it landed.
  static func words(_ response: CloudFake.Response) -> String {
    let result: String
    switch response.result {
    case .success: result = "ok"
    case .failure(.permissionDenied): result = "permission denied"
    case .failure(let error): result = "\(error)"
    }
    return response.landed || response.result.isSuccess ? result : result + ", not landed"
  }
}
