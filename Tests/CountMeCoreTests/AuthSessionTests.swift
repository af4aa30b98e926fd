import Testing

@testable import CountMeCore

@Suite("A device's authentication: sign-up, sign-in, sign-out and launches, every change published")
struct AuthSessionTests {
  static let ann = AuthUser(uid: "user-1", email: "ann@example.com")
  static let grant = AuthGrant(user: ann, token: "token-1")

  @Test("a new account is signed in at once, stored, and each change is published once")
  func signUp() throws {
    var session = AuthSession(restoring: nil)
    let request = session.createAccount(email: " ann@example.com ", password: "correct horse")
    #expect(request == .success(.signUp(SignUpRequest(email: "ann@example.com", password: "correct horse"))))
    #expect(session.state == .loading)
    let shown = session.answered(.success(Self.grant))
    #expect(shown == nil && session.state == .authenticated(Self.ann))
    #expect(session.stored == Self.grant && session.token == "token-1")
    #expect(session.published == [.loading, .unauthenticated, .loading, .authenticated(Self.ann)])
  }

  @Test("credentials that break their rules are refused without a request, and nothing moves")
  func refusedLocally() {
    var session = AuthSession(restoring: nil)
    #expect(session.createAccount(email: "ann@", password: "correct horse") == .failure(.invalidEmail))
    #expect(session.createAccount(email: "ann@example.com", password: "short") == .failure(.weakPassword))
    #expect(session.published == [.loading, .unauthenticated])
  }

  @Test("an unknown address and a wrong password show the same error")
  func invalidCredentials() {
    var session = AuthSession(restoring: nil)
    #expect(
      session.signIn(email: "  Ann@Example.com\n", password: "x")
        == .signIn(email: "Ann@Example.com", password: "x"))
    #expect(session.answered(.failure(.userNotFound)) == .invalidCredentials)
    _ = session.signIn(email: "ann@example.com", password: "y")
    #expect(session.answered(.failure(.invalidCredentials)) == .invalidCredentials)
    #expect(session.state == .unauthenticated && session.stored == nil)
  }

  @Test("a launch restores the stored session; a sign-out clears memory and store")
  func launchesAndSignOut() {
    var session = AuthSession(restoring: Self.grant)
    #expect(session.state == .authenticated(Self.ann) && session.token == "token-1")
    #expect(session.published == [.loading, .authenticated(Self.ann)])
    session.signOut()
    #expect(session.state == .unauthenticated && session.stored == nil && session.token == nil)
    let next = AuthSession(restoring: session.stored)
    #expect(next.state == .unauthenticated)
  }

  @Test("a token refresh keeps the session through a network error and ends it once revoked")
  func refresh() {
    var session = AuthSession(restoring: Self.grant)
    #expect(session.refresh() == .refresh(token: "token-1"))
    let renewed = AuthGrant(user: Self.ann, token: "token-2")
    #expect(
      session.answered(.success(renewed)) == nil && session.stored == renewed && session.token == "token-2")
    _ = session.refresh()
    #expect(session.answered(.failure(.networkError)) == nil && session.state == .authenticated(Self.ann))
    _ = session.refresh()
    #expect(session.answered(.failure(.invalidCredentials)) == .invalidCredentials)
    #expect(session.state == .unauthenticated && session.stored == nil && session.token == nil)
    #expect(session.refresh() == nil, "signed out, nothing to refresh")
    #expect(session.published == [.loading, .authenticated(Self.ann), .unauthenticated])
  }
}
