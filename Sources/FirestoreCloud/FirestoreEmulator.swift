import Foundation
import JSONValues
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The Firestore emulator as a component the harness starts, resets and always stops.
///
/// The Firestore emulator as a component the harness manages: started on a free loopback port,
/// ready before use, each project given its own rules and reset between cases, and always stopped.
///
/// With `FIRESTORE_EMULATOR_HOST` set, the emulator already running there is used, and left
/// running. Otherwise `start()` runs the emulator gcloud installed in a session of its own, watched
/// by a shell that stops the whole session within a second of this process ending, a crash
/// included; `stop()` (or the interrupt handler) stops it at once.
public final class FirestoreEmulator: Sendable {
  /// Why the emulator cannot be used, in one line that says how to fix it.
  public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong and what to do.
    public let message: String
    /// How reports print it.
    public var description: String { message }

    /// A failure saying `message`.
    public init(message: String) { self.message = message }
  }

  /// `host:port` of the emulator, on loopback.
  public let host: String
  /// The process group this instance started; nil when it uses one already running.
  let group: Int32?
  /// The files the started emulator's shell writes (its log, and its session's id), removed when
  /// it stops.
  let files: [URL]
  /// The archive of the emulator's classes its Java reads, or writes for the next run.
  let classes: JavaClassArchive?

  private init(host: String, group: Int32?, files: [URL] = [], classes: JavaClassArchive? = nil) {
    self.host = host
    self.group = group
    self.files = files
    self.classes = classes
  }

  deinit { stop() }

  /// A number no other caller in this process gets: what keeps the users (or projects) of cases
  /// that run at once on one emulator apart.
  public static func uniqueNumber() -> Int { numbers.add(1, ordering: .relaxed).newValue }
  private static let numbers = Atomic<Int>(0)

  /// The emulator this process shares, started on first use, or why there is none.
  ///
  /// The emulator this process shares, started on first use (`start()` with this process's
  /// environment) and stopped when the process ends; or why there is none.
  public static let shared: Result<FirestoreEmulator, Failure> = {
    do throws(Failure) {
      return .success(try start())
    } catch {
      return .failure(error)
    }
  }()

  /// The emulator at `FIRESTORE_EMULATOR_HOST` when set, else a new one on a free loopback port.
  ///
  /// - Parameters:
  ///   - environment: where `FIRESTORE_EMULATOR_HOST` and `PATH` are read.
  ///   - timeout: how long to wait for it to answer.
  /// - Throws: `Failure` when gcloud or the emulator is missing, or it exits or stays silent.
  public static func start(
    environment: [String: String] = ProcessInfo.processInfo.environment, timeout: Double = 60
  ) throws(Failure) -> FirestoreEmulator {
    if let running = environment["FIRESTORE_EMULATOR_HOST"], !running.isEmpty {
      let emulator = FirestoreEmulator(host: running, group: nil)
      guard emulator.answers() else {
        throw Failure(
          message: "FIRESTORE_EMULATOR_HOST is \(running), but no Firestore emulator answers there; "
            + "start one (gcloud emulators firestore start --host-port=\(running)) or unset it")
      }
      return emulator
    }
    guard let gcloud = executable("gcloud", path: environment["PATH"] ?? "") else {
      throw Failure(
        message: "the Firestore emulator needs gcloud on PATH: install the Debian packages google-cloud-cli "
          + "and google-cloud-cli-firestore-emulator (and Java 17), or set FIRESTORE_EMULATOR_HOST")
    }
    // NB: the emulator's own script, not `gcloud emulators firestore start`: gcloud moves itself
    // to a process group of its own, which a signal to the group started here would not reach.
    let root = URL(fileURLWithPath: gcloud).resolvingSymlinksInPath().deletingLastPathComponent()
      .deletingLastPathComponent()
    let script = root.appendingPathComponent("platform/cloud-firestore-emulator/cloud_firestore_emulator")
      .path
    guard FileManager.default.isExecutableFile(atPath: script) else {
      throw Failure(
        message: "gcloud is installed, but not its Firestore emulator (no \(script)): install the Debian "
          + "package google-cloud-cli-firestore-emulator (or gcloud components install cloud-firestore-emulator)"
      )
    }
    let port = try freePort()
    let host = "127.0.0.1:\(port)"
    let log = temporaryDirectory(environment).appendingPathComponent("countme-firestore-\(port).log")
    let session = log.deletingPathExtension().appendingPathExtension("session")
    let classes = classArchive(script: script, environment: environment)
    let group = try launch(
      script, port: port, log: log, session: session, classes: classes,
      environment: javaTuned(environment, classes: classes))
    let emulator = FirestoreEmulator(host: host, group: group, files: [log, session], classes: classes)
    var waited = 0.0
    while !emulator.answers() {
      guard sessionAlive(group) else {
        let words = lastLine(of: log)
        emulator.halt(failed: true)
        throw Failure(message: "the Firestore emulator exited before it was ready: \(words)")
      }
      guard waited < timeout else {
        let words = lastLine(of: log)
        emulator.halt(failed: true)
        throw Failure(
          message: "the Firestore emulator did not answer on \(host) within \(Int(timeout)) s: \(words)")
      }
      usleep(200_000)
      waited += 0.2
    }
    return emulator
  }

  /// Stops the emulator this instance started, every process of its session, and removes its files.
  ///
  /// Stops the emulator this instance started (every process of its session, Java included),
  /// killing what is left after 5 s, and removes its files; does nothing for one it did not start.
  ///
  /// Its shell keeps the archive of classes Java wrote as it ended, if it did (`JavaClassArchive`).
  public func stop() { halt(failed: false) }

  /// `stop()`, forgetting the class archive too when the emulator `failed` to start.
  ///
  /// `stop()`; for an emulator that `failed` to start, also forgets the archive of classes it was
  /// started with (it may be why) and removes what its Java wrote.
  private func halt(failed: Bool) {
    guard let group else { return }
    Self.signalSession(group, SIGTERM)
    var waited = 0
    while Self.sessionAlive(group), waited < 100 {
      usleep(50_000)
      waited += 1
    }
    Self.signalSession(group, SIGKILL)
    for file in files { try? FileManager.default.removeItem(at: file) }
    if failed {
      classes?.discard()
      classes?.remove()
    }
  }

  /// Sends `signal` to every process of session `session` (its group, and any that left it).
  static func signalSession(_ session: Int32, _ signal: Int32) {
    kill(-session, signal)
    for member in sessionMembers(session) { kill(member, signal) }
  }

  /// True while a process of session `session` is alive.
  static func sessionAlive(_ session: Int32) -> Bool { !sessionMembers(session).isEmpty }

  /// The processes of session `session`, read from `/proc/<pid>/stat` (its sixth field).
  static func sessionMembers(_ session: Int32) -> [Int32] {
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
    return entries.compactMap(Int32.init).filter { pid in
      guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let end = stat.lastIndex(of: ")")
      else { return false }
      // After the command's closing parenthesis: state, ppid, pgrp, session.
      let fields = stat[stat.index(after: end)...].split(separator: " ")
      return fields.count > 3 && Int32(fields[3]) == session
    }
  }

  /// True when the emulator answers its root path (within 2 s).
  public func answers() -> Bool {
    guard let url = URL(string: "http://\(host)/") else { return false }
    var request = URLRequest(url: url)
    request.timeoutInterval = 2
    return (try? BlockingHTTP.send(request))?.status == 200
  }

  /// Gives `project` these rules, the text of a `firestore.rules` file.
  ///
  /// Gives `project` these rules (the text of a `firestore.rules` file); every project starts
  /// with the rules the emulator was started with, which here is none: everything refused.
  public func setRules(_ rules: String, project: String) throws(Failure) {
    let file = JSON.object([("name", .string("firestore.rules")), ("content", .string(rules))])
    let body = JSON.object([("rules", .object([("files", .array([file]))]))])
    try emulatorCall("PUT", "/emulator/v1/projects/\(project):securityRules", body: Data(body.text().utf8))
  }

  /// Deletes every document of `project`.
  public func reset(project: String) throws(Failure) {
    try emulatorCall("DELETE", "/emulator/v1/projects/\(project)/databases/(default)/documents", body: nil)
  }

  private func emulatorCall(_ method: String, _ path: String, body: Data?) throws(Failure) {
    guard let url = URL(string: "http://\(host)\(path)") else {
      throw Failure(message: "the Firestore emulator's path \(path) is not a URL")
    }
    var request = URLRequest(url: url)
    request.httpMethod = method
    request.httpBody = body
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    let answer: HTTPAnswer
    do {
      answer = try BlockingHTTP.send(request)
    } catch {
      throw Failure(
        message: "the Firestore emulator at \(host) stopped answering (\(method) \(path)): \(error)")
    }
    guard answer.status == 200 else {
      let text = String(decoding: answer.body, as: UTF8.self).split(separator: "\n").joined(separator: " ")
      throw Failure(
        message: "the Firestore emulator refused \(method) \(path) with \(answer.status): \(text)")
    }
  }

  /// `environment` with Java told to use its quick compiler only and the archive of the emulator's classes.
  ///
  /// `environment` with Java told to compile the emulator's code with its quick compiler only,
  /// and to read (or write) the archive of its classes, unless the caller set `JAVA_TOOL_OPTIONS`
  /// itself: a run of this harness asks the emulator for seconds to minutes, and the optimising
  /// compiler's work would not pay back in that time (R1's 200 cases and the emulator's start: 9.9 s
  /// with it, 6.2 s without, in a debug build).
  static func javaTuned(_ environment: [String: String], classes: JavaClassArchive? = nil) -> [String: String]
  {
    var tuned = environment
    if tuned["JAVA_TOOL_OPTIONS"] == nil {
      tuned["JAVA_TOOL_OPTIONS"] = (["-XX:TieredStopAtLevel=1"] + (classes.map { [$0.javaOptions] } ?? []))
        .joined(separator: " ")
    }
    return tuned
  }

  /// Where the emulator's files go (its log, its session's id, the archive of its classes): the
  /// `TMPDIR` of `environment`, else /tmp.
  static func temporaryDirectory(_ environment: [String: String]) -> URL {
    URL(fileURLWithPath: environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp")
  }

  /// The archive of classes for the emulator's `script`, or nil when it cannot have one.
  ///
  /// The archive of classes for the emulator's `script` (its jar beside it) run by the `JAVA` or
  /// `java` of `environment`, in its `TMPDIR` (else /tmp); nil when the caller chose Java's
  /// options (`JAVA_TOOL_OPTIONS`) or either file is missing.
  ///
  /// Removes abandoned partial archives, and when this run writes an archive, the day-old archives of other
  /// jars and Javas.
  static func classArchive(script: String, environment: [String: String]) -> JavaClassArchive? {
    guard environment["JAVA_TOOL_OPTIONS"] == nil,
      let java = environment["JAVA"].flatMap({ $0.isEmpty ? nil : $0 })
        ?? executable("java", path: environment["PATH"] ?? "")
    else { return nil }
    let directory = temporaryDirectory(environment)
    JavaClassArchive.removeAbandoned(in: directory)
    let jar = URL(fileURLWithPath: script).deletingLastPathComponent()
      .appendingPathComponent("cloud-firestore-emulator.jar")
    let archive = JavaClassArchive.of(jar: jar, java: URL(fileURLWithPath: java), in: directory)
    if let archive, archive.partial != nil {
      JavaClassArchive.removeStale(in: directory, keeping: archive.path)
    }
    return archive
  }

  /// Launches the emulator's `script` in a new session that stops when this process ends.
  ///
  /// Launches the emulator's `script` in a new session, under a shell that writes its id to
  /// `session` and the emulator's output to `log`, and stops the session (removing both files) when
  /// this process ends; returns the session's process group.
  private static func launch(
    _ script: String, port: Int, log: URL, session: URL, classes: JavaClassArchive?,
    environment: [String: String]
  ) throws(Failure) -> Int32 {
    let parent = getpid()
    // NB: the script starts Java as a child; a signal to the whole group stops both, and only a
    // watcher outside this process stops them when this process dies without cleaning up. The
    // shell removes its files when the group is stopped (`stop()`, an interrupt, this process's
    // death); when the emulator exits on its own, it stops the group but leaves the files, the log
    // for `start()` to quote, `stop()` to remove. Java writes the archive of its classes as it
    // ends, after the script has: so the shell notes Java's pid (the script's child named java),
    // waits for it to end, and only then moves the archive into place, in the background when this
    // process has ended.
    try? FileManager.default.removeItem(at: session)
    let keepArchive =
      classes?.partial == nil
      ? "" : "[ -n \"$java\" ] && [ -s \"$3\" ] && mv -f \"$3\" \"$4\"; rm -f \"$3\"; "
    let watcher =
      "trap 'while [ -n \"$java\" ] && kill -0 $java 2>/dev/null; do sleep 0.1; done; \(keepArchive)"
      + "rm -f \"$1\" \"$2\"; exit 143' TERM; echo $$ >\"$2\"; java=; "
      + "\"$0\" start --host=127.0.0.1 --port=\(port) >\"$1\" 2>&1 & child=$!; "
      + "while kill -0 \(parent) 2>/dev/null && kill -0 $child 2>/dev/null; do "
      + "[ -z \"$java\" ] && for p in $(cat /proc/$child/task/$child/children 2>/dev/null); do "
      + "read -r name </proc/$p/comm && [ \"$name\" = java ] && java=$p; done; sleep 0.5; done; "
      + "kill -0 \(parent) 2>/dev/null && trap - TERM; kill -TERM 0"
    let archive = classes.flatMap { classes in classes.partial.map { [$0.path, classes.path.path] } } ?? []
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/setsid")
    process.arguments = ["sh", "-c", watcher, script, log.path, session.path] + archive
    process.environment = environment
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      throw Failure(message: "could not start the Firestore emulator (setsid sh \(script)): \(error)")
    }
    // NB: setsid forks when it starts as a group leader, so the session's id (its shell's pid) is
    // read from the file the shell writes, not taken from the process started here.
    for _ in 0..<100 {
      if let text = try? String(contentsOf: session, encoding: .utf8),
        let group = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
      {
        Interruption.register(group)
        return group
      }
      usleep(50_000)
    }
    throw Failure(message: "the Firestore emulator's shell did not start (no \(session.path) after 5 s)")
  }

  /// A loopback port nothing listens on now.
  private static func freePort() throws(Failure) -> Int {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { throw Failure(message: "could not open a socket to find a free port") }
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0
      }
    }
    guard bound else {
      throw Failure(message: "could not find a free loopback port for the Firestore emulator")
    }
    return Int(UInt16(bigEndian: address.sin_port))
  }

  /// The full path of `name` on `path`, or nil.
  private static func executable(_ name: String, path: String) -> String? {
    path.split(separator: ":").map { "\($0)/\(name)" }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  /// The last line the emulator wrote, for an error message.
  private static func lastLine(of log: URL) -> String {
    let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
    let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    return lines.last { !$0.isEmpty }.map { "its last words: \($0)" } ?? "it wrote nothing"
  }
}
