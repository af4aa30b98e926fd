import CountMeContract
import CountMeGenerators
import Foundation
import Generators
import PropertyHarness

extension Parity {
  /// Seed 003, requirement 4 (4.2–4.5): the one part of it a data layer decides, which message a
  /// save's outcome gets.
  ///
  /// (The loading indicator, the 3 seconds and the developer console are the app's user interface, which the
  /// harness does not see.)
  ///
  /// The oracle, seed 003's words written out: a save that went through is "Log saved
  /// successfully"; a network problem (the device offline, the cloud unavailable, a call timed out)
  /// "Failed to save: Check your internet connection"; an authentication problem (no user signed
  /// in, the rules refusing the caller) "Failed to save: Please sign in again"; any other error a
  /// descriptive message: "Failed to save: " and more, neither of the two above, naming what the
  /// error carries (its model, field, reason, path or operation).
  static let saveMessages = PropertySpec(
    id: "X4.3", name: "Each save outcome gets its message",
    validates: ["4.3", "4.4", "4.5", "4.2", "1.4", "1.5"],
    judges: [.saveFeedback], killBudget: 500,
    generator: { _ in SaveOutcome.generator }, encode: \.json,
    decode: { json, _ in try SaveOutcome(json: json) },
    expect: { _ in
      .holds("a network problem, an authentication problem and any other error each get their message")
    },
    observe: { outcome, system in
      guard let result = outcome.result else { return .broke("unknown outcome \(outcome.kind)") }
      let message = system.saveFeedback.saveMessage(for: result)
      let network = "Failed to save: Check your internet connection",
        signIn = "Failed to save: Please sign in again"
      let expected: String?
      switch outcome.kind {
      case "saved": expected = "Log saved successfully"
      case "networkUnavailable", "cloudUnavailable", "deadlineExceeded": expected = network
      case "notAuthenticated", "permissionDenied": expected = signIn
      default: expected = nil
      }
      if let expected {
        return message == expected
          ? .holds
          : .broke("\(outcome.kind) gets \(JSON.string(message).text()), not \(JSON.string(expected).text())")
      }
      // NB: by code points: a detail that starts with a joiner makes one character with the space
      // before it, and `hasPrefix` would not find the prefix.
      let prefix = "Failed to save: ".unicodeScalars
      let scalars = message.unicodeScalars
      let rest = scalars.starts(with: prefix) ? Substring(scalars.dropFirst(prefix.count)) : ""
      guard !rest.isEmpty, message != network, message != signIn,
        !SaveOutcome.carriesText.contains(outcome.kind) || contains(rest, outcome.detail)
      else {
        return .broke(
          "\(outcome.kind) carrying \(JSON.string(outcome.detail).text()) gets \(JSON.string(message).text()), "
            + "not a \"Failed to save: …\" message that says what went wrong")
      }
      return .holds
    }
  ).erased

  /// Whether `text` holds `part`'s code points in a row (not `String.contains`, which matches whole
  /// characters: see above).
  static func contains(_ text: Substring, _ part: String) -> Bool {
    let (haystack, needle) = (Array(text.unicodeScalars), Array(part.unicodeScalars))
    guard needle.count <= haystack.count else { return false }
    return (0...(haystack.count - needle.count)).contains {
      Array(haystack[$0..<($0 + needle.count)]) == needle
    }
  }
}
