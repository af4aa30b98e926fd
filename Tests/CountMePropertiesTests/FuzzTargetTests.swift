import Foundation
import Mutants
import Testing

@testable import CountMeProperties
@testable import CountMeWorlds
@testable import Generators

/// `Fuzz/Regressions/` at the package root: inputs a fuzzer once found, one folder per target.
let fuzzRegressionsRoot: String = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fuzz/Regressions").path

/// The libFuzzer targets, run in-process over their seeds and regressions (no sanitizer build).
@Suite("Fuzz targets")
struct FuzzTargetTests {
  @Test("every seed of every target passes its oracle", arguments: FuzzTarget.allCases)
  func seeds(target: FuzzTarget) {
    let seeds = FuzzSeeds.seeds(for: target, corpus: corpusRoot)
    #expect(seeds.count >= 8, "\(target): only \(seeds.count) seeds")
    for seed in seeds {
      #expect(target.run(seed.bytes) == nil, "\(target) seed \(seed.name)")
    }
  }

  @Test("every input a fuzzer found (Fuzz/Regressions/<target>/) passes now")
  func regressions() throws {
    let manager = FileManager.default
    var count = 0
    for target in FuzzTarget.allCases {
      let folder = "\(fuzzRegressionsRoot)/\(target.rawValue)"
      for name in ((try? manager.contentsOfDirectory(atPath: folder)) ?? []).sorted()
      where !name.hasPrefix(".") {
        let bytes = try #require(manager.contents(atPath: "\(folder)/\(name)"), "\(folder)/\(name)")
        #expect(target.run(Array(bytes)) == nil, "\(target.rawValue)/\(name)")
        count += 1
      }
    }
    #expect(count > 0, "no regression inputs under \(fuzzRegressionsRoot)")
  }

  @Test("a binary's name picks its target")
  func names() {
    #expect(FuzzTarget(named: "countme-fuzz-queue-file") == .queueFile)
    #expect(FuzzTarget(named: "rest-json") == .restJSON)
    #expect(FuzzTarget(named: "countme-fuzz-target") == nil)
  }

  /// The bytes-as-choices targets have teeth: run against a broken implementation, random bytes
  /// find it.
  @Test(
    "the document and sync targets catch broken implementations",
    arguments: [
      ("decoder-skips-calories-range", FuzzTarget.documents), ("queue-drops-newest", .syncScenario),
    ])
  func teeth(mutant name: String, target: FuzzTarget) throws {
    let mutant = try #require(MutantCatalog.named(name))
    var source = ChoiceSource(seed: 0xF022, recording: false)
    let found = (0..<400).contains { _ in
      let bytes = (0..<512).map { _ in UInt8(source.draw(upTo: 255)) }
      switch target {
      case .documents: return DocumentFuzzing.run(bytes, system: SystemLayers(mutant.system)) != nil
      default: return SyncFuzzing.run(bytes, system: SystemLayers(mutant.system)) != nil
      }
    }
    #expect(found, "400 random inputs of \(target) never caught \(name)")
  }
}
