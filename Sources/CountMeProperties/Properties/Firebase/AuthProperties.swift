import CountMeContract
import CountMeCore
import CountMeGenerators
import CountMeWorlds
import Generators
import PropertyHarness

extension Optional where Wrapped == AuthError {
  /// "invalidCredentials", or "no error".
  var text: String { map { "\($0)" } ?? "no error" }
}

extension Firebase {
  /// A property over `AuthScenario`s that `judge` decides from the run's record.
  static func authProperty(
    _ id: PropertyID, _ name: String, validates: [String], expect: String, killBudget: Int = 500,
    judge: @escaping @Sendable (AuthRun) -> String?
  ) -> CatalogProperty {
    var spec = PropertySpec(
      id: id, name: name, validates: validates, judges: [.auth], killBudget: killBudget,
      generator: { _ in AuthScenario.generator }, encode: \.json,
      decode: { json, _ in try AuthScenario(json: json) }, expect: { _ in .holds(expect) },
      observe: { scenario, system in
        judge(AuthRun.run(scenario, system)).map { Observation.broke($0) } ?? .holds
      })
    // Version 2: the service throttles up to two calls (`tooManyRequests`); 3: now and then a
    // mistyped sign-up.
    spec.generatorVersion = 3
    return spec.erased
  }

  /// What a person may be shown when the service throttled their call.
  ///
  /// What a person may be shown when the service throttled their call: its own error, or the app's
  /// catch-all; never a verdict on the credentials it did not judge, never nothing.
  static let throttleShown: [AuthError] = [.tooManyRequests, .unknown]

  /// Property 4: an account just created is signed in.
  ///
  /// With no separate sign-in (and the pool's valid addresses and passwords are never refused before the
  /// service is asked).
  static let autoSignInAfterCreation = authProperty(
    "F4", "Auto sign-in after creation", validates: ["1.4"],
    expect: "once the service creates the account, the device is signed in as its user, with no error shown"
  ) { run in
    for event in run.events {
      switch event {
      case .refused(let step, let account, let error):
        return
          "step \(step): creating account \(account) (\(AuthScenario.email(account)), a valid address and "
          + "password) was refused with \(error) before the service was asked"
      case .created(let step, let account, .success(let grant), let shown, let after)
      where after != .authenticated(grant.user) || shown != nil:
        return "step \(step): account \(account) was created as \(grant.user.uid), but the device is \(after)"
          + (shown.map { ", showing \($0)" } ?? "")
      default: continue
      }
    }
    return nil
  }

  /// Property 5: signing in to an existing account with its password signs in as its user.
  ///
  /// However the address's case and surrounding whitespace were typed; when the network fails, the device
  /// shows `networkError` and stays signed out; when the service throttles the call, it shows
  /// `tooManyRequests` or its catch-all (`unknown`) and stays signed out.
  ///
  /// Kill budget 2,000: `auth-unlisted-error-shown-as-wrong-password` needs a right sign-in among the
  /// throttled calls, and dies within 1,587 cases at worst of 60 seeds (median 230, generator version 3).
  static let validSignIn = authProperty(
    "F5", "Valid sign-in", validates: ["2.1"],
    expect: "a sign-in to an existing account with its password signs in as that account's user, "
      + "unless the network fails (networkError shown, signed out) or the service throttles it "
      + "(tooManyRequests or the app's catch-all shown, signed out)", killBudget: 2_000
  ) { run in
    for case .signedIn(let step, let account, let attempt, let uid?, let answer, let shown, let after) in run
      .events
    where attempt == .exact || attempt == .otherCase {
      let what = "step \(step): signing in to account \(account) (\(uid)) typed \(attempt.rawValue)"
      if case .failure(.networkError) = answer {
        guard shown == .networkError, after == .unauthenticated else {
          return "\(what) met a network error and left the device \(after), showing \(shown.text)"
        }
        continue
      }
      if case .failure(.tooManyRequests) = answer {
        guard let shown, throttleShown.contains(shown), after == .unauthenticated else {
          return "\(what) was throttled by the service (tooManyRequests) and left the device \(after), "
            + "showing \(shown.text)"
        }
        continue
      }
      guard case .authenticated(let user) = after, user.uid == uid, shown == nil else {
        return "\(what) left the device \(after)" + (shown.map { ", showing \($0)" } ?? "")
      }
    }
    return nil
  }

