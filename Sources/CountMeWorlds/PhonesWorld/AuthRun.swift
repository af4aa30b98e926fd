import CloudFake
import CountMeContract
import CountMeCore

/// Runs an `AuthScenario`: one device, a launch of the system's `AuthUnderTest`, and one
/// `AuthFake`, which answers each request the device sends.
///
/// It records each step's effect and, for each launch, what the device published beside what seed 002 says it
/// must have published (`expected`), which the harness works out from the service's answers, never from the
/// device. F4–F7, F9, F10 and F32 judge the record.
package struct AuthRun {
  /// What one step did.
  package enum Event {
    /// Account `account` was created: the service's answer, the error the device showed and where
    /// it stood after.
    case created(
      step: Int, account: Int, answer: Result<AuthGrant, AuthError>, shown: AuthError?, after: AuthState)
    /// The device refused to create account `account` without asking, with `error`.
    case refused(step: Int, account: Int, error: AuthError)
    /// A sign-up of account `account` typed with `mistake`, and the error it was refused with.
    ///
    /// A sign-up of account `account` typed with `mistake`: the error it was refused with, or nil
    /// when the device sent it to the service (which the run then does not ask).
    case signUpMistyped(step: Int, account: Int, mistake: AuthScenario.Mistake, refusedWith: AuthError?)
    /// A sign-in typed as `attempt`, and what came of it.
    ///
    /// A sign-in typed as `attempt`: the uid of the account it names, if the service has it, the
    /// service's answer, the error shown and where the device stood after.
    case signedIn(
      step: Int, account: Int, attempt: AuthScenario.Attempt, uid: String?,
      answer: Result<AuthGrant, AuthError>,
      shown: AuthError?, after: AuthState)
    /// A sign-out: where the device stood before and after, and what it still held.
    case signedOut(step: Int, before: AuthState, after: AuthState, stored: AuthGrant?, token: String?)
    /// A token refresh, and where the device should stand after it.
    ///
    /// A token refresh (`request`: whether the device asked for one): where the device should stand
    /// after the service's answer (still signed in, unless the session was revoked), where it
    /// stands, and what it still holds.
    case refreshed(
      step: Int, request: Bool, answer: Result<AuthGrant, AuthError>?, expected: AuthState, after: AuthState,
      stored: AuthGrant?, token: String?)
    /// A launch: where the device should stand, and where it stands.
    ///
    /// A launch: where the device should stand (`expected`: signed in as the last grant the service
    /// made, unless a sign-out or a refusal came after), and where the new launch stands.
    case restarted(step: Int, expected: AuthState, after: AuthState)
  }

  /// One launch: what it published, and what it should have.
  package struct Launch {
    package let firstStep: Int
    package let published: [AuthState]
    package let expected: [AuthState]
  }

  /// What the app showed once a sign-up or a sign-in ended.
  package struct Shown {
    package let step: Int
    /// "creating account 1", "signing in to account 0 typed wrongPassword", …
    package let attempt: String
    /// The error the device said it shows; nil for none.
    package let error: AuthError?
    /// The message on its screen then (`errorMessage`).
    package let message: String?
  }

  package private(set) var events: [Event] = []
  package private(set) var launches: [Launch] = []
  /// Every sign-up and sign-in's end, in order: what the app showed.
  package private(set) var shown: [Shown] = []

  package static func run(_ scenario: AuthScenario, _ system: SystemLayers) -> AuthRun {
    var record = AuthRun()
    var service = AuthFake(failingCalls: scenario.failingCalls, throttledCalls: scenario.throttledCalls)
    var device = system.auth.makeAuth(restoring: nil)
    var expected: [AuthState] = [.loading, .unauthenticated]
    var launchStep = 0
    var uids: [Int: String] = [:]
    // Where the device stands by seed 002's rules, worked out from the service's answers.
    var model = AuthState.unauthenticated
    func signedIn(_ state: AuthState) -> Bool { if case .authenticated = state { true } else { false } }
    for (step, action) in scenario.steps.enumerated() {
      let state = device.state
      switch action {
      case .createAccount(let account) where state == .unauthenticated:
        switch device.createAccount(
          email: AuthScenario.email(account), password: AuthScenario.password(account))
        {
        case .failure(let error):
          record.events.append(.refused(step: step, account: account, error: error))
          record.shown.append(
            Shown(
              step: step, attempt: "creating account \(account)", error: error, message: device.errorMessage))
        case .success(let request):
          let answer = service.answer(request)
          if case .success(let grant) = answer { uids[account] = grant.user.uid }
          let shown = device.answered(answer)
          record.shown.append(
            Shown(
              step: step, attempt: "creating account \(account)", error: shown, message: device.errorMessage))
          model = answer.grantedState
          expected += [.loading, model]
          record.events.append(
            .created(step: step, account: account, answer: answer, shown: shown, after: device.state))
        }
      case .signIn(let account, let attempt) where state == .unauthenticated:
        let (email, password) = AuthScenario.typed(account, attempt)
        let answer = service.answer(device.signIn(email: email, password: password))
        let shown = device.answered(answer)
        record.shown.append(
          Shown(
            step: step, attempt: "signing in to account \(account) typed \(attempt.rawValue)", error: shown,
            message: device.errorMessage))
        model = answer.grantedState
        expected += [.loading, model]
        record.events.append(
          .signedIn(
            step: step, account: account, attempt: attempt,
            uid: attempt == .unknownAddress ? nil : uids[account],
            answer: answer, shown: shown, after: device.state))
      case .signOut where signedIn(state):
        device.signOut()
        model = .unauthenticated
        expected.append(model)
        record.events.append(
          .signedOut(
            step: step, before: state, after: device.state, stored: device.stored, token: device.token))
      case .refresh where signedIn(state):
        guard let request = device.refresh() else {
          record.events.append(
            .refreshed(
              step: step, request: false, answer: nil, expected: model, after: device.state,
              stored: device.stored,
              token: device.token))
          continue
        }
        let answer = service.answer(request)
        _ = device.answered(answer)
        switch answer {
        // Seed 002's 2.3: only a refusal of the session ends it; a network error or a throttled
        // call says nothing of it.
        case .success: break
        case .failure(let error) where error.toldNothing: break
        case .failure:
          model = .unauthenticated
          expected.append(model)
        }
        record.events.append(
          .refreshed(
            step: step, request: true, answer: answer, expected: model, after: device.state,
            stored: device.stored,
            token: device.token))
      case .signUpMistyped(let account, let mistake) where state == .unauthenticated:
        let (email, password) = AuthScenario.typed(account, mistake)
        var refusedWith: AuthError?
        if case .failure(let error) = device.createAccount(email: email, password: password) {
          refusedWith = error
          record.shown.append(
            Shown(
              step: step, attempt: "creating account \(account) typed with \(mistake.rawValue)", error: error,
              message: device.errorMessage))
        }
        record.events.append(
          .signUpMistyped(step: step, account: account, mistake: mistake, refusedWith: refusedWith))
      case .revoke(let account): service.revokeSessions(of: AuthScenario.email(account))
      case .restart:
        record.launches.append(Launch(firstStep: launchStep, published: device.published, expected: expected))
        let stored = device.stored
        device = system.auth.makeAuth(restoring: stored)
        launchStep = step
        // Seed 002's 2.3: a session survives the launch; nothing else does.
        expected = [.loading, model]
        record.events.append(.restarted(step: step, expected: model, after: device.state))
      default: continue
      }
    }
    record.launches.append(Launch(firstStep: launchStep, published: device.published, expected: expected))
    return record
  }
}

extension AuthError {
  /// Whether the service's answer told nothing of the account or its session, as the worlds model it.
  ///
  /// A network error, or a call the service throttled: the session stands, and the account is
  /// neither granted nor refused. The harness's own reading of seed 002, kept apart from
  /// CountMeCore's `isTransient`, which the worlds judge.
  var toldNothing: Bool { self == .networkError || self == .tooManyRequests }
}

extension Result where Success == AuthGrant, Failure == AuthError {
  /// Where a device stands once the service answered so: signed in as the user it granted, or out.
  var grantedState: AuthState {
    switch self {
    case .success(let grant): return .authenticated(grant.user)
    case .failure: return .unauthenticated
    }
  }
}
