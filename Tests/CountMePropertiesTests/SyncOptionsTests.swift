import CountMeProperties
import PropertyHarness
import Testing

@Suite("Sync options: an adapter fixes its queue's capacity and retry policy")
struct SyncOptionsTests {
  @Test("every sync property draws its scenarios under the options; the others ignore them")
  func applied() throws {
    let options = SyncOptions(capacity: 3...3, initialDelay: 2...2, maxDelay: 30...30, maxRetries: 5...5)
    for property in Catalog.properties(of: .queue) {
      for index in 0..<5 {
        let token = ReplayToken(property: property.id, seed: 0xC0FFEE, caseIndex: index)
        let input = try #require(Catalog.replay(token, sync: options)?.input)
        #expect(input["capacity"] == .integer(3), "\(token)")
        #expect(
          input["policy"]
            == .object([("initialDelay", .double(2)), ("maxDelay", .double(30)), ("maxRetries", .integer(5))]),
          "\(token)")
      }
    }
    let model = ReplayToken(property: "P2", seed: 0xC0FFEE, caseIndex: 3)
    #expect(Catalog.replay(model, sync: options)?.input == Catalog.replay(model)?.input)
  }

  @Test("the reference queue keeps every sync property under an app's own settings")
  func referenceHolds() {
    let options = SyncOptions(capacity: 1_000...1_000, maxRetries: 3...3)
    let report = Catalog.run(
      properties: try? Catalog.select("P14-P21"), settings: RunSettings(seed: 7, cases: 100), sync: options)
    #expect(report.passed, "\(report.failed.map(\.id))")
  }
}
