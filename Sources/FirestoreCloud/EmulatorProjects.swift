import Foundation
import Synchronization

/// Projects on one emulator under one rules file, each lent to one case at a time.
///
/// Projects on one emulator under one rules file, lent one case at a time: a case gets a project
/// no other running case holds, with no documents in it, so cases running at once never see each
/// other's.
///
/// A returned project is emptied (the emulator's reset) and lent again, so the rules are set once per
/// project, not once per case.
public final class EmulatorProjects: Sendable {
  /// The emulator the projects live on.
  public let emulator: FirestoreEmulator
  private let rules: String
  private let prefix: String
  private let free = Mutex<[String]>([])

  /// Projects named `prefix-1`, `prefix-2`, … on `emulator`, each under `rules` (a rules file's text).
  public init(on emulator: FirestoreEmulator, rules: String, prefix: String) {
    self.emulator = emulator
    self.rules = rules
    self.prefix = prefix
  }

  /// Runs `body` with a store on an empty project of its own, and empties the project after.
  ///
  /// - Throws: `FirestoreEmulator.Failure` when the emulator refuses a new project's rules, and
  ///   whatever `body` throws.
  public func withStore<T>(_ body: (FirestoreRESTStore) throws -> T) throws -> T {
    let project = try lend()
    defer { giveBack(project) }
    return try body(FirestoreRESTStore(host: emulator.host, project: project))
  }

  private func lend() throws(FirestoreEmulator.Failure) -> String {
    if let project = free.withLock({ $0.popLast() }) { return project }
    let project = "\(prefix)-\(FirestoreEmulator.uniqueNumber())"
    try emulator.setRules(rules, project: project)
    return project
  }

  /// Empties `project` and lends it again; one the emulator would not empty is not lent again.
  private func giveBack(_ project: String) {
    guard (try? emulator.reset(project: project)) != nil else { return }
    free.withLock { $0.append(project) }
  }
}
