import CountMeCore
import Foundation

/// The auth service in memory, for the account properties.
///
/// Accounts by address, matched without regard to case (as Firebase Auth matches them), each with its
/// password and a user id numbered in order of creation, `user-1`, `user-2`, …; each grant a new token,
/// `token-1`, `token-2`, …
///
/// It checks nothing of an address's form: that is the client's rule, which F2 judges. Like
/// Firebase Auth without email-enumeration protection, it tells an unknown address
/// (`userNotFound`) from a wrong password (`invalidCredentials`): the client must not (F6).
///
/// On a virtual clock (`now`, which the run moves), a token signs cloud calls in for an hour after
/// it was granted, as a Firebase ID token does; a refresh grants a new one. Without a clock, tokens
/// never expire.
///
/// On a clock, an account deletion also needs a recent sign-in, as Firebase Auth's sensitive
/// operations do: a session signed in (or re-authenticated) more than `recentSignIn` ago is refused
/// with `requiresRecentLogin`; a token refresh keeps the session's sign-in time.
public struct AuthFake: Sendable {
  /// How long a token signs cloud calls in: Firebase ID tokens last an hour.
  public static let tokenLifetime: TimeInterval = 3_600
  /// How recent a sign-in an account deletion needs: Firebase Auth asks for one within 5 minutes.
  public static let recentSignIn: TimeInterval = 300
  /// The service's time, when the run keeps one: what a grant is stamped with and an expiry
  /// compared to.
  public var now: Date?
  private var accounts: [String: (user: AuthUser, password: String)] = [:]
  /// The user of each token still granted, and when that session last signed in.
  private var sessions: [String: (user: AuthUser, signedIn: Date?)] = [:]
  /// The uid of every token ever granted, and when.
  ///
  /// As Firestore takes an ID token until it expires, a revoked session's token (a deleted account's too)
  /// still signs calls in.
  private var tokens: [String: (uid: String, granted: Date?)] = [:]
  /// The uids of the accounts deleted.
  private var deleted: Set<String> = []
  private var created = 0
  private var granted = 0
  /// Calls that fail with a network error before they reach the service, in order (true: fails).
  private var faults: [Bool]
  /// The calls (numbered from 0) the service refuses with `tooManyRequests`: it throttles them.
  private var throttled: [Int] = []
  private var calls = 0
  /// When false (a run's quiet spell) no call fails; calls are still counted.
  public var faultsEnabled = true

  /// No accounts; the `n`-th call fails with a network error when `faults[n]` is true.
  public init(faults: [Bool]) { self.faults = faults }

  /// No accounts; the calls numbered (from 0) in `failingCalls` fail with a network error.
  ///
  /// No accounts; the calls numbered (from 0) in `failingCalls` fail with a network error, and
  /// those in `throttledCalls` are refused with `tooManyRequests` (Firebase Auth throttling a
  /// device after unusual activity), changing nothing.
  public init(failingCalls: [Int], throttledCalls: [Int] = []) {
    self.init(faults: (0..<((failingCalls.max() ?? -1) + 1)).map(failingCalls.contains))
    throttled = throttledCalls
  }

  /// No accounts, no faults.
  public init() { faults = [] }

  /// The account `request` asks for, as a new user, signed in; `emailAlreadyInUse` when an account
  /// has its address.
  public mutating func createAccount(_ request: SignUpRequest) -> Result<AuthGrant, AuthError> {
    let key = request.email.lowercased()
    guard accounts[key] == nil else { return .failure(.emailAlreadyInUse) }
    created += 1
    let user = AuthUser(uid: "user-\(created)", email: request.email)
    accounts[key] = (user, request.password)
    return .success(grant(user, signedIn: now))
  }

  /// The account of `email` when `password` is its password.
  public mutating func signIn(email: String, password: String) -> Result<AuthGrant, AuthError> {
    guard let account = accounts[email.lowercased()] else { return .failure(.userNotFound) }
    guard account.password == password else { return .failure(.invalidCredentials) }
    return .success(grant(account.user, signedIn: now))
  }

  /// A new token for the session of `token`, or the error Firebase Auth answers a refresh with.
  ///
  /// A new token for the session of `token`; `invalidCredentials` once that session was revoked,
  /// `userNotFound` once its account was deleted (as Firebase Auth answers a refresh).
  public mutating func refresh(token: String) -> Result<AuthGrant, AuthError> {
    guard let session = sessions.removeValue(forKey: token) else { return .failure(endedSession(token)) }
    return .success(grant(session.user, signedIn: session.signedIn))
  }

