@testable import CountMeProperties
@testable import CountMeWorlds
import CountMeContract
import PropertyHarness
import Testing

@Suite("Sync options: an adapter fixes its queue's capacity and retry policy")
struct SyncOptionsTests {
  @Test("every sync property draws its scenarios under the options; the others ignore them")
  func applied() throws {
    let options = SyncOptions(capacity: 3...3, initialDelay: 2...2, maxDelay: 30...30, maxRetries: 5...5)
    for property in Catalog.properties(of: .queue) {
      let version = property.property(for: SystemLayers(ReferenceSystem())).generatorVersion
      for index in 0..<5 {
        let token = ReplayToken(
          property: property.id, seed: 0xC0FFEE, caseIndex: index, generatorVersion: version)
        let input = try #require(try Catalog.replay(token, sync: options)?.input)
        #expect(input["capacity"] == .integer(3), "\(token)")
        #expect(
          input["policy"]
            == .object([("initialDelay", .double(2)), ("maxDelay", .double(30)), ("maxRetries", .integer(5))]),
          "\(token)")
      }
    }
    let model = ReplayToken(property: "P2", seed: 0xC0FFEE, caseIndex: 3)
    #expect(try Catalog.replay(model, sync: options)?.input == Catalog.replay(model)?.input)
  }

  @Test("the reference queue keeps every sync property under an app's own settings")
  func referenceHolds() {
    let options = SyncOptions(capacity: 1_000...1_000, maxRetries: 3...3)
    let report = Catalog.run(
      properties: try? Catalog.select("P14-P21"), settings: RunSettings(seed: 7, cases: 100), sync: options)
    #expect(report.passed, "\(report.failed.map(\.id))")
  }
}

@Suite("Scenario files are bounded at the boundary")
struct ScenarioFileBoundsTests {
  static func scenario(capacity: String = "3", maxRetries: String = "2", initialDelay: String = "1") throws
    -> JSON
  {
    try JSON.parse(
      #"{"capacity": \#(capacity), "policy": {"initialDelay": \#(initialDelay), "maxDelay": 8, "maxRetries": \#(maxRetries)}, "faults": [], "steps": [{"enqueue": {"kind": "create", "entity": 0, "type": "foodItem"}}, "process"]}"#
    )
  }

  @Test(
    "a capacity beyond what a file may give is an input error naming the key",
    arguments: ["-1000001", "1000001"])
  func capacityRefused(value: String) throws {
    let json = try Self.scenario(capacity: value)
    #expect(throws: InputDecodingError.self) { try SimulationInput(json: json) }
    do { _ = try SimulationInput(json: json) } catch let error as InputDecodingError {
      #expect(error.path == "input.capacity")
    }
  }

  @Test("a capacity below 1 reads, and counts as 1: every judge satisfied", arguments: ["0", "-5"])
  func capacityBelowOne(value: String) throws {
    let input = try SimulationInput(json: try Self.scenario(capacity: value))
    let trace = SyncSimulator.run(input, system: .reference)
    #expect(trace.events.contains { if case .reportedConfiguration(1, _) = $0.what { true } else { false } })
    for property in Catalog.properties(of: .queue) {
      #expect(property.judge?(trace) == nil, "\(property.id) with capacity \(value)")
    }
  }

  @Test(
    "a policy at its extremes reads, and its scenario runs to the end without a trap, every judge satisfied",
    arguments: [
      ("9223372036854775807", "1"), ("-1", "1"), ("-9223372036854775808", "\"NaN\""), ("3", "\"-Infinity\""),
      ("2", "\"Infinity\""), ("1000000", "-1"),
    ])
  func extremePolicies(maxRetries: String, initialDelay: String) throws {
    var json = try Self.scenario(maxRetries: maxRetries, initialDelay: initialDelay)
    if case .object(var members) = json {
      members.removeAll { $0.0 == "faults" }
      members.append(("faults", .array(Array(repeating: .string("unavailable"), count: 5))))
      json = .object(members)
    }
    let input = try SimulationInput(json: json)
    let trace = SyncSimulator.run(input, system: .reference)
    for property in Catalog.properties(of: .queue) {
      #expect(
        property.judge?(trace) == nil,
        "\(property.id) with maxRetries \(maxRetries), initialDelay \(initialDelay)")
    }
  }

  @Test(
    "a queue with no settings reads only with the documented capacity and policy, and a flag that is a bool",
    arguments: [
      (#""defaults": true, "capacity": 1000"#, "1", "6", true),
      (#""defaults": true, "capacity": 999"#, "1", "6", false),
      (#""defaults": true, "capacity": 1000"#, "1", "5", false),
      (#""defaults": "yes", "capacity": 1000"#, "1", "6", false),
      (#""defaults": false, "capacity": 3"#, "2", "2", true),
    ])
  func defaults(head: String, initialDelay: String, maxRetries: String, reads: Bool) throws {
    let json = try JSON.parse(
      #"{\#(head), "policy": {"initialDelay": \#(initialDelay), "maxDelay": 60, "maxRetries": \#(maxRetries)}, "faults": [], "steps": ["process"]}"#
    )
    guard reads else {
      #expect(throws: InputDecodingError.self) { try SimulationInput(json: json) }
      return
    }
    let input = try SimulationInput(json: json)
    #expect(input.defaults == head.contains("true"))
    #expect(try SimulationInput(json: input.json) == input)
  }

  @Test("a scenario within the bounds reads")
  func accepted() throws {
    #expect(try SimulationInput(json: try Self.scenario()).capacity == 3)
  }
}
