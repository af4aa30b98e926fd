import Foundation

/// A workout device's persisted store, format v1: a checksummed header line, then the body.
///
/// A workout device's persisted store (seed 004's Core Data store, 2.2 and 2.6), format v1: a header
/// line carrying the FNV-1a checksum of the body, then the body, JSON with sorted keys: the policy's
/// name and every template, session and deletion record in key order.
///
/// `load` never traps: bytes it cannot read (damaged, truncated, of another format) give a new,
/// empty device and the reason, as seed 004 destroys and recreates a store it cannot open; the
/// data comes back from the cloud at the next sync.
public enum WorkoutStore {
  /// The first line's text before the checksum.
  static let header = "countme-workout-store v1 fnv1a64="

  /// What the body holds.
  private struct Body: Codable {
    var policy: String
    var templates: [WorkoutTemplate]
    var sessions: [WorkoutSession]
    var deletions: [DeletionRecord]
  }

  /// The bytes `device` persists: the same bytes for the same store.
  public static func encode(_ device: WorkoutDevice) -> Data {
    let body = Body(
      policy: device.policy.name, templates: device.templates.values.sorted { $0.key < $1.key },
      sessions: device.sessions.values.sorted { $0.key < $1.key }, deletions: device.deletions.sorted)
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    // NB: `deferredToDate` writes a date's own Double, which reads back to the same instant.
    encoder.dateEncodingStrategy = .deferredToDate
    let json = (try? encoder.encode(body)) ?? Data()
    return Data((header + FNV1a.hex(FNV1a.hash(json)) + "\n").utf8) + json
  }

  /// The device a launch restores from `data` under `policy`, and nil; or, for bytes it cannot read,
  /// a new, empty device under `policy` and the reason.
  public static func load(_ data: Data, policy: SyncPolicy) -> (device: WorkoutDevice, corrupted: String?) {
    switch body(of: data) {
    case .success(let body):
      guard body.policy == policy.name else {
        return (WorkoutDevice(policy: policy), "a store of policy \(body.policy), not \(policy.name)")
      }
      return (
        WorkoutDevice(
          policy: policy, templates: body.templates, sessions: body.sessions,
          deletions: DeletionTracker(records: body.deletions)), nil
      )
    case .failure(let problem):
      return (WorkoutDevice(policy: policy), problem.reason)
    }
  }

  /// Why bytes are not a store.
  private struct Unreadable: Error {
    let reason: String
  }

  private static func body(of data: Data) -> Result<Body, Unreadable> {
    guard let newline = data.firstIndex(of: UInt8(ascii: "\n")),
      let first = String(data: data[data.startIndex..<newline], encoding: .utf8), first.hasPrefix(header)
    else { return .failure(Unreadable(reason: "no \(header.dropLast(9)) header")) }
    let json = data[data.index(after: newline)...]
    let stated = first.dropFirst(header.count)
    let actual = FNV1a.hex(FNV1a.hash(json))
    guard stated == actual else {
      return .failure(Unreadable(reason: "checksum \(actual) of the body, the header says \(stated)"))
    }
    do {
      return .success(try JSONDecoder().decode(Body.self, from: Data(json)))
    } catch {
      return .failure(Unreadable(reason: "the body does not decode: \(error)"))
    }
  }
}

extension ExerciseInstance {
  /// The keys of a stored exercise, `nameOverride` being an earlier version's.
  private enum StoredKeys: String, CodingKey { case id, order, name, nameOverride, sets, reps, updatedAt }

  /// Reads an exercise with seed 004's fallback for a missing name.
  ///
  /// Reads an exercise with seed 004's fallback for migrations (2.2): its `name`, else the
  /// `nameOverride` an earlier version stored, else "Unknown Exercise"; never a failure for a
  /// missing name.
  public init(from decoder: any Decoder) throws {
    let fields = try decoder.container(keyedBy: StoredKeys.self)
    self.init(
      id: try fields.decode(UUID.self, forKey: .id), order: try fields.decode(Int.self, forKey: .order),
      name: try fields.decodeIfPresent(String.self, forKey: .name)
        ?? fields.decodeIfPresent(String.self, forKey: .nameOverride) ?? Self.unknownName,
      sets: try fields.decode(Int.self, forKey: .sets), reps: try fields.decode(Int.self, forKey: .reps),
      updatedAt: try fields.decode(Date.self, forKey: .updatedAt))
  }

  /// The name of an exercise stored with none (seed 004's last fallback).
  public static let unknownName = "Unknown Exercise"
}