  /// The session of `token` signed in again with its account's `password`: a new token, signed in now.
  ///
  /// The errors a refresh answers for a session that ended; `invalidCredentials` for a wrong password.
  public mutating func reauthenticate(token: String, password: String) -> Result<AuthGrant, AuthError> {
    guard let session = sessions[token] else { return .failure(endedSession(token)) }
    guard accounts[session.user.email.lowercased()]?.password == password else {
      return .failure(.invalidCredentials)
    }
    sessions[token] = nil
    return .success(grant(session.user, signedIn: now))
  }

  /// Deletes the account whose session `token` signs in to, and ends every session of it; its
  /// address is free again.
  ///
  /// `userNotFound` when the account was already deleted, `invalidCredentials` when the session was
  /// revoked, `requiresRecentLogin` when it signed in more than `recentSignIn` ago.
  public mutating func deleteAccount(token: String) -> Result<Void, AuthError> {
    guard let (user, signedIn) = sessions[token] else { return .failure(endedSession(token)) }
    if let now, let signedIn, now.timeIntervalSince(signedIn) > Self.recentSignIn {
      return .failure(.requiresRecentLogin)
    }
    accounts[user.email.lowercased()] = nil
    sessions = sessions.filter { $0.value.user.uid != user.uid }
    deleted.insert(user.uid)
    return .success(())
  }

  /// Whether the account of `uid` exists: created, and not deleted.
  public func exists(_ uid: String) -> Bool { accounts.values.contains { $0.user.uid == uid } }

  /// The uid `token` signs a cloud call in as; nil for a token never granted or expired.
  ///
  /// The uid `token` signs a cloud call in as (revoked or not: see `tokens`); nil for a token the
  /// service never granted, or one that expired (`tokenLifetime`).
  public func user(holding token: String) -> String? {
    guard let (uid, granted) = tokens[token] else { return nil }
    if let now, let granted, now.timeIntervalSince(granted) >= Self.tokenLifetime { return nil }
    return uid
  }

  /// Ends every session of the account of `email` (its password changed on another device, say).
  public mutating func revokeSessions(of email: String) {
    guard let uid = accounts[email.lowercased()]?.user.uid else { return }
    sessions = sessions.filter { $0.value.user.uid != uid }
  }

  /// What `request` gets: a network error when the fault plan says so, else the service's answer.
  public mutating func answer(_ request: AuthRequest) -> Result<AuthGrant, AuthError> {
    if let fault = faulted() { return .failure(fault) }
    switch request {
    case .signUp(let signUp): return createAccount(signUp)
    case .signIn(let email, let password): return signIn(email: email, password: password)
    case .refresh(let token): return refresh(token: token)
    case .reauthenticate(let token, let password): return reauthenticate(token: token, password: password)
    }
  }

  /// What a phone's call deleting the account of `token` gets, under the fault plan as `answer`.
  public mutating func answerDeletion(token: String) -> Result<Void, AuthError> {
    if let fault = faulted() { return .failure(fault) }
    return deleteAccount(token: token)
  }

  /// Counts a call, and the error the fault plan fails it with (nil: none).
  private mutating func faulted() -> AuthError? {
    defer { calls += 1 }
    guard faultsEnabled else { return nil }
    if calls < faults.count && faults[calls] { return .networkError }
    return throttled.contains(calls) ? .tooManyRequests : nil
  }

  /// What a call with `token`, whose session is over, is answered.
  ///
  /// `userNotFound` once its account was deleted, `invalidCredentials` once the session was revoked
  /// (or never granted).
  private func endedSession(_ token: String) -> AuthError {
    (tokens[token].map { deleted.contains($0.uid) } ?? false) ? .userNotFound : .invalidCredentials
  }

  /// A new token for `user`, whose session signed in at `signedIn` (now, for a sign-in).
  private mutating func grant(_ user: AuthUser, signedIn: Date?) -> AuthGrant {
    granted += 1
    let token = "token-\(granted)"
    sessions[token] = (user, signedIn)
    tokens[token] = (user.uid, now)
    return AuthGrant(user: user, token: token)
  }
}
