import CountMeGenerators
import Generators
import PropertyHarness

/// One device's account steps against one auth service, over a pool of three accounts.
///
/// One device's account steps against one auth service (F4–F7, F9, F10, F32), over a pool of three
/// accounts: account `i` is `user<i>@example.com` with password `password-<i>`.
///
/// A step that the app's screens would not offer in the device's state does nothing: creating an account and
/// signing in only while signed out, signing out and refreshing only while signed in. The calls to the
/// service numbered in `failingCalls` fail with a network error before they reach it; those in
/// `throttledCalls` the service refuses with `tooManyRequests`.
package struct AuthScenario: Sendable, Equatable {
  package enum Step: Sendable, Equatable {
    /// The user creates account `account` of the pool.
    case createAccount(account: Int)
    /// The user tries to create account `account` with `mistake` typed: the credential rules refuse it.
    case signUpMistyped(account: Int, mistake: Mistake)
    /// The user signs in to account `account`, typed as `attempt` says.
    case signIn(account: Int, attempt: Attempt)
    case signOut
    /// The app is launched again: the credential store stays, memory goes.
    case restart
    /// The app refreshes its session's token, as it does now and then while signed in.
    case refresh
    /// Every session of account `account` is revoked (its password changed on another device).
    case revoke(account: Int)
  }

  /// What a mistyped sign-up gets wrong.
  package enum Mistake: String, CaseIterable, Sendable {
    /// The address without its `@`: `user<i>.example.com`.
    case invalidEmail
    /// A password of six characters, `pass-<i>`.
    case shortPassword
  }

  /// The address and password a sign-up of `account` with `mistake` types.
  static func typed(_ account: Int, _ mistake: Mistake) -> (email: String, password: String) {
    switch mistake {
    case .invalidEmail: return ("user\(account).example.com", password(account))
    case .shortPassword: return (email(account), "pass-\(account)")
    }
  }

  /// How a sign-in is typed.
  package enum Attempt: String, CaseIterable, Sendable {
    /// The address and password as created.
    case exact
    /// The address in upper case with spaces around it, the right password.
    case otherCase
    /// The right address, a wrong password.
    case wrongPassword
    /// An address no account has.
    case unknownAddress
  }

  package var steps: [Step]
  /// The calls to the service (counted from 0) that fail with a network error.
  var failingCalls: [Int] = []
  /// The calls to the service (counted from 0) it refuses with `tooManyRequests` (a network error
  /// on the same call comes first).
  var throttledCalls: [Int] = []

  static let accounts = 3

  package static func email(_ account: Int) -> String { "user\(account)@example.com" }
  static func password(_ account: Int) -> String { "password-\(account)" }

  /// The address and password a sign-in of `account` types, as `attempt` says.
  static func typed(_ account: Int, _ attempt: Attempt) -> (email: String, password: String) {
    switch attempt {
    case .exact: return (email(account), password(account))
    case .otherCase: return ("  \(email(account).uppercased()) ", password(account))
    case .wrongPassword: return (email(account), password(account) + "!")
    case .unknownAddress: return ("nobody\(account)@example.com", password(account))
    }
  }

  package var json: JSON {
    .object([
      (
        "steps",
        .array(
          steps.map { step in
            switch step {
            case .createAccount(let account): return .object([("createAccount", .integer(Int64(account)))])
            case .signIn(let account, let attempt):
              return .object([
                (
                  "signIn",
                  .object([("account", .integer(Int64(account))), ("as", .string(attempt.rawValue))])
                )
              ])
            case .signOut: return .string("signOut")
            case .restart: return .string("restart")
            case .refresh: return .string("refresh")
            case .revoke(let account): return .object([("revoke", .integer(Int64(account)))])
            case .signUpMistyped(let account, let mistake):
              return .object([
                (
                  "signUpMistyped",
                  .object([("account", .integer(Int64(account))), ("mistake", .string(mistake.rawValue))])
                )
              ])
            }
          })
      ),
      ("failingCalls", .array(failingCalls.map { .integer(Int64($0)) })),
      ("throttledCalls", .array(throttledCalls.map { .integer(Int64($0)) })),
    ])
  }

  /// Reads `json`'s form; throws naming the path of a problem.
  package init(json: JSON, path: String = "input") throws {
    let r = try JSONReader(json, path: path)
    steps = try r.array("steps").enumerated().map { index, step in
      let at = "\(path).steps[\(index)]"
      switch step {
      case .string("signOut"): return .signOut
      case .string("restart"): return .restart
      case .string("refresh"): return .refresh
      case .object(let members)
      where members.count == 1 && ["createAccount", "revoke"].contains(members[0].0):
        guard case .integer(let number) = members[0].1, (0..<Int64(Self.accounts)).contains(number) else {
          throw InputDecodingError(path: "\(at).\(members[0].0)", problem: "expected an account 0 to 2")
        }
        return members[0].0 == "revoke" ? .revoke(account: Int(number)) : .createAccount(account: Int(number))
      case .object(let members) where members.count == 1 && members[0].0 == "signUpMistyped":
        let s = try JSONReader(members[0].1, path: "\(at).signUpMistyped")
        return .signUpMistyped(
          account: try s.integer("account", in: 0...(Self.accounts - 1)),
          mistake: try s.rawEnum("mistake", Mistake.self))
      case .object(let members) where members.count == 1 && members[0].0 == "signIn":
        let s = try JSONReader(members[0].1, path: "\(at).signIn")
        return .signIn(
          account: try s.integer("account", in: 0...(Self.accounts - 1)),
          attempt: try s.rawEnum("as", Attempt.self))
      default:
        throw InputDecodingError(
          path: at,
          problem:
            "expected \"signOut\", \"restart\", \"refresh\", {\"createAccount\": n}, {\"revoke\": n}, "
            + "{\"signIn\": {\"account\": n, \"as\": …}} or "
            + "{\"signUpMistyped\": {\"account\": n, \"mistake\": …}}")
      }
    }
    // Optional: a case written before faults came fails no call.
    failingCalls = try r.integers("failingCalls", in: 0...1_000, optional: true)
    // Optional: a case written before throttling came has none.
    throttledCalls = try r.integers("throttledCalls", in: 0...1_000, optional: true)
  }

  package init(steps: [Step], failingCalls: [Int] = [], throttledCalls: [Int] = []) {
    self.steps = steps
    self.failingCalls = failingCalls
    self.throttledCalls = throttledCalls
  }

  /// One to twelve account steps, up to three calls failing with a network error, two throttled.
  ///
  /// One to twelve steps, sign-ins the most common, now and then a mistyped sign-up, up to three
  /// calls failing with a network
  /// error and up to two the service throttles; accounts shrink toward 0, sign-ins toward exact,
  /// faults toward none.
  package static let generator: Generator<Tagged<AuthScenario>> = Gen.zip(
    Gen.zip(steps, Gen.array(of: Gen.int(in: 0...11, shrinkingToward: 0), count: 0...3, averageExtra: 0.5)),
    Gen.array(of: Gen.int(in: 0...5, shrinkingToward: 0), count: 0...2, averageExtra: 1)
  ).map { stepsAndFailing, throttled in
    let (steps, failing) = stepsAndFailing
    var tags: [String] = failing.isEmpty ? [] : ["Auth.networkErrors"]
    if !throttled.isEmpty { tags.append("Auth.throttled") }
    if steps.contains(.restart) { tags.append("Auth.restart") }
    if steps.contains(.signOut) { tags.append("Auth.signOut") }
    let attempts = steps.compactMap { step -> Attempt? in
      if case .signIn(_, let attempt) = step { return attempt } else { return nil }
    }
    for attempt in Attempt.allCases where attempts.contains(attempt) {
      tags.append("Auth.signIn.\(attempt.rawValue)")
    }
    if steps.contains(where: { if case .revoke = $0 { true } else { false } }) { tags.append("Auth.revoke") }
    if steps.contains(where: { if case .signUpMistyped = $0 { true } else { false } }) {
      tags.append("Auth.signUpMistyped")
    }
    return Tagged(
      AuthScenario(
        steps: steps, failingCalls: Array(Set(failing)).sorted(),
        throttledCalls: Array(Set(throttled)).sorted()),
      tags: tags)
  }

  /// One to twelve account steps, sign-ins the most common.
  private static let steps = Gen.array(
    of: Gen.frequency([
      (3, Gen.int(in: 0...(accounts - 1), shrinkingToward: 0).map { Step.createAccount(account: $0) }),
      (
        1,
        Gen.zip(Gen.int(in: 0...(accounts - 1), shrinkingToward: 0), Gen.element(of: Mistake.allCases))
          .map { Step.signUpMistyped(account: $0, mistake: $1) }
      ),
      (
        4,
        Gen.zip(Gen.int(in: 0...(accounts - 1), shrinkingToward: 0), Gen.element(of: Attempt.allCases))
          .map { Step.signIn(account: $0, attempt: $1) }
      ),
      (2, Gen.constant(Step.signOut)), (2, Gen.constant(Step.restart)), (2, Gen.constant(Step.refresh)),
      (1, Gen.int(in: 0...(accounts - 1), shrinkingToward: 0).map { Step.revoke(account: $0) }),
    ]), count: 1...12, averageExtra: 5)
}
