import CountMeProperties
import Foundation
import Testing

/// `Corpus/` at the package root, found from this file's path.
let corpusRoot: String = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent()
  .deletingLastPathComponent().appendingPathComponent("Corpus").path

@Suite("The regression corpus")
struct CorpusGateTests {
  static let entries = CorpusDirectory.load(corpusRoot)

  @Test("every corpus file is well formed and its case passes against CountMeCore")
  func replay() {
    #expect(Self.entries.count >= 60, "the seed corpus has \(Self.entries.count) cases")
    for entry in Self.entries {
      switch entry.content {
      case .failure(let problem):
        Issue.record("\(entry.path): \(problem)")
      case .success(let corpusCase):
        let outcome = CorpusReplay.run(corpusCase)
        #expect(outcome.passed, "\(entry.path): expected \(corpusCase.expect), observed \(outcome.observed)")
      }
    }
  }

  @Test("the seed corpus covers every property")
  func coverage() {
    let properties = Set(Self.entries.compactMap { try? $0.content.get().property })
    #expect(
      properties == Set(Catalog.ids),
      "no cases for \(Set(Catalog.ids).subtracting(properties).sorted())")
  }

  @Test(
    "the corpus catches broken implementations: off-by-one calories, a decoder that skips ingredient quantities, the design document's queue"
  )
  func teeth() throws {
    func failures(_ system: some SystemUnderTest) -> [String] {
      Self.entries.compactMap { entry in
        guard let corpusCase = try? entry.content.get(), !CorpusReplay.run(corpusCase, on: system).passed
        else { return nil }
        return URL(fileURLWithPath: entry.path).lastPathComponent
      }
    }
    #expect(
      failures(try mutant("calories-allow-one-more")).contains {
        $0.hasPrefix("1-3-calories-one-step-above-50000-rejected")
      })
    #expect(
      failures(try mutant("decoder-skips-ingredient-quantity")).contains {
        $0.hasPrefix("every-ingredient-validated")
      })
    #expect(
      failures(try mutant("queue-success-removes-by-entity")).contains {
        $0.hasPrefix("lost-update-an-update-enqueued-while")
      })
    #expect(
      failures(try mutant("decoder-reads-geopoint-as-number")).contains {
        $0.hasPrefix("a-geo-point-where-calories-belong-is-wrongtype")
      })
    #expect(
      failures(try mutant("decoder-rejects-unknown-value-types")).contains {
        $0.hasPrefix("a-complete-rest-response-with-every-firestore-va")
      })
    #expect(failures(ReferenceSystem()).isEmpty)
  }
}
