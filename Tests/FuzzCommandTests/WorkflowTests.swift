import CountMeProperties
import Foundation
import Testing

/// `.github/workflows/gate.yml`, the gate an app team copies: it cannot run here, so its YAML is
/// read (`WorkflowYAML`) and every `countme-fuzz` command it runs is run, with 2 cases a property.
@Suite("The GitHub Actions gate")
struct WorkflowTests {
  static let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent(".github/workflows/gate.yml").path

  static func workflow() throws -> WorkflowYAML {
    try WorkflowYAML.parse(try String(contentsOfFile: path, encoding: .utf8))
  }

  /// Every `countme-fuzz` command of the workflow's `run` blocks, as arguments, with the run's
  /// expressions given values: shard 1, the seed `c0ffee`, reports under `reports`.
  static func commands(in workflow: WorkflowYAML, reports: String) -> [[String]] {
    let jobs = workflow["jobs"]
    let scripts = (jobs?.keys ?? []).flatMap { job in
      (jobs?[job]?["steps"]?.items ?? []).compactMap { $0["run"]?.scalar }
    }
    return scripts.flatMap { $0.split(separator: "\n") }.compactMap { line -> [String]? in
      let given = line.replacingOccurrences(of: "${{ matrix.shard }}", with: "1")
        .replacingOccurrences(of: "\"$SEED\"", with: "c0ffee").replacingOccurrences(of: "\"", with: "")
      let words = given.split(separator: " ").map(String.init)
      guard words.first?.hasSuffix("countme-fuzz") == true else { return nil }
      return words.dropFirst().map { $0.hasPrefix("reports/") ? reports + $0.dropFirst("reports".count) : $0 }
    }
  }

  @Test("the workflow is well-formed: four jobs, each step a named action or a script")
  func structure() throws {
    let workflow = try Self.workflow()
    #expect(workflow.keys.prefix(2) == ["name", "on"] && workflow.keys.contains("jobs"))
    #expect(workflow["on"]?.keys == ["pull_request", "push", "workflow_dispatch"])
    let jobs = try #require(workflow["jobs"])
    #expect(jobs.keys == ["tests", "check", "corpus", "emulator"])
    for job in jobs.keys {
      let steps = jobs[job]?["steps"]?.items ?? []
      #expect(jobs[job]?["runs-on"]?.scalar == "ubuntu-latest" && !steps.isEmpty, "\(job)")
      for step in steps {
        #expect(step["name"]?.scalar?.isEmpty == false, "a step of \(job) has no name")
        #expect((step["uses"] == nil) != (step["run"] == nil), "\(job): \(step["name"]?.scalar ?? "?")")
      }
    }
    #expect(jobs["tests"]?["steps"]?.items.last?["run"]?.scalar == "swift test")
    // The matrix and the shard count agree: one seed, every case run once among the shards.
    let shards = jobs["check"]?["strategy"]?["matrix"]?["shard"]?.items.compactMap(\.scalar) ?? []
    #expect(shards == ["1", "2", "3", "4"] && workflow["env"]?["SHARDS"]?.scalar == "4")
    let check = Self.commands(in: workflow, reports: "r").first { $0.contains("--shard") }
    #expect(check?.contains("1/4") == true)
  }

  @Test("a workflow that breaks the YAML is refused, naming the line")
  func strict() {
    #expect(throws: WorkflowYAML.Problem.self) { try WorkflowYAML.parse("jobs:\n  a: 1\n  a: 2\n") }
    #expect(throws: WorkflowYAML.Problem.self) { try WorkflowYAML.parse("jobs:\n  a: 1\n    b: 2\n") }
    #expect(throws: WorkflowYAML.Problem.self) { try WorkflowYAML.parse("jobs:\n\ta: 1\n") }
  }

  @Test("every countme-fuzz command it runs without the emulator runs, and writes its reports")
  func commandsRun() throws {
    let reports = FileManager.default.temporaryDirectory.appendingPathComponent(
      "countme-gate-\(UInt64.random(in: 0 ... .max))")
    try FileManager.default.createDirectory(at: reports, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: reports) }
    let commands = Self.commands(in: try Self.workflow(), reports: reports.path)
    #expect(commands.count == 4)
    for arguments in commands where !arguments.contains("emulator") && !arguments.contains("rules") {
      let run = Transcript(arguments.first == "check" ? arguments + ["--cases", "2"] : arguments)
      #expect(run.status == 0, "\(arguments): \(run.err)")
      for (option, path) in zip(arguments, arguments.dropFirst())
      where option == "--junit" || option == "--markdown" {
        #expect(FileManager.default.fileExists(atPath: path), "\(arguments) wrote no \(path)")
      }
    }
  }

  @Test(
    "its Firestore emulator commands run and write their reports",
    .enabled(if: emulatorSyncs))
  func emulatorCommandsRun() throws {
    let reports = FileManager.default.temporaryDirectory.appendingPathComponent(
      "countme-gate-\(UInt64.random(in: 0 ... .max))")
    try FileManager.default.createDirectory(at: reports, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: reports) }
    let commands = Self.commands(in: try Self.workflow(), reports: reports.path)
    for arguments in commands where arguments.contains("emulator") || arguments.contains("rules") {
      let run = Transcript(arguments + ["--cases", "2"])
      #expect(run.status == 0, "\(arguments): \(run.err)")
    }
  }
}
