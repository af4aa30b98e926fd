import Foundation

/// One exercise inside a module or workout, with its own id, place and `updatedAt`.
///
/// One exercise inside a module or workout (seed 004's `ExerciseInstance`): its own id, its place
/// in the list, and its own `updatedAt`, by which two versions of it meet.
public struct ExerciseInstance: Hashable, Codable, Sendable {
  /// Its identity, the same on every device.
  public var id: UUID
  /// Its place: the list is sorted by it (ties by id).
  public var order: Int
  /// The exercise's name.
  public var name: String
  /// Sets prescribed.
  public var sets: Int
  /// Repetitions per set.
  public var reps: Int
  /// When it was last changed.
  public var updatedAt: Date

  /// Creates an `ExerciseInstance` from its parts.
  public init(id: UUID, order: Int, name: String, sets: Int, reps: Int, updatedAt: Date) {
    self.id = id
    self.order = order
    self.name = name
    self.sets = sets
    self.reps = reps
    self.updatedAt = updatedAt
  }

  /// Whether `other` has this exercise's content: every field but `updatedAt`.
  public func hasSameContent(as other: ExerciseInstance) -> Bool {
    (id, order, name, sets, reps) == (other.id, other.order, other.name, other.sets, other.reps)
  }
}

/// A module or a workout (seed 004's `Module` and `Workout`): metadata and an ordered list of child
/// exercises, merged child by child (1.6).
public struct WorkoutTemplate: Hashable, Codable, Sendable {
  /// Which of the two it is.
  public enum Kind: String, Hashable, Codable, Sendable, CaseIterable { case module, workout }

  /// A module or a workout.
  public var kind: Kind
  /// Its identity, the same on every device.
  public var id: UUID
  /// Its name (metadata).
  public var name: String
  /// Its notes (metadata).
  public var notes: String
  /// When it was last changed: its metadata or any child.
  public var updatedAt: Date
  /// Its exercises, sorted by `order` (ties by id).
  public var exercises: [ExerciseInstance]

  /// Creates a `WorkoutTemplate` from its parts; the exercises are sorted by `order`, then id.
  public init(
    kind: Kind, id: UUID, name: String, notes: String, updatedAt: Date, exercises: [ExerciseInstance]
  ) {
    self.kind = kind
    self.id = id
    self.name = name
    self.notes = notes
    self.updatedAt = updatedAt
    self.exercises = Self.sorted(exercises)
  }

  /// The key a store holds it under.
  public var key: WorkoutKey { WorkoutKey(kind: kind == .module ? .module : .workout, id: id) }

  /// Whether `other` has this template's content: every field but the `updatedAt`s, children
  /// compared in order.
  public func hasSameContent(as other: WorkoutTemplate) -> Bool {
    (kind, id, name, notes) == (other.kind, other.id, other.name, other.notes)
      && exercises.count == other.exercises.count
      && zip(exercises, other.exercises).allSatisfy { $0.hasSameContent(as: $1) }
  }

  /// Seed 004's `contentHash`: FNV-1a over every field but the `updatedAt`s.
  ///
  /// So a save that changes nothing leaves it as it was, and the same content hashes the same on every
  /// device.
  public var contentHash: UInt64 {
    var text = "\(kind.rawValue)\u{1}\(id.uuidString)\u{1}\(name)\u{1}\(notes)"
    for exercise in exercises {
      text += "\u{2}\(exercise.id.uuidString)\u{1}\(exercise.order)\u{1}\(exercise.name)"
      text += "\u{1}\(exercise.sets)\u{1}\(exercise.reps)"
    }
    return FNV1a.hash(Array(text.utf8))
  }

  /// `exercises` sorted by `order`, then by id: a total order, so every device lists them alike.
  static func sorted(_ exercises: [ExerciseInstance]) -> [ExerciseInstance] {
    exercises.sorted { ($0.order, $0.id.uuidString) < ($1.order, $1.id.uuidString) }
  }
}

/// One logged set of a session.
public struct SetData: Hashable, Codable, Sendable {
  /// Its identity.
  public var id: UUID
  /// The exercise it was a set of.
  public var exerciseID: UUID
  /// Repetitions done.
  public var reps: Int
  /// Weight lifted, in grams.
  public var grams: Int

  /// Creates a `SetData` from its parts.
  public init(id: UUID, exerciseID: UUID, reps: Int, grams: Int) {
    self.id = id
    self.exerciseID = exerciseID
    self.reps = reps
    self.grams = grams
  }
}

/// A completed workout (seed 004's `Session`): append-only, synced as a whole unit and never merged
/// (1.7).
public struct WorkoutSession: Hashable, Codable, Sendable {
  /// Its identity, the same on every device.
  public var id: UUID
  /// The sets logged, in order.
  public var sets: [SetData]
  /// When it was last changed.
  public var updatedAt: Date

  /// Creates a `WorkoutSession` from its parts.
  public init(id: UUID, sets: [SetData], updatedAt: Date) {
    self.id = id
    self.sets = sets
    self.updatedAt = updatedAt
  }

  /// The key a store holds it under.
  public var key: WorkoutKey { WorkoutKey(kind: .session, id: id) }

  /// Whether `other` has this session's content: every field but `updatedAt`.
  public func hasSameContent(as other: WorkoutSession) -> Bool { (id, sets) == (other.id, other.sets) }

  /// FNV-1a over every field but `updatedAt`, as `WorkoutTemplate.contentHash`.
  public var contentHash: UInt64 {
    var text = "session\u{1}\(id.uuidString)"
    for set in sets {
      text += "\u{2}\(set.id.uuidString)\u{1}\(set.exerciseID.uuidString)\u{1}\(set.reps)\u{1}\(set.grams)"
    }
    return FNV1a.hash(Array(text.utf8))
  }
}

/// A version of a workout entity: when it was changed and a hash of its content, what conflicts are
/// decided by.
public protocol WorkoutVersioned: Sendable {
  /// When it was last changed.
  var updatedAt: Date { get }
  /// FNV-1a over every field but the `updatedAt`s.
  var contentHash: UInt64 { get }
}

extension WorkoutTemplate: WorkoutVersioned {}
extension WorkoutSession: WorkoutVersioned {}

/// An entity of the workout app: its kind and id.
public struct WorkoutKey: Hashable, Codable, Sendable, Comparable, CustomStringConvertible {
  /// The kinds of entity the workout simulation syncs.
  public enum Kind: String, Hashable, Codable, Sendable, CaseIterable { case session, module, workout }

  /// Its kind.
  public var kind: Kind
  /// Its id.
  public var id: UUID

  /// Creates a `WorkoutKey` from its parts.
  public init(kind: Kind, id: UUID) {
    self.kind = kind
    self.id = id
  }

  /// Kind, then id.
  public static func < (lhs: WorkoutKey, rhs: WorkoutKey) -> Bool {
    (lhs.kind.rawValue, lhs.id.uuidString) < (rhs.kind.rawValue, rhs.id.uuidString)
  }

  /// How reports print it: `module 0000…`.
  public var description: String { "\(kind.rawValue) \(id.uuidString.prefix(8))" }
}
