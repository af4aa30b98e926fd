import CountMeContract
import CountMeCore
import CountMeGenerators
import FirestoreCloud
import Generators
import PropertyHarness

/// The targets over text: the JSON parser with the Firestore REST typed-value reader, and RFC 3339
/// timestamps.
enum TextFuzzing {
  /// Oracle: text the JSON parser accepts prints to text that parses to the same value.
  ///
  /// Oracle: text the parser accepts prints (compact and pretty) to text that parses to the same
  /// value and prints the same again; a REST document or value it reads writes back to JSON that
  /// reads to the same document or value.
  ///
  /// (The REST writer puts a map's keys in code-point order, so "the same" is compared as that canonical
  /// JSON: a map's fields have no order in Firestore.)
  static func restJSON(_ bytes: [UInt8]) -> String? {
    guard let json = FuzzTarget.json(bytes) else { return nil }
    for pretty in [false, true] {
      let printed = json.text(pretty: pretty)
      guard let again = try? JSON.parse(printed) else {
        return "printed \(json) as \(printed), which does not parse"
      }
      guard again == json else { return "printed as \(printed), which parses to \(again), not \(json)" }
      guard again.text(pretty: pretty) == printed else { return "printing \(printed) again changes it" }
    }
    if let document = try? FirestoreREST.decodeDocument(json) {
      let written = FirestoreREST.encode(document)
      guard let again = try? FirestoreREST.decodeDocument(written), FirestoreREST.encode(again) == written
      else {
        return "the REST document \(json.text()) writes back as \(written.text()), which reads differently"
      }
    }
    if let value = try? FirestoreREST.decodeValue(json) {
      let written = FirestoreREST.encode(value)
      guard let again = try? FirestoreREST.decodeValue(written), FirestoreREST.encode(again) == written else {
        return "the REST value \(json.text()) writes back as \(written.text()), which reads differently"
      }
    }
    return nil
  }

  /// Oracle: a timestamp the parser accepts lies in Firestore's range and round-trips.
  ///
  /// Oracle: a timestamp the parser accepts lies in Firestore's range (0001-01-01T00:00:00Z to
  /// 9999-12-31T23:59:59.999999999Z, as `FirestoreTime` states it), and prints to text that parses
  /// to the same instant and prints the same again.
  static func rfc3339(_ bytes: [UInt8]) -> String? {
    let text = String(decoding: bytes, as: UTF8.self)
    guard let stamp = RFC3339.parse(text) else { return nil }
    guard (FirestoreTime.firstSecond...FirestoreTime.lastSecond).contains(stamp.seconds),
      (0..<1_000_000_000).contains(stamp.nanoseconds)
    else { return "\(text) parsed to \(stamp.seconds) s \(stamp.nanoseconds) ns, outside Firestore's range" }
    let printed = RFC3339.format(stamp)
    guard let again = RFC3339.parse(printed), again == stamp else {
      return "\(text) printed as \(printed), which does not parse to the same instant"
    }
    guard RFC3339.format(again) == printed else { return "printing \(printed) again changes it" }
    return nil
  }
}
