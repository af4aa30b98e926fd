import CountMeContract
import CountMeCore
import Foundation

/// One bug in the credential rules account creation checks; everything else is the reference.
struct CredentialsMutant: ReferenceForwarding {
  enum Bug: Sendable {
    /// An address whose domain has no dot (`a@b`) passes, as a rule of "something @ something" does.
    case acceptsDotlessDomain
    /// An address with a `+` tag is refused, as many hand-written rules do.
    case rejectsPlusTag
    /// The `+` tag is cut off before the request, so `a+x@b.com` and `a@b.com` are one account.
    case stripsPlusTag
    /// The address goes as typed, spaces around it included.
    case keepsSurroundingWhitespace
    /// The password's length is counted in UTF-16 units: four emoji make eight.
    case countsUTF16Units
    /// The email rule with its lengths moved (`EmailAddress.Limits`): one of them a unit off.
    case emailLimits(EmailAddress.Limits)
    /// A password of `minimum` characters or more passes, not one of 8.
    case passwordMinimum(Int)
  }

  let bug: Bug

  init(_ bug: Bug) { self.bug = bug }

  func signUpRequest(email: String, password: String) throws -> SignUpRequest {
    let typed = email.trimmingCharacters(in: .whitespacesAndNewlines)
    switch bug {
    case .acceptsDotlessDomain:
      let domain = typed.split(separator: "@", omittingEmptySubsequences: false).last ?? ""
      if !domain.contains("."), (try? SignUpRequest.checked(email: typed + ".com", password: password)) != nil
      {
        return SignUpRequest(email: typed, password: password)
      }
    case .rejectsPlusTag:
      if typed.contains("+") { throw AuthError.invalidEmail }
    case .stripsPlusTag:
      let request = try SignUpRequest.checked(email: email, password: password)
      let parts = request.email.split(separator: "@", maxSplits: 1)
      let local = parts[0].split(separator: "+", maxSplits: 1)[0]
      return SignUpRequest(email: "\(local)@\(parts[1])", password: password)
    case .keepsSurroundingWhitespace:
      _ = try SignUpRequest.checked(email: email, password: password)
      return SignUpRequest(email: email, password: password)
    case .emailLimits(let limits):
      let address = EmailAddress.trimmed(email)
      guard EmailAddress.isValid(address, limits: limits) else { throw AuthError.invalidEmail }
      try Password.check(password)
      return SignUpRequest(email: address, password: password)
    case .passwordMinimum(let minimum):
      let address = try EmailAddress.checked(email)
      guard password.count >= minimum else { throw AuthError.weakPassword }
      return SignUpRequest(email: address, password: password)
    case .countsUTF16Units:
      let address = try EmailAddress.checked(email)
      guard password.utf16.count >= 8 else { throw AuthError.weakPassword }
      return SignUpRequest(email: address, password: password)
    }
    return try SignUpRequest.checked(email: email, password: password)
  }
}
