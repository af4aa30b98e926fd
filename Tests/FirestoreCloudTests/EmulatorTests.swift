import CountMeCore
import Foundation
import Testing

@testable import FirestoreCloud

/// The emulator every test here shares: the process's (each test uses projects of its own).
let sharedEmulator = FirestoreEmulator.shared

/// The repository's root, found from this file's path.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()

/// A project of its own on the shared emulator, under the rules file at `rulesPath` (from the root).
func project(_ name: String, rules rulesPath: String) throws -> FirestoreRESTStore {
  let emulator = try sharedEmulator.get()
  let rules = try String(contentsOf: repositoryRoot.appendingPathComponent(rulesPath), encoding: .utf8)
  let project = "demo-\(name)"
  try emulator.setRules(rules, project: project)
  try emulator.reset(project: project)
  return FirestoreRESTStore(host: emulator.host, project: project)
}

let emulatorRuns: Bool = (try? sharedEmulator.get()) != nil

@Suite("The real Firestore (the emulator) behind CloudStore")
struct EmulatorTests {
  @Test("the emulator is there; CI requires it, elsewhere its absence is said plainly")
  func available() {
    switch sharedEmulator {
    case .success(let emulator): #expect(emulator.answers())
    case .failure(let failure):
      let required = ProcessInfo.processInfo.environment["CI"] != nil
      print("the Firestore emulator tests did not run: \(failure)")
      #expect(!required, "CI requires the Firestore emulator: \(failure)")
    }
  }

  static func food(_ owner: String) -> CloudDocument {
    CloudDocument(["userId": owner, "name": "Oats", "calories": 150.5, "servingsCount": Int64(2)])
  }

