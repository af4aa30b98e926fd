import CountMeContract
import CountMeCore
import FirestoreCloud
import Foundation
import Generators
import PropertyHarness
import Synchronization

/// The access a collection's security rules must give: what a rules audit holds them to.
public struct DeclaredAccess: Sendable, Equatable {
  /// Fields every written document must hold, so the rules must refuse one without; none: the rules need not look.
  public var requiredFields: [String]

  /// Owner-only access, the written documents to hold `requiredFields`.
  public init(requiredFields: [String] = []) { self.requiredFields = requiredFields }

  /// Owner-only: the path's user alone reads, lists, writes and deletes, and a written document names them.
  public static let ownerOnly = DeclaredAccess()

  /// Whether `request` must go through, its document without `dropped` (if any) and naming its owner or not.
  func allows(_ request: AuditRequest, dropped: String?, namesOwner: Bool) -> Bool {
    guard request.caller == .owner else { return false }
    guard request.method.writes else { return true }
    return namesOwner && !(dropped.map(requiredFields.contains) ?? false)
  }
}

/// A collection's security rules judged by the Firestore emulator, request by request, against the access declared.
///
/// Each case is one request (`AuditRequest`) on a document of the described collection, made as
/// the app writes it (`CollectionDescription.encode` of `edited`), sent to the emulator running
/// `rules`, by the path's owner, another user or nobody; the emulator's answer (403 refused; 200,
/// 404 or 409 allowed, the rules having let it through to the data) is held to `DeclaredAccess`.
/// A request the rules let through and the declaration refuses is a hole; one they refuse and it
/// allows is a rule stricter than declared (the app's own write would fail). A failure shrinks to
/// the one request.
public enum RulesAudit {
  /// The audit of `description`'s collection under `rules` (a rules file's text), against `access`.
  ///
  /// Its id is `A1`; it needs the Firestore emulator (`FirestoreEmulator.shared`), and says so in
  /// each case's failure when it is not there. A description with a mistake (`check()`) is refused
  /// before any request: the description's fault, not a hole in the rules.
  public static func property<Entity>(
    of description: CollectionDescription<Entity>, rules: String, access: DeclaredAccess = .ownerOnly
  ) throws(DescriptionFault) -> Property<AuditRequest> {
    let description = try description.validated()
    let project =
      "demo-audit-" + String(FNV1a.hex(FNV1a.hash(Array((description.name + rules).utf8))).prefix(12))
    return Property(
      id: "A1", name: "The rules of \(description.name) give exactly the access declared", validates: [],
      generator: AuditRequest.generator(slots: description.slots), describe: \.json
    ) { tagged in
      let request = tagged.value
      let expected = "Firestore decides as the declared access does (owner-only)"
      let decision: Decision
      do {
        decision = try decide(request, description, rules: rules, project: project, access: access)
      } catch {
        return .fail(observed: "no decision: \(error)", expected: expected)
      }
      guard decision.allowed != decision.declared else { return .pass }
      let said =
        decision.allowed
        ? "Firestore allows \(decision.what); the declared access refuses it: a hole"
        : "Firestore refuses \(decision.what); the declared access allows it: the rules are stricter than declared"
      return .fail(observed: "\(said) (\(decision.status))", expected: expected)
    }
  }

  /// What Firestore and the declaration decide of one request, and the request in words.
  struct Decision {
    let allowed: Bool
    let declared: Bool
    let status: Int
    let what: String
  }

  /// Why an audit case has no decision.
  struct AuditFailure: Error, CustomStringConvertible {
    let description: String
  }

  /// The projects whose rules are set, so each is set once.
  private static let ruled = Mutex<Set<String>>([])

  /// Sends `request` to the emulator, its document staged first where one must be there.
  static func decide<Entity>(
    _ request: AuditRequest, _ described: CollectionDescription<Entity>, rules: String, project: String,
    access: DeclaredAccess
  ) throws -> Decision {
    let emulator = try FirestoreEmulator.shared.get()
    if ruled.withLock({ !$0.contains(project) }) {
      try emulator.setRules(rules, project: project)
      ruled.withLock { _ = $0.insert(project) }
    }
    let number = FirestoreEmulator.uniqueNumber()
    let (owner, another) = ("owner-\(number)", "another-\(number)")
    let at = Date(timeIntervalSince1970: 1_767_225_600)
    let entity = try described.edited(request.slot, 100, owner, at)
    let fields = described.encode(entity)
    let theirs = described.encode(try described.edited(request.slot, 100, another, at))
    let ownerFields = Set(fields.keys.filter { "\(fields[$0] ?? "")" != "\(theirs[$0] ?? "")" })
    let collection = "users/\(owner)/\(described.name)"
    let path = "\(collection)/\(described.documentId(entity))"
    let store = FirestoreRESTStore(host: emulator.host, project: project)
    if request.method != .create {
      var stage = FirestoreRequest(.patch, path: path, as: nil, body: try body(fields))
      stage.bypassesRules = true
      let staged = try store.sendAndWait(stage)
      guard staged.status == 200 else {
        throw AuditFailure(description: "the emulator refused to stage \(path)")
      }
    }
    var sent = fields
    var dropped: String?
    var namesOwner = true
    switch request.written {
    case .asWritten: break
    case .namingAnother: (sent, namesOwner) = (theirs, false)
    case .missingField:
      let names = fields.keys.sorted()
      let name = names[request.missing % max(1, names.count)]
      (sent[name], dropped, namesOwner) = (nil, name, !ownerFields.contains(name))
    }
    let caller: String? =
      switch request.caller {
      case .owner: owner
      case .stranger: "stranger-\(number)"
      case .nobody: nil
      }
    let method: FirestoreRequest.Method
    switch request.method {
    case .get: method = .get
    case .list: method = .list
    case .create, .update: method = .patch
    case .delete: method = .delete
    }
    let answer = try store.sendAndWait(
      FirestoreRequest(
        method, path: request.method == .list ? collection : path, as: caller,
        body: request.method.writes ? try body(sent) : nil))
    let what =
      "\(request.caller.rawValue)'s \(request.method.rawValue) of "
      + (request.method == .list ? "users/{owner}/\(described.name)" : "a \(described.noun) of users/{owner}")
      + (request.method.writes ? Self.words(request.written, dropped) : "")
    let declared = access.allows(request, dropped: dropped, namesOwner: namesOwner)
    switch answer.status {
    case 403: return Decision(allowed: false, declared: declared, status: 403, what: what)
    case 200, 404, 409: return Decision(allowed: true, declared: declared, status: answer.status, what: what)
    default:
      throw AuditFailure(
        description: "Firestore answered \(what) with neither a decision nor a document: \(answer.status)")
    }
  }

  /// ", naming another user as its owner", ", without its field calories", or nothing.
  private static func words(_ written: AuditRequest.Written, _ dropped: String?) -> String {
    switch written {
    case .asWritten: return ""
    case .namingAnother: return ", naming another user as its owner"
    case .missingField: return ", without its field \(dropped ?? "?")"
    }
  }

  /// The REST body of a document of `fields`.
  private static func body(_ fields: [String: Any]) throws -> Data {
    Data(FirestoreREST.encode(try Document(native: fields)).text().utf8)
  }
}
