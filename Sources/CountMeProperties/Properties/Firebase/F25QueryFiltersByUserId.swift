import CountMeCore
import CountMeWorlds
import PropertyHarness

extension Firebase {
  /// Property 25: every read a phone makes returns only its signed-in user's documents, and a query
  /// of another user's is refused.
  ///
  /// The oracle, written out: every read a phone made (a pass's download, an account deletion's
  /// listing) asked, signed in as a person, for a collection of that person's own, was not refused,
  /// and brought only documents naming them as `userId`;
  /// and at the end the cloud refuses each person's query of each other person's collection (the
  /// rules, judged by the cloud itself: `CloudFake`, or Firestore under `--cloud emulator`).
  static let queryFiltersByUserId = sharedDevicesProperty(
    // A budget of 2,000: a pass that goes on after its token refresh met a network error shows only
    // after a pause, when that refresh is the call that fails: case 1,670 at worst of 60 seeds.
    "F25", "Query filters by user ID", validates: ["10.4"], killBudget: 2_000,
    expect: "a phone reads only its signed-in user's documents, and a query of another user's is refused",
    anomaly: .crossAccountAccess
  ) { run in
    for call in run.calls {
      guard case .download(let owner, _) = call.kind else { continue }
      let at =
        "\(SharedDevicesRun.when(call.step)): phone \(call.device), signed in as \(run.who(call.signedIn)),"
      if call.refused || owner != call.caller {
        return Finding(
          nil,
          "\(at) asked for \(call.kind) as \(run.who(call.caller))"
            + (call.refused ? ", and was refused" : ""))
      }
      if let stray = call.brought.first(where: { $0.userId != owner }) {
        return Finding(
          nil,
          "\(at) read \(run.name(documentId: stray.documentId)) with userId "
            + SharedDevicesRun.quoted(stray.userId))
      }
    }
    if let open = run.crossQueries.first(where: { !$0.refused }) {
      return "the cloud let person \(open.caller) query person \(open.owner)'s \(run.collection)"
    }
    return nil
  }
}
