import CountMeContract
import CountMeCore
import CountMeWorlds
import Foundation
import Generators

/// The `queue-file` target: the bytes after the first are a queue file, or its body.
///
/// The `queue-file` target: the bytes after the first are a queue file (when the first byte is
/// even, the body of one, under a header whose checksum the target computes, so the fuzzer reaches
/// the JSON and its checks rather than only the checksum's).
///
/// Oracle, from the format's documentation (`QueueFileFormat`, `QueueSpecification`): loading
/// never traps; a file that loads has a v1 header with the right checksum, unique operation ids
/// below `nextID`, `nextID` at most 2⁶³ − 1 and attempts from 0 to 1,000,001; its snapshot saves and
/// loads back unchanged; and the queue restored from it survives any sequence of operations (drawn
/// from the input's hash): it never holds more than its capacity, gives only fresh ids, and its
/// own saved file loads again.
enum QueueFileFuzzing {
  static func run(_ bytes: [UInt8]) -> String? {
    guard let mode = bytes.first else { return nil }
    let rest = Array(bytes.dropFirst())
    let file = mode % 2 == 0 ? QueueFileFormat.write(bytes: rest) : Data(rest)
    guard let snapshot = try? QueueSnapshot.decode(file) else { return nil }
    if case .failure(let problem) = QueueFileFormat.body(of: file) {
      return "loaded a file the format refuses (\(problem)): \(String(decoding: file, as: UTF8.self))"
    }
    let ids = (snapshot.pending.map(\.id) + snapshot.failed.map(\.id)).map(\.rawValue)
    let attempts = snapshot.pending.map(\.attempts) + snapshot.failed.map(\.attempts)
    guard Set(ids).count == ids.count, ids.allSatisfy({ $0 < snapshot.nextID }),
      snapshot.nextID <= UInt64(QueueSpecification.mostNextID),
      attempts.allSatisfy({ (0...QueueSpecification.mostAttempts).contains($0) })
    else {
      return "loaded a file whose ids or attempts break the format: \(String(decoding: file, as: UTF8.self))"
    }
    guard let again = try? QueueSnapshot.decode(snapshot.encoded()), again == snapshot else {
      return "a loaded snapshot does not save and load back unchanged"
    }
    return operations(on: snapshot, seed: QueueFileFormat.fnv1a64(bytes))
  }

  private static func operations(on snapshot: QueueSnapshot, seed: UInt64) -> String? {
    var draws = ChoiceSource(seed: seed, recording: false)
    let capacity = Int(draws.draw(upTo: 20)) + 1
    var queue = SyncQueue(restoring: snapshot, capacity: capacity, policy: RetryPolicy(maxRetries: 2))
    var seen = Set(snapshot.pending.map(\.id) + snapshot.failed.map(\.id))
    var now = Date(timeIntervalSince1970: 1_800_000_000)
    // NB: CountMe's types only, so that adding the workout app's moved no fuzzed case.
    let types = EntityType.countmeTypes
    for step in 0..<64 {
      switch draws.draw(upTo: 4) {
      case 0, 1:
        let operation = SyncOperation(
          SyncOperation.Kind.allCases[Int(draws.draw(upTo: 2))], entityId: "e\(draws.draw(upTo: 5))",
          entityType: types[Int(draws.draw(upTo: UInt64(types.count - 1)))],
          timestamp: now)
        let id = queue.enqueue(operation)
        guard seen.insert(id).inserted else { return "step \(step): enqueue gave \(id), an id already used" }
      case 2:
        if case .upload(let id, _) = queue.next(now: now, online: true, signedIn: true) {
          let outcomes: [Result<Void, SyncError>] = [
            .success(()), .failure(.networkUnavailable), .failure(.permissionDenied(path: "p")),
          ]
          queue.complete(id, with: outcomes[Int(draws.draw(upTo: 2))], now: now)
        }
      case 3:
        if let failed = queue.failed.first { _ = queue.retryFailed(failed.id) }
      default:
        now = now.addingTimeInterval(Double(draws.draw(upTo: 120)))
      }
      guard queue.count <= capacity else {
        return "step \(step): \(queue.count) operations in a queue of \(capacity)"
      }
    }
    do {
      _ = try QueueSnapshot.decode(queue.snapshot().encoded())
    } catch {
      return "the queue restored from the file saved a file that does not load: \(error)"
    }
    return nil
  }
}
