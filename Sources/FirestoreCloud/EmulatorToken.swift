import Foundation
import JSONValues

/// The unsigned ID token that signs a request to the Firestore emulator in as a user.
///
/// The ID token a request to the Firestore emulator carries to be signed in as a user: an
/// unsigned JWT (`alg: none`) whose claims name the user, which the emulator accepts as Firebase
/// Auth's and which no real Firestore would.
public enum EmulatorToken {
  /// The `Authorization` header's value that signs a request in as `uid` for `project`.
  public static func bearer(uid: String, project: String) -> String {
    let header = JSON.object([("alg", .string("none")), ("typ", .string("JWT"))])
    let claims = JSON.object([
      ("sub", .string(uid)), ("user_id", .string(uid)), ("aud", .string(project)),
      ("iss", .string("https://securetoken.google.com/\(project)")), ("iat", .integer(1_700_000_000)),
      ("exp", .integer(4_000_000_000)),
    ])
    return "Bearer \(base64URL(header.text())).\(base64URL(claims.text()))."
  }

  /// `text` as base64url without padding (RFC 7515).
  static func base64URL(_ text: String) -> String {
    Data(text.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-")
      .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
  }
}
