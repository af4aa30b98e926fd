import CountMeContract
import CountMeCore
import CountMeGenerators
import CountMeProperties
import FirestoreCloud
import Foundation
import Generators
import PropertyHarness

enum CorpusCommand {
  static func run(_ arguments: [String], console: Console) throws -> Int32 {
    if arguments.first == "add" {
      return try CorpusAddCommand.run(Array(arguments.dropFirst()), console: console)
    }
    if Help.requested(arguments, command: "corpus", console: console) { return 0 }
    let options = try Options.parse(
      arguments, command: "corpus", valued: ["--dir", "--property", "--json", "--junit"], flags: [])
    let root = options.value("--dir") ?? "Corpus"
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue
    else {
      throw UsageError(message: "no corpus folder at \(root)", command: "corpus")
    }
    let ids = try options.value("--property").map {
      try CheckCommand.selection($0, command: "corpus")
    }
    let jsonPath = try ReportPath.check(options.value("--json"), option: "--json", command: "corpus")
    let junitPath = try ReportPath.check(options.value("--junit"), option: "--junit", command: "corpus")

    var results: [(path: String, corpusCase: CorpusCase, outcome: CorpusReplay.Outcome)] = []
    var malformed: [(path: String, problem: String)] = []
    for entry in CorpusDirectory.load(root, properties: ids) {
      switch entry.content {
      case .failure(let problem):
        console.err("Error: \(entry.path): \(problem)")
        malformed.append((entry.path, problem.problem))
      case .success(let corpusCase):
        let outcome = CorpusReplay.run(corpusCase)
        if !outcome.passed {
          console.out("✘ \(entry.path): expected \(corpusCase.expect), observed \(outcome.observed)")
        }
        results.append((entry.path, corpusCase, outcome))
      }
    }
    let failed = results.filter { !$0.outcome.passed }.count
    console.out(
      "corpus \(root): \(results.count + malformed.count) cases, \(results.count - failed) passed, \(failed) failed, \(malformed.count) malformed"
    )
    let report = CorpusReport(
      root: root, results: results.map { ($0.path, $0.corpusCase, $0.outcome) }, malformed: malformed)
    var status: Int32 = failed > 0 ? 1 : malformed.isEmpty ? 0 : 2
    if let jsonPath {
      status = max(status, CheckCommand.write(report.json.text(pretty: true) + "\n", to: jsonPath, console))
    }
    if let junitPath { status = max(status, CheckCommand.write(report.junit, to: junitPath, console)) }
    return status
  }
}

/// The corpus run as JSON and JUnit XML: one entry (testcase) per file.
struct CorpusReport {
  let root: String
  let results: [(String, CorpusCase, CorpusReplay.Outcome)]
  let malformed: [(path: String, problem: String)]

  var json: JSON {
    .object([
      ("corpus", .string(root)), ("passed", .bool(malformed.isEmpty && results.allSatisfy { $0.2.passed })),
      (
        "cases",
        .array(
          results.map { path, corpusCase, outcome in
            .object([
              ("file", .string(path)), ("property", .string(corpusCase.property.description)),
              ("status", .string(outcome.passed ? "passed" : "failed")),
              ("expected", .string(corpusCase.expect.description)),
              ("observed", .string(outcome.observed)),
            ])
          })
      ),
      (
        "malformed",
        .array(malformed.map { .object([("file", .string($0.path)), ("problem", .string($0.problem))]) })
      ),
    ])
  }

  var junit: String {
    let failures = results.filter { !$0.2.passed }.count + malformed.count
    var xml =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites tests=\"\(results.count + malformed.count)\" failures=\"\(failures)\">\n"
    xml +=
      "  <testsuite name=\"corpus \(JUnitReport.escape(root))\" tests=\"\(results.count + malformed.count)\" failures=\"\(failures)\">\n"
    for (path, corpusCase, outcome) in results {
      xml +=
        "    <testcase classname=\"Corpus.\(corpusCase.property)\" name=\"\(JUnitReport.escape(path))\">"
      if !outcome.passed {
        xml +=
          "<failure message=\"\(JUnitReport.escape("expected \(corpusCase.expect), observed \(outcome.observed)"))\"/>"
      }
      xml += "</testcase>\n"
    }
    for (path, problem) in malformed {
      xml +=
        "    <testcase classname=\"Corpus\" name=\"\(JUnitReport.escape(path))\"><error message=\"\(JUnitReport.escape(problem))\"/></testcase>\n"
    }
    return xml + "  </testsuite>\n</testsuites>\n"
  }
}

