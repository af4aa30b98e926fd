import Testing

@testable import CountMeCore

@Suite("The credential rules account creation checks: the email rule and the password's length")
struct CredentialsTests {
  @Test(
    "addresses people type pass, trimmed, case kept",
    arguments: [
      ("ann@example.com", "ann@example.com"), ("  Ann.Lee+diet@Example.COM\n", "Ann.Lee+diet@Example.COM"),
      ("o'brien@mail.example.co", "o'brien@mail.example.co"), ("x@bücher.de", "x@bücher.de"),
      ("x@xn--bcher-kva.de", "x@xn--bcher-kva.de"), ("a@b.c", "a@b.c"), ("a-b_c@d-e.fg", "a-b_c@d-e.fg"),
    ])
  func validAddresses(typed: String, sent: String) throws {
    #expect(try EmailAddress.checked(typed) == sent)
  }

  @Test(
    "addresses that break the rule are refused with invalidEmail",
    arguments: [
      "", "   ", "ann", "ann@", "@example.com", "a@b", "a@@b.com", "a@b@c.com", ".a@b.com", "a.@b.com",
      "a..b@c.com", "a@.b.com", "a@b.com.", "a@b..com", "a b@c.com", "\"a b\"@c.com", "josé@c.com",
      "a(b)@c.com", "a@-b.com", "a@b-.com", String(repeating: "a", count: 65) + "@b.com",
      "a@" + String(repeating: "b", count: 64) + ".com",
      "a@" + String(repeating: "abcdefghi.", count: 25) + "com",
    ])
  func invalidAddresses(typed: String) {
    #expect(throws: AuthError.invalidEmail) { try EmailAddress.checked(typed) }
  }

  @Test(
    "a password's length is what a person sees",
    arguments: [
      ("1234567", false), ("12345678", true), ("👍👍👍👍", false), ("🇫🇷🇫🇷🇫🇷🇫🇷🇫🇷🇫🇷🇫🇷", false),
      ("e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}", true), ("       x", true),
      ("👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧", false),
    ])
  func passwordLength(password: String, long: Bool) {
    if long {
      #expect(throws: Never.self) { try Password.check(password) }
    } else {
      #expect(throws: AuthError.weakPassword) { try Password.check(password) }
    }
  }

  @Test("the email is checked before the password, and a request keeps the password as typed")
  func requestOrder() throws {
    #expect(throws: AuthError.invalidEmail) { try SignUpRequest.checked(email: "a@b", password: "short") }
    let request = try SignUpRequest.checked(email: " a@b.co ", password: " pass word ")
    #expect(request == SignUpRequest(email: "a@b.co", password: " pass word "))
  }
}
