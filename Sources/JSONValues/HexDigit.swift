/// Hex digits as the harness reads them, in UUID text and JSON's `\u` escapes.
///
/// NB: the harness's own reader. CountMeCore keeps its own (`CanonicalUUID`), which the properties
/// judge.
public enum HexDigit {
  /// The value of an ASCII hex digit of either case; nil for any other byte.
  public static func value(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }
}
