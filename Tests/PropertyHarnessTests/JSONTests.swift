import Testing

@testable import PropertyHarness

@Suite("JSON")
struct JSONTests {
  @Test("prints objects in stored order, or sorted, and parses back to the same value")
  func roundTrip() throws {
    let value = JSON.object([
      ("z", .integer(-3)), ("a", .double(-0.0)),
      ("m", .array([.null, .bool(true), .double(50_000.000_000_000_01)])),
      ("text", .string("tab\t\"quote\" \\ é 🍎 \u{0} \u{2028}")), ("nested", .object([("k", .double(1e300))])),
    ])
    let text = value.text()
    #expect(text.hasPrefix(#"{"z":-3,"a":-0.0,"m":[null,true,50000.00000000001]"#))
    #expect(try JSON.parse(text) == value)
    #expect(try JSON.parse(value.text(pretty: true)) == value)
    #expect(value.text(sortKeys: true).hasPrefix(#"{"a":-0.0,"m":"#))
  }

  @Test("numbers keep their kind; non-finite doubles travel as strings")
  func numbers() throws {
    #expect(try JSON.parse("150") == .integer(150))
    #expect(try JSON.parse("150.0") == .double(150))
    #expect(try JSON.parse("-0.0") == .double(-0.0))
    #expect(try JSON.parse("1e3") == .double(1000))
    #expect(try JSON.parse("99999999999999999999") == .double(1e20))
    #expect(JSON.number(.nan) == .string("NaN") && JSON.number(-.infinity) == .string("-Infinity"))
    #expect(JSON.string("Infinity").numberValue == .infinity && JSON.string("NaN").numberValue?.isNaN == true)
  }

  @Test("numbers and escapes follow RFC 8259's grammar, no further")
  func grammar() throws {
    #expect(try JSON.parse("-0") == .integer(0))
    #expect(try JSON.parse("0.5e-3") == .double(0.0005))
    #expect(try JSON.parse("1E+2") == .double(100))
    #expect(try JSON.parse(#""\u00E9\u00e9""#) == .string("éé"))
    for text in ["01", "-01", "1.", ".5", "+1", "1e", "1e+", "-", "1.e3", #""\u+fff""#, #""\u00g0""#] {
      #expect(throws: JSONParseError.self, "\(text)") { try JSON.parse(text) }
    }
  }

  @Test("integers fill Int64 and no further; escapes, surrogate pairs and raw UTF-8 read as written")
  func limits() throws {
    #expect(try JSON.parse("9223372036854775807") == .integer(.max))
    #expect(try JSON.parse("-9223372036854775808") == .integer(.min))
    #expect(try JSON.parse("9223372036854775808") == .double(9_223_372_036_854_775_808))
    #expect(try JSON.parse("-9223372036854775809") == .double(-9_223_372_036_854_775_808))
    #expect(throws: JSONParseError.self) { try JSON.parse("1e400") }
    let escaped = #""a\"\\\/\b\f\n\r\t\u00e9\ud83c\udf4e\u0000z""#
    #expect(try JSON.parse(escaped) == .string("a\"\\/\u{8}\u{C}\n\r\té🍎\u{0}z"))
    #expect(try JSON.parse(#"["é🍎\u20ac", "👨‍👩‍👧"]"#) == .array([.string("é🍎€"), .string("👨‍👩‍👧")]))
    for text in [#""\ud83c""#, #""\ud83c\u0041""#, "\"a\tb\"", #""\é""#] {
      #expect(throws: JSONParseError.self, "\(text)") { try JSON.parse(text) }
    }
  }

  @Test(
    "malformed text is reported with its line and column",
    arguments: [
      ("{\"a\": }", 1, 7), ("[1,\n 2,,]", 2, 4), ("{\"a\":1,\"a\":2}", 1, 12), ("\"open", 1, 6),
      ("[1, 01]", 1, 5), ("[\"é🍎\", x]", 1, 8), ("\"é\n\"", 2, 1), ("[\"👨‍👩‍👧\",\n\"\\q\"]", 2, 4),
    ])
  func errors(text: String, line: Int, column: Int) {
    #expect(throws: JSONParseError.self) { try JSON.parse(text) }
    do {
      _ = try JSON.parse(text)
    } catch let error as JSONParseError {
      #expect(error.line == line && error.column == column, "\(error)")
    } catch {}
  }
}