enum CorpusAddCommand {
  /// Reads inputs from standard input, one JSON per line (a `sample` line or a bare input), and
  /// writes each as a case.
  ///
  /// Without `--expect`, the expectation is what CountMeCore does now, printed for the reviewer to check.
  static func run(_ arguments: [String], console: Console) throws -> Int32 {
    if Help.requested(arguments, command: "corpus", console: console) { return 0 }
    let options = try Options.parse(
      arguments, command: "corpus", valued: ["--property", "--note", "--model", "--expect", "--dir"],
      flags: [])
    guard let propertyText = options.value("--property"),
      let property = Catalog.property(named: propertyText)?.id
    else {
      throw UsageError(
        message: "corpus add needs --property with a property id from 'countme-fuzz list'",
        command: "corpus")
    }
    guard let note = options.value("--note"), !note.isEmpty else {
      throw UsageError(message: "corpus add needs --note saying what the case pins", command: "corpus")
    }
    var expect: CorpusExpectation?
    if let spec = options.value("--expect") {
      guard let parsed = CorpusExpectation(spec: spec) else {
        throw UsageError(
          message: "--expect takes accepted, holds or rejected:<error>:<field>, not '\(spec)'",
          command: "corpus")
      }
      expect = parsed
    }
    var model: DocumentModel?
    if let name = options.value("--model") {
      guard let known = DocumentModel(rawValue: name) else {
        throw UsageError(message: "unknown model '\(name)'", command: "corpus")
      }
      model = known
    }
    let root = options.value("--dir") ?? "Corpus"
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: root, isDirectory: &isFolder), !isFolder.boolValue {
      throw UsageError(message: "--dir \(root) is a file, not a corpus folder", command: "corpus")
    }
    var status: Int32 = 0
    var lineNumber = 0
    while let line = console.readLine() {
      lineNumber += 1
      guard !line.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
      do {
        let json = try JSON.parse(line)
        let input = json["value"] ?? json
        var tags: [String] = []
        if case .array(let values)? = json["tags"] { tags = values.compactMap(\.stringValue) }
        let named = json["generator"]?.stringValue.flatMap(documentModel)
        let lineModel = model ?? named ?? caseModel(tags, property: property)
        let shape = clientShape(tags)
        var corpusCase = CorpusCase(
          property: property, model: lineModel, shape: shape, input: input, expect: expect ?? .holds,
          note: note,
          origin: .object([("source", .string("hand-written"))]))
        if let problem = CorpusReplay.inputProblem(corpusCase) {
          throw UsageError(message: problem, command: "corpus")
        }
        if expect == nil {
          guard let now = CorpusReplay.currentExpectation(corpusCase) else {
            throw UsageError(
              message: "CountMeCore gives no clear outcome for this input; give --expect", command: "corpus")
          }
          corpusCase = CorpusCase(
            property: property, model: lineModel, shape: shape, input: input, expect: now, note: note,
            origin: corpusCase.origin)
        }
        switch try CorpusDirectory.save(corpusCase, root: root) {
        case .written(let path): console.out("added \(path): expects \(corpusCase.expect)")
        case .alreadyPresent(let path): console.out("already in the corpus: \(path)")
        }
      } catch let error as UsageError {
        console.err("Error: standard input line \(lineNumber): \(error.message)")
        status = 2
      } catch let error as InputDecodingError {
        console.err("Error: standard input line \(lineNumber): \(error)")
        status = 2
      } catch let error as JSONParseError {
        console.err("Error: standard input line \(lineNumber): invalid JSON at \(error)")
        status = 2
      } catch {
        console.err("Error: standard input line \(lineNumber): \(error.localizedDescription)")
        status = 2
      }
    }
    return status
  }

  /// The client shape a `Document.shape.<shape>` tag names; `swift` when none does.
  static func clientShape(_ tags: [String]) -> ClientShape {
    tags.lazy.compactMap { tag in
      tag.hasPrefix("Document.shape.")
        ? ClientShape(rawValue: String(tag.dropFirst("Document.shape.".count))) : nil
    }.first ?? .swift
  }

  /// The model a case of `property` names, read from its input's tags.
  ///
  /// A document's (`Document.<Model>.…`), or, for a property whose cases name their model otherwise (P22,
  /// P25, P26, F19), the model any tag names (`<Model>.valid`, `Versions.<Model>`).
  static func caseModel(_ tags: [String], property: PropertyID) -> DocumentModel? {
    if let model = tags.lazy.compactMap(documentModel).first { return model }
    guard Catalog.property(property)?.needsModel == true else { return nil }
    return tags.lazy.compactMap { tag in
      tag.split(separator: ".").lazy.compactMap { DocumentModel(rawValue: String($0)) }.first
    }.first
  }

  /// The model of a `Document.<Model>.…` generator name.
  static func documentModel(_ generator: String) -> DocumentModel? {
    let parts = generator.split(separator: ".")
    guard parts.count >= 2, parts[0] == "Document" else { return nil }
    return DocumentModel(rawValue: String(parts[1]))
  }
}

/// Saving `check`'s failures as corpus cases.
enum FailureSaver {
  /// Today's date (UTC), as a saved case's origin records it.
  static func today() -> String { String(RFC3339.format(Timestamp(date: Date())).prefix(10)) }

  static func save(
    _ report: RunReport, root: String, date: String = today(), source: String = "countme-fuzz check",
    console: Console
  ) -> Int32 {
    var status: Int32 = 0
    for property in report.failed {
      guard let failure = property.failure, let expect = try? CorpusExpectation(json: failure.expectation)
      else { continue }
      let model = CorpusAddCommand.caseModel(failure.tags, property: property.id)
      let observed =
        failure.observed.count > 90 ? String(failure.observed.prefix(90)) + "…" : failure.observed
      let corpusCase = CorpusCase(
        property: property.id, model: model, shape: CorpusAddCommand.clientShape(failure.tags),
        input: failure.counterexample, expect: expect,
        note: "\(property.id): \(observed)",
        origin: .object([
          ("source", .string(source)), ("seed", .string(Seed.format(report.seed))),
          ("replayToken", .string(failure.token.description)), ("date", .string(date)),
        ]))
      do {
        switch try CorpusDirectory.save(corpusCase, root: root) {
        case .written(let path): console.out("saved \(path)")
        case .alreadyPresent(let path): console.out("already in the corpus: \(path)")
        }
      } catch {
        console.err(
          "Error: could not save the \(property.id) failure under \(root): \(error.localizedDescription)"
        )
        status = 2
      }
    }
    return status
  }
}
