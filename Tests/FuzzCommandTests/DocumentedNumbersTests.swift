import CountMeProperties
import Foundation
import Mutants
import Testing

/// The repository's root: three folders above this file.
private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()

/// The text of the repository's file at `path`.
private func text(_ path: String) throws -> String {
  try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
}

/// Every whole number `pattern` (with one capture group of digits, commas allowed) finds in `text`.
private func numbers(_ pattern: String, in text: String) throws -> [Int] {
  let expression = try NSRegularExpression(pattern: pattern)
  let range = NSRange(text.startIndex..., in: text)
  return expression.matches(in: text, range: range).compactMap { match in
    Range(match.range(at: 1), in: text).flatMap { Int(text[$0].replacingOccurrences(of: ",", with: "")) }
  }
}

/// How many requirements the public protocols named by `names` declare in `files`: each `func`,
/// `var` and `init` of the protocol's body (its associated types are not members an adopter writes).
private func requirements(in files: [String], where names: (String) -> Bool) throws -> (
  protocols: Int, members: Int
) {
  var protocols = 0
  var members = 0
  for file in files {
    let source = try text(file)
    let declaration = try NSRegularExpression(
      pattern: #"public protocol (\w+)[^{]*\{(.*?)\n\}"#, options: [.dotMatchesLineSeparators])
    let requirement = try NSRegularExpression(
      pattern: #"^\s+(?:mutating |static |nonmutating )*(?:func \w+|var \w+|init)"#,
      options: [.anchorsMatchLines])
    for match in declaration.matches(in: source, range: NSRange(source.startIndex..., in: source)) {
      guard let nameRange = Range(match.range(at: 1), in: source),
        let bodyRange = Range(match.range(at: 2), in: source),
        names(String(source[nameRange]))
      else { continue }
      let body = String(source[bodyRange])
      protocols += 1
      members += requirement.numberOfMatches(in: body, range: NSRange(body.startIndex..., in: body))
    }
  }
  return (protocols, members)
}

@Suite("Every count the documents state is the code's")
struct DocumentedNumbersTests {
  /// The contract's files: its layers, and the queue an app may bring, which CountMeCore declares.
  static let contractFiles: [String] =
    (try? FileManager.default.contentsOfDirectory(
      atPath: root.appendingPathComponent("Sources/CountMeContract/Layers").path))
    .map {
      $0.sorted().map { "Sources/CountMeContract/Layers/\($0)" } + [
        "Sources/CountMeCore/Sync/SyncQueueing.swift"
      ]
    } ?? []

  @Test(
    "the README's sample check names as many properties as a plain check runs, every one passed or a known finding"
  )
  func sampleCheck() throws {
    let readme = try text("README.md")
    let checked = Catalog.checkedByDefault.count
    #expect(
      try numbers(#"countme-fuzz check: seed 0000000000c0ffee, (\d+) properties"#, in: readme) == [checked])
    let passed = try numbers(#"all (\d+) properties passed, \d+ known findings shown"#, in: readme)
    let known = try numbers(#"all \d+ properties passed, (\d+) known findings shown"#, in: readme)
    let findings = Catalog.all.filter { $0.knownFinding != nil && Catalog.checkedByDefault.contains($0.id) }
      .count
    #expect(passed == [checked - findings] && known == [findings], "README: \(passed) passed, \(known) known")
  }

  @Test("the mutants the documents count are the catalog's")
  func mutants() throws {
    let count = MutantCatalog.all.count
    for file in ["README.md", "docs/mutation.md", "docs/architecture.md"] {
      let stated = try numbers(
        #"(\d+) (?:implementations|deliberately broken|mutants\b)"#, in: try text(file))
      #expect(
        !stated.isEmpty && stated.allSatisfy { $0 == count },
        "\(file) says \(stated), the catalog holds \(count)")
    }
  }

  @Test("the contract's requirements and members, as docs/contract.md and the README count them")
  func contract() throws {
    let layers = try requirements(in: Self.contractFiles) { $0.hasSuffix("Layer") }
    let underTest = try requirements(in: Self.contractFiles) {
      $0.hasSuffix("UnderTest") && $0 != "SystemUnderTest"
    }
    let queue = try requirements(in: Self.contractFiles) { $0 == "SyncQueueing" }
    #expect(layers.protocols > 15 && underTest.protocols >= 6 && queue.protocols == 1)
    let contract = try text("docs/contract.md")
    #expect(try numbers(#"(\d+) requirements in all"#, in: contract) == [layers.members])
    #expect(try numbers(#"(\d+) layer protocols"#, in: contract) == [layers.protocols])
    #expect(try numbers(#"have\s+(\d+) more"#, in: contract) == [underTest.members])
    #expect(try numbers(#"`SyncQueueing`\)\s+(\d+)"#, in: contract) == [queue.members])
    let all = layers.members + underTest.members + queue.members
    #expect(try numbers(#"(\d+)\s+members"#, in: contract) == [all])
    #expect(
      try numbers(#"(\d+) requirements"#, in: try text("README.md")).allSatisfy { $0 == layers.members })
  }

  @Test("the README's notes app runs as many properties as AppSync runs on an app's collection")
  func appSyncCount() throws {
    let stated = try numbers(#"all (\d+) properties passed, 2 not checked"#, in: try text("README.md"))
    #expect(stated == [AppSync.propertyIDs.count])
  }

  @Test(
    "the example's not checked count, as the README and docs/contract.md quote it, is every property but P1 and P2"
  )
  func exampleNotChecked() throws {
    let expected = Catalog.ids.count - 2
    for file in ["README.md", "docs/contract.md"] {
      let stated =
        try numbers(#"all 2 properties passed, (\d+) not checked"#, in: try text(file))
        + numbers(#"notChecked\.count == (\d+)"#, in: try text(file))
      #expect(
        !stated.isEmpty && stated.allSatisfy { $0 == expected }, "\(file) says \(stated), not \(expected)")
    }
  }

  @Test("the corpus holds as many cases as the README says")
  func corpus() throws {
    let cases = CorpusDirectory.load(root.appendingPathComponent("Corpus").path).count
    #expect(try numbers(#"\((\d+) cases:"#, in: try text("README.md")) == [cases])
  }
}