  @Test(
    "seed 002's rules: the create hole, the exercise denial, and reads and lists refused whole",
    .enabled(if: emulatorRuns))
  func seedRules() async throws {
    let cloud = try project("seed-rules", rules: "rules/seed-002.rules")
    let alice = DocumentPath(uid: "alice", collection: "foodItems", documentId: "f1")
    try await cloud.setDocument(Self.food("alice"), at: alice, as: "alice")
    let read = try #require(try await cloud.getDocument(at: alice, as: "alice"))
    #expect(read.fields["calories"] as? Double == 150.5 && read.fields["servingsCount"] as? Int64 == 2)
    // Anyone signed in can create a document in anyone's collection when it names themselves.
    let planted = DocumentPath(uid: "alice", collection: "foodItems", documentId: "f2")
    try await cloud.setDocument(Self.food("mallory"), at: planted, as: "mallory")
    await #expect(throws: SyncError.permissionDenied(path: alice.description)) {
      try await cloud.getDocument(at: alice, as: "mallory")
    }
    // No rule matches exerciseItems: the app's exercise sync fails for every user.
    let exercise = DocumentPath(uid: "alice", collection: "exerciseItems", documentId: "e1")
    await #expect(throws: SyncError.permissionDenied(path: exercise.description)) {
      try await cloud.setDocument(Self.food("alice"), at: exercise, as: "alice")
    }
    let anonymous = try await cloud.send(FirestoreRequest(.get, alice, as: nil))
    let listed = try await cloud.send(FirestoreRequest(.list, alice, as: "mallory"))
    #expect(anonymous.status == 403 && listed.status == 403)
  }

  @Test(
    "the recommended rules: owner only by path, a written document names its owner",
    .enabled(if: emulatorRuns))
  func recommendedRules() async throws {
    let cloud = try project("recommended-rules", rules: "firestore.rules")
    let exercise = DocumentPath(uid: "alice", collection: "exerciseItems", documentId: "e1")
    try await cloud.setDocument(Self.food("alice"), at: exercise, as: "alice")
    let planted = DocumentPath(uid: "alice", collection: "foodItems", documentId: "f2")
    await #expect(throws: SyncError.permissionDenied(path: planted.description)) {
      try await cloud.setDocument(Self.food("mallory"), at: planted, as: "mallory")
    }
    await #expect(throws: SyncError.permissionDenied(path: planted.description)) {
      try await cloud.setDocument(Self.food("mallory"), at: planted, as: "alice")
    }
    let unknown = DocumentPath(uid: "alice", collection: "secrets", documentId: "s1")
    await #expect(throws: SyncError.permissionDenied(path: unknown.description)) {
      try await cloud.setDocument(Self.food("alice"), at: unknown, as: "alice")
    }
    #expect(try await cloud.send(FirestoreRequest(.list, exercise, as: "alice")).status == 200)
    #expect(try await cloud.send(FirestoreRequest(.list, exercise, as: "mallory")).status == 403)
    try await cloud.deleteDocument(at: exercise, as: "alice")
    #expect(try await cloud.getDocument(at: exercise, as: "alice") == nil)
  }

  @Test("a model's document goes up and comes back as the same model", .enabled(if: emulatorRuns))
  func documentRoundTrip() async throws {
    let cloud = try project("round-trip", rules: "firestore.rules")
    let item = try FoodItem(
      name: "Oats", calories: 150, timestamp: Date(timeIntervalSince1970: 1_767_225_600.125), protein: 5,
      userId: "alice", lastModified: Date(timeIntervalSince1970: 1_767_225_601.5))
    let path = DocumentPath(uid: "alice", collection: "foodItems", documentId: item.id.uuidString)
    try await cloud.setDocument(CloudDocument(item.toFirestoreData()), at: path, as: "alice")
    let read = try #require(try await cloud.getDocument(at: path, as: "alice"))
    #expect(try FoodItem.fromFirestoreData(read.fields) == item)
  }

  @Test("no emulator at the address: a call fails as the network being down, which the queue retries")
  func unreachable() async throws {
    let nowhere = FirestoreRESTStore(host: "127.0.0.1:9", project: "demo-nowhere")
    let path = DocumentPath(uid: "alice", collection: "foodItems", documentId: "f1")
    await #expect(throws: SyncError.networkUnavailable) {
      try await nowhere.getDocument(at: path, as: "alice")
    }
  }

  @Test("FIRESTORE_EMULATOR_HOST naming nothing is one clear line, not a hang")
  func missingNamedEmulator() {
    #expect(throws: FirestoreEmulator.Failure.self) {
      try FirestoreEmulator.start(environment: ["FIRESTORE_EMULATOR_HOST": "127.0.0.1:9"])
    }
    #expect(throws: FirestoreEmulator.Failure.self) {
      try FirestoreEmulator.start(environment: ["PATH": "/nowhere"])
    }
  }

  @Test(
    "an emulator this process started runs Java's quick compiler only, and is stopped, Java, files and all",
    .enabled(if: emulatorRuns))
  func stops() throws {
    // A temporary directory of its own: the first start writes the archive of classes, the second reads it.
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "countme-emulator-test-\(getpid())-\(FirestoreEmulator.uniqueNumber())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    var environment = ProcessInfo.processInfo.environment
    (environment["JAVA_TOOL_OPTIONS"], environment["FIRESTORE_EMULATOR_HOST"]) = (nil, nil)
    environment["TMPDIR"] = directory.path
    for round in ["writes", "reads"] {
      let own = try FirestoreEmulator.start(environment: environment)
      #expect(own.answers())
      let classes = try #require(own.classes)
      #expect(classes.path.deletingLastPathComponent().path == directory.path)
      #expect((classes.partial == nil) == (round == "reads"), "\(round): \(classes)")
      let javas = FirestoreEmulator.sessionMembers(try #require(own.group)).filter { pid in
        (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?.hasPrefix("java") == true
      }
      #expect(!javas.isEmpty)
      for pid in javas {
        let environ = try Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/environ"))
        let entries = environ.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        #expect(
          entries.contains("JAVA_TOOL_OPTIONS=-XX:TieredStopAtLevel=1 \(classes.javaOptions)"), "\(entries)")
      }
      #expect(own.files.count == 2)
      #expect(own.files.allSatisfy { FileManager.default.fileExists(atPath: $0.path) })
      own.stop()
      #expect(!own.answers())
      #expect(!own.files.contains { FileManager.default.fileExists(atPath: $0.path) }, "\(own.files)")
      // Java wrote the archive as it ended, and its shell moved it into place before the session ended.
      let left = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      #expect(left == [classes.path.lastPathComponent], "\(round): \(left)")
    }
  }

  @Test("Java's options are the caller's when it set JAVA_TOOL_OPTIONS, even to nothing")
  func javaOptionsKept() {
    #expect(
      FirestoreEmulator.javaTuned(["PATH": "/bin"])
        == ["PATH": "/bin", "JAVA_TOOL_OPTIONS": "-XX:TieredStopAtLevel=1"])
    #expect(FirestoreEmulator.javaTuned(["JAVA_TOOL_OPTIONS": "-Xmx1g"]) == ["JAVA_TOOL_OPTIONS": "-Xmx1g"])
    #expect(FirestoreEmulator.javaTuned(["JAVA_TOOL_OPTIONS": ""]) == ["JAVA_TOOL_OPTIONS": ""])
  }

  @Test(
    "a download since a cursor: every write after it, in the server's order, a rewrite moving to the end",
    .enabled(if: emulatorRuns))
  func changesSinceCursor() async throws {
    let cloud = try project("changes", rules: "firestore.rules")
    func path(_ id: String) -> DocumentPath {
      DocumentPath(uid: "alice", collection: "foodItems", documentId: id)
    }
    let first = try await cloud.setStamped(Self.food("alice"), at: path("a"), as: "alice")
    let second = try await cloud.setStamped(Self.food("alice"), at: path("b"), as: "alice")
    try await cloud.setStamped(Self.food("alice"), at: path("c"), as: "alice")
    #expect(first < second)
    let all = try await cloud.changes(in: "foodItems", of: "alice", as: "alice", after: 0)
    #expect(all.map(\.path.documentId) == ["a", "b", "c"])
    #expect(all.first?.document.fields["calories"] as? Double == 150.5)
    #expect(all.first?.document.fields[FirestoreRESTStore.stampField] == nil)
    let rewritten = try await cloud.setStamped(Self.food("alice"), at: path("a"), as: "alice")
    let later = try await cloud.changes(in: "foodItems", of: "alice", as: "alice", after: second)
    #expect(later.map(\.path.documentId) == ["c", "a"] && later.last?.revision == rewritten)
    // Refused whole for another user, as a list: never filtered to what she may read.
    await #expect(throws: SyncError.permissionDenied(path: "users/alice/foodItems/(changes after 0)")) {
      try await cloud.changes(in: "foodItems", of: "alice", as: "mallory", after: 0)
    }
  }
}