  /// Property 6: a sign-in with unknown credentials fails with `invalidCredentials`.
  ///
  /// Property 6: a sign-in to an account that does not exist, or with a wrong password, fails with
  /// `invalidCredentials`, the same answer for both (a network error is shown as such, a throttled
  /// call as F5 says).
  static let invalidCredentialsRejected = authProperty(
    "F6", "Invalid credentials rejection", validates: ["2.2"],
    expect: "an unknown address or a wrong password: invalidCredentials shown, and the device signed out"
  ) { run in
    for case .signedIn(let step, let account, let attempt, let uid, let answer, let shown, let after) in run
      .events
    where uid == nil || attempt == .wrongPassword {
      var met = ""
      var right: [AuthError] = [.invalidCredentials]
      switch answer {
      case .failure(.networkError): (met, right) = (", meeting a network error,", [.networkError])
      case .failure(.tooManyRequests): (met, right) = (", throttled by the service,", throttleShown)
      default: break
      }
      guard let shown, right.contains(shown), after == .unauthenticated else {
        let what = uid == nil ? "an address with no account" : "a wrong password"
        return
          "step \(step): a sign-in to account \(account) with \(what)\(met) "
          + "showed \(shown.text) and left the device \(after)"
      }
    }
    return nil
  }

  /// Property 7: a session survives a restart and a network error.
  ///
  /// Property 7: a session survives a restart, and a network error; it ends only when the service
  /// revokes it, at the next token refresh, which then clears it from memory and the store.
  ///
  /// Kill budget 1,000: `auth-offline-refresh-signs-out` needs a refresh among the calls that fail,
  /// and dies within 596 cases at worst of 60 seeds (median 101, generator version 3): 500 leaves none.
  static let sessionPersists = authProperty(
    "F7", "Session persistence", validates: ["2.3"],
    expect:
      "a launch is signed in as the device was before; a token refresh keeps the session, even offline, "
      + "and ends it only once revoked, clearing its credentials",
    killBudget: 1_000
  ) { run in
    for event in run.events {
      switch event {
      case .restarted(let step, let expected, let after) where after != expected:
        return "step \(step): the device should be \(expected), as before the launch, and launched \(after)"
      case .refreshed(let step, false, _, _, _, _, _):
        return "step \(step): the signed-in device asked for no token refresh"
      case .refreshed(let step, true, let answer?, let expected, let after, let stored, let token):
        var answered = "a new token"
        if case .failure(let error) = answer { answered = "\(error)" }
        if after != expected {
          return
            "step \(step): a token refresh answered \(answered) left the device \(after), not \(expected)"
        }
        if expected == .unauthenticated, stored != nil || token != nil {
          return "step \(step): a revoked session ended, but the device still holds its credentials"
        }
      default: continue
      }
    }
    return nil
  }

  /// Property 9: signing out ends the session.
  static let signOutEndsSession = authProperty(
    "F9", "Sign out terminates session", validates: ["3.1"],
    expect: "after a sign-out the device is unauthenticated"
  ) { run in
    for case .signedOut(let step, let before, let after, _, _) in run.events where after != .unauthenticated {
      return "step \(step): signing out while \(before) left the device \(after)"
    }
    return nil
  }

  /// Property 10: signing out clears the credentials, in memory and in the credential store.
  static let signOutClearsCredentials = authProperty(
    "F10", "Sign out clears credentials", validates: ["3.2"],
    expect: "after a sign-out the device holds no token in memory and nothing in its credential store"
  ) { run in
    for case .signedOut(let step, _, _, let stored, let token) in run.events
    where stored != nil || token != nil {
      return "step \(step): after signing out the device still holds "
        + [
          stored.map { "\($0.user.uid)'s session in its credential store" },
          token.map { "token \($0) in memory" },
        ]
        .compactMap { $0 }.joined(separator: " and ")
    }
    return nil
  }

  /// Property 32: every change of the authentication state is published, in order, once each.
  static let uiFollowsAuthState = authProperty(
    "F32", "UI updates on auth state change", validates: ["12.4"],
    expect: "each launch publishes loading, where it starts, and every change after, in order, once each"
  ) { run in
    for launch in run.launches where launch.published != launch.expected {
      return "the launch at step \(launch.firstStep) published \(launch.published.map(\.description)), "
        + "not \(launch.expected.map(\.description))"
    }
    return nil
  }
}
