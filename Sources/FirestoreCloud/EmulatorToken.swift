import Foundation

/// The ID token a request to the Firestore emulator carries to be signed in as a user: an
/// unsigned JWT (`alg: none`) whose claims name the user, which the emulator accepts as Firebase
/// Auth's and which no real Firestore would.
public enum EmulatorToken {
  /// The `Authorization` header's value that signs a request in as `uid` for `project`.
  public static func bearer(uid: String, project: String) -> String {
    let header = #"{"alg":"none","typ":"JWT"}"#
    let claims =
      #"{"sub":"\#(escaped(uid))","user_id":"\#(escaped(uid))","aud":"\#(escaped(project))","#
      + #""iss":"https://securetoken.google.com/\#(escaped(project))","iat":1700000000,"exp":4000000000}"#
    return "Bearer \(base64URL(header)).\(base64URL(claims))."
  }

  /// `text` as base64url without padding (RFC 7515).
  static func base64URL(_ text: String) -> String {
    Data(text.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-")
      .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
  }

  /// `text` as the inside of a JSON string.
  static func escaped(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case _ where scalar.value < 0x20: result += String(format: "\\u%04x", scalar.value)
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
