import CountMeCore

/// What goes wrong on one cloud call.
public enum Fault: String, Codable, CaseIterable, Sendable {
  case none
  /// The cloud is unavailable (transient).
  case unavailable
  /// The call times out without taking effect (transient).
  case deadlineExceeded
  /// The connection drops mid-call (transient).
  case networkLost
  /// The rules refuse the call (permanent).
  case permissionDenied
  /// The cloud rejects the request (permanent).
  case invalidArgument
  /// The write lands, but the caller sees a timeout: retrying must not make a second copy.
  case lostAcknowledgement
  /// The call succeeds after 30 virtual seconds, long enough for other steps to happen meanwhile.
  case slow
  /// The call goes out and no answer ever comes (a stalled connection); it never lands.
  ///
  /// The call goes out and no answer ever comes (a stalled connection), and it never lands: only
  /// the caller's own timeout ends it, as `deadlineExceeded` (its `latency` is infinite; a world
  /// moves the caller's clock by the timeout it declares).
  case noAnswer

  /// Every fault whose call gets an answer: all but `noAnswer`, in declaration order.
  public static let answered = allCases.filter { $0 != .noAnswer }

  /// The error the caller sees, if any.
  public var error: SyncError? {
    switch self {
    case .none, .slow: return nil
    case .unavailable: return .cloudUnavailable
    case .deadlineExceeded, .lostAcknowledgement, .noAnswer: return .deadlineExceeded
    case .networkLost: return .networkUnavailable
    case .permissionDenied: return .permissionDenied(path: "(injected) " + Self.awkwardText)
    case .invalidArgument: return .invalidArgument(reason: "injected fault " + Self.awkwardText)
    }
  }

  /// Part of every injected permanent error's text, holding each kind of character a JSON writer must escape.
  ///
  /// Part of every injected permanent error's text, as a server's message may hold any character:
  /// each kind a JSON writer must escape (`"`, `\`, `/`; the controls with a short escape; others
  /// whose `\u00XX` uses both hex nibbles, digits and letters), DEL and non-ASCII.
  ///
  /// A failed operation keeps its error in the queue file, so the persistence round trip (P21) judges that
  /// the file's writer escapes them and its reader reads them back (with names of plain letters, a writer
  /// that spelled `\u001f` as `\u003f` would pass).
  static let awkwardText =
    "\"q\" \\ / \u{08}\t\n\u{0C}\r \u{00}\u{01}\u{0B}\u{10}\u{19}\u{1A}\u{1F}\u{7F} é 😀"

  /// True when the call's effect is applied despite (or without) the error.
  public var writeLands: Bool { self == .none || self == .slow || self == .lostAcknowledgement }

  /// Virtual seconds the call takes.
  public var latency: Double {
    switch self {
    case .slow: return 30
    case .noAnswer: return .infinity
    default: return 0
    }
  }
}

/// The faults of successive calls: call n gets `faults[n]`, and every call past the end none.
///
/// A plan is plain data, drawn from a seed by a generator, so a failing scenario's plan shrinks with
/// it (fewer faults, simpler ones) and replays exactly.
public struct FaultPlan: Equatable, Sendable {
  /// The fault of each call in turn; calls past the end have none.
  public var faults: [Fault]
  /// Creates a `FaultPlan` from its parts.
  public init(_ faults: [Fault] = []) { self.faults = faults }
  /// The fault of call number `index` (0-based).
  public func fault(forCall index: Int) -> Fault { index < faults.count ? faults[index] : .none }
}
