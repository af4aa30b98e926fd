import CountMeContract
import CountMeCore
import CountMeGenerators
import CountMeWorlds
import Foundation
import Generators
import PropertyHarness

/// Where a fuzzer starts: a seed corpus and a dictionary per target.
///
/// Made from the regression corpus and the generators (never written by hand, so they follow the schema and
/// the corpus).
public enum FuzzSeeds {
  /// One seed input.
  public struct Seed: Sendable {
    /// A file name for it.
    public let name: String
    /// Its bytes.
    public let bytes: [UInt8]
  }

  /// The seeds of `target`, from the corpus cases under `corpus` (a missing folder gives only the
  /// generated seeds).
  public static func seeds(for target: FuzzTarget, corpus: String) -> [Seed] {
    let cases = CorpusDirectory.load(corpus).compactMap { entry -> (String, CorpusCase)? in
      guard case .success(let corpusCase) = entry.content else { return nil }
      return ((entry.path as NSString).lastPathComponent, corpusCase)
    }
    func text(_ name: String, _ value: String) -> Seed { Seed(name: name, bytes: Array(value.utf8)) }
    switch target {
    case .documents, .syncScenario:
      return randomBytes(count: 32)
    case .restJSON:
      return cases.filter { $0.1.model != nil }.map { text($0.0, $0.1.input.text()) }
    case .rfc3339:
      let stamps = cases.flatMap { timestamps(in: $0.1.input) }
      let edges = ["0001-01-01T00:00:00Z", "9999-12-31T23:59:59.999999999Z", "2026-01-19T08:00:00.5+05:30"]
      return Array(Set(stamps + edges)).sorted().enumerated().map {
        text("timestamp-\($0.offset)", $0.element)
      }
    case .corpusCase:
      return cases.map { text($0.0, $0.1.json.text(pretty: true)) }
    case .scenarioFile:
      return cases.filter { Catalog.property($0.1.property)?.layers == [.queue] }.map {
        text($0.0, $0.1.input.text())
      }
    case .queueFile:
      return queueFiles()
    }
  }

  /// The tokens worth splicing into `target`'s inputs, as libFuzzer dictionary lines.
  public static func dictionary(for target: FuzzTarget) -> [String] {
    var tokens: [String]
    switch target {
    case .documents, .syncScenario:
      return ["# bytes are a generator's choices: no tokens help"]
    case .rfc3339:
      tokens = [
        "T", "Z", "t", "z", ".", "-", "+", ":", "+23:59", "-00:00", "0001-01-01", "9999-12-31", "02-29",
      ]
    case .restJSON, .corpusCase, .scenarioFile, .queueFile:
      tokens = [
        "{", "}", "[", "]", ":", ",", "\"", "null", "true", "false", "-0.0", "1e308", "9223372036854775807",
        "-9223372036854775808", "9007199254740993", "\\u0000", "\\ud800",
      ]
      tokens += [
        "fields", "mapValue", "arrayValue", "values", "stringValue", "integerValue", "doubleValue",
        "booleanValue", "timestampValue", "nullValue", "bytesValue", "referenceValue", "geoPointValue",
      ]
      tokens += DocumentModel.allCases.flatMap { ModelSchemas.fieldNames(of: $0).sorted() }
      tokens += [
        "property", "model", "shape", "input", "expect", "note", "origin", "accepted", "holds", "rejected",
      ]
      tokens += [
        "capacity", "policy", "initialDelay", "maxDelay", "maxRetries", "faults", "steps", "corruption",
      ]
      tokens += [
        "countme-sync-queue v1 fnv1a64=", "version", "nextID", "pending", "failed", "attempts", "rawValue",
      ]
    }
    var seen = Set<String>()
    return tokens.filter { seen.insert($0).inserted }.map { token in
      let escaped = token.unicodeScalars.map { scalar -> String in
        switch scalar {
        case "\"": return "\\\""
        case "\\": return "\\\\"
        default:
          return scalar.isASCII && scalar.value >= 32
            ? String(scalar) : String(format: "\\x%02X", scalar.value)
        }
      }.joined()
      return "\"\(escaped)\""
    }
  }

  /// Fixed pseudo-random byte strings of growing length: any bytes are choices.
  private static func randomBytes(count: Int) -> [Seed] {
    var source = ChoiceSource(seed: 0xF022_5EED, recording: false)
    return (0..<count).map { index in
      let length = 16 << (index % 8)
      return Seed(name: "random-\(index)", bytes: (0..<length).map { _ in UInt8(source.draw(upTo: 255)) })
    }
  }

  /// Every RFC 3339 string a REST document holds.
  private static func timestamps(in json: JSON) -> [String] {
    switch json {
    case .object(let members):
      return members.flatMap { key, value -> [String] in
        if key == "timestampValue", case .string(let text) = value { return [text] }
        return timestamps(in: value)
      }
    case .array(let items): return items.flatMap(timestamps)
    default: return []
    }
  }

  /// Queue files CountMeCore writes, as a body and as a whole file.
  ///
  /// Queue files CountMeCore writes, from queues with pending, failed and retried operations: as a
  /// body under a computed checksum (first byte 0) and as the whole file (first byte 1); and the
  /// last of them with each syntax edit.
  private static func queueFiles() -> [Seed] {
    var queue = SyncQueue(capacity: 8, policy: RetryPolicy(maxRetries: 1))
    var files: [[UInt8]] = [Array(queue.snapshot().encoded())]
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    for index in 0..<6 {
      let kind = SyncOperation.Kind.allCases[index % 3]
      _ = queue.enqueue(
        SyncOperation(kind, entityId: "e\(index % 4)", entityType: .foodItem, timestamp: start))
      if case .upload(let id, _) = queue.next(now: start, online: true, signedIn: true) {
        queue.complete(
          id, with: .failure(index % 2 == 0 ? .permissionDenied(path: "p") : .networkUnavailable), now: start)
      }
      files.append(Array(queue.snapshot().encoded()))
    }
    let syntax = SyntaxEdit.allCases.map { edit in
      Seed(
        name: "syntax-\(edit.rawValue)",
        bytes: [1] + Corruption.syntax(edit).apply(to: Data(files[files.count - 1])))
    }
    return files.enumerated().flatMap { index, file -> [Seed] in
      let body = Array(file[(file.firstIndex(of: 0x0A).map { $0 + 1 } ?? 0)...])
      return [Seed(name: "body-\(index)", bytes: [0] + body), Seed(name: "file-\(index)", bytes: [1] + file)]
    } + syntax
  }
}
