import CloudFake
import CountMeCore
import CountMeGenerators
import FirestoreCloud
import Foundation
import Generators

/// The harness's Android phone: its local logs, the saves not yet uploaded, and its sync.
///
/// The harness's Android phone (seed 003, 5.2–5.6): the logs in its local store, the saves not yet
/// uploaded, and its sync: read the user's whole collection, take each version that wins by the
/// schema's rule (`wins`) and queue each of its own that wins over the cloud's, then write each
/// waiting log.
///
/// Written from `docs/rules.md` ("Android parity"), never from CountMeCore.
struct AndroidPhone {
  /// The phone's logs, by slot.
  private(set) var logs: [Int: AndroidLog] = [:]
  /// The slots saved and not yet uploaded.
  private(set) var waiting: Set<Int> = []

  /// The user saves log `slot` as `log` at `now`.
  ///
  /// Stamped at the whole second, toward the past, or a second after the version it replaces when that is
  /// later.
  ///
  /// Returns the version saved and the `updatedAt` it replaced.
  mutating func save(_ slot: Int, _ log: AndroidLog, now: Date) -> (
    saved: AndroidLog, replaced: Int64?
  ) {
    var saved = log
    let second = LocalDays.wholeSecond(now), replaced = logs[slot]?.updatedAt
    saved.updatedAt = replaced.map { max(second, $0 + 1) } ?? second
    logs[slot] = saved
    waiting.insert(slot)
    return (saved, replaced)
  }

  /// A sync through `cloud` as user `uid` at `now`: false when a call failed (the rest waits).
  mutating func sync<Cloud: SimulationCloud>(
    _ cloud: inout Cloud, uid: String, slotOf: (UUID) -> Int?, now: Date
  ) -> Bool {
    cloud.online = true
    let (response, changes) = cloud.changes(
      in: EntityType.dailyLog.collection, of: uid, as: uid, after: 0, now: now)
    guard case .success = response.result else { return false }
    for change in changes {
      guard let read = Self.read(change.document), let slot = slotOf(read.id) else { continue }
      if let mine = logs[slot], !Self.wins(read, over: mine) {
        // Its own version wins over the cloud's other one: the cloud must get it too.
        if mine != read { waiting.insert(slot) }
        continue
      }
      logs[slot] = read
      waiting.remove(slot)
    }
    for slot in waiting.sorted() {
      guard let log = logs[slot] else { continue }
      let path = DocumentPath(
        uid: uid, collection: EntityType.dailyLog.collection, documentId: AndroidLog.text(log.id))
      guard
        case .success = cloud.set(CloudDocument(log.document.dictionary), at: path, as: uid, now: now).result
      else { return false }
      waiting.remove(slot)
    }
    return true
  }

  /// A cloud document as the Android client reads it; nil when it cannot.
  static func read(_ document: CloudDocument) -> AndroidLog? {
    guard let fields = try? Document(native: document.fields) else { return nil }
    return try? AndroidLog(reading: fields)
  }

  /// Whether version `a` wins over `b` by the schema's rule.
  ///
  /// Whether version `a` wins over `b` (the schema's rule): the later `updatedAt`; on a tie, more
  /// `totalCalories`, then the greater `dailyGoal` (none least), the later `date`, then the food
  /// item ids, the exercise item ids and `userId` as texts by code point.
  ///
  /// Numbers equal in value go by their bits.
  static func wins(_ a: AndroidLog, over b: AndroidLog) -> Bool {
    if a.updatedAt != b.updatedAt { return a.updatedAt > b.updatedAt }
    func ids(_ list: [UUID]) -> [UInt32] {
      list.map(AndroidLog.text).joined(separator: ",").unicodeScalars.map(\.value)
    }
    func bits(_ x: Double) -> (Double, UInt64) { (x, x.bitPattern) }
    let (x, y) = (bits(a.totalCalories), bits(b.totalCalories))
    if x != y { return x.0 != y.0 ? x.0 > y.0 : x.1 > y.1 }
    let (g, h) = (bits(a.dailyGoal ?? -1), bits(b.dailyGoal ?? -1))
    if g != h { return g.0 != h.0 ? g.0 > h.0 : g.1 > h.1 }
    if a.epochDay != b.epochDay { return a.epochDay > b.epochDay }
    for (p, q) in [
      (ids(a.foodItemIds), ids(b.foodItemIds)), (ids(a.exerciseItemIds), ids(b.exerciseItemIds)),
      (a.userId.unicodeScalars.map(\.value), b.userId.unicodeScalars.map(\.value)),
    ] where p != q {
      return q.lexicographicallyPrecedes(p)
    }
    return false
  }
}
