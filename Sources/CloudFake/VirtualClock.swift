import CountMeCore
import Foundation
import Synchronization

/// A clock that moves only when told to: `sleep(until:)` jumps to the deadline at once.
///
/// A class so a test and the engine share one; its time sits behind a `Mutex`.
public final class VirtualClock: SyncClock {
  private let time: Mutex<Date>

  /// A clock that reads `start` until it is moved.
  public init(start: Date) { time = Mutex(start) }

  /// The virtual time now.
  public func now() async -> Date { current }
  /// The virtual time now.
  public var current: Date { time.withLock { $0 } }

  /// Returns at once, having moved the clock to `deadline`: nothing waits.
  public func sleep(until deadline: Date) async {
    time.withLock { $0 = max($0, deadline) }
  }

  /// Moves the clock on by `seconds`.
  public func advance(by seconds: Double) {
    time.withLock { $0 = $0.addingTimeInterval(seconds) }
  }
}

/// `CloudFake` behind the async `CloudStore` protocol, on a `VirtualClock`, for driving the real
/// `SyncEngine` in tests.
///
/// A call's latency moves the clock on.
public actor CloudFakeStore: CloudStore {
  /// The in-memory cloud behind this store.
  public private(set) var fake: CloudFake
  private let clock: VirtualClock

  /// Creates a `CloudFakeStore` from its parts.
  public init(fake: CloudFake, clock: VirtualClock) {
    self.fake = fake
    self.clock = clock
  }

  /// Writes through the fake at the clock's time.
  public func setDocument(_ document: CloudDocument, at path: DocumentPath, as uid: String) async throws {
    try finish(fake.set(document, at: path, as: uid, now: clock.current))
  }

  /// Reads through the fake, under its rules.
  public func getDocument(at path: DocumentPath, as uid: String) async throws -> CloudDocument? {
    try fake.read(at: path, as: uid).get()
  }

  /// Deletes through the fake at the clock's time.
  public func deleteDocument(at path: DocumentPath, as uid: String) async throws {
    try finish(fake.delete(at: path, as: uid, now: clock.current))
  }

  /// Takes the fake cloud offline or back.
  public func setOnline(_ online: Bool) { fake.online = online }

  /// Stops injecting faults (false), or starts again.
  public func setFaultsEnabled(_ enabled: Bool) { fake.faultsEnabled = enabled }

  private func finish(_ response: CloudFake.Response) throws {
    clock.advance(by: response.latency)
    if case .failure(let error) = response.result { throw error }
  }
}
