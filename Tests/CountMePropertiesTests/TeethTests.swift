import CountMeProperties
import FirestoreCloud
import PropertyHarness
import Testing

@Suite("The properties catch broken implementations")
struct TeethTests {
  @Test(
    "an off-by-one above 50,000 calories fails P2, shrunk to 50,001 with a one-letter name and no optionals",
    arguments: [1, 2, 0xC0FFEE] as [UInt64])
  func offByOne(seed: UInt64) throws {
    let broken = try mutant("calories-allow-one-more")
    let report = Catalog.run(broken, properties: ["P2"], settings: RunSettings(seed: seed))
    let failure = try #require(report.properties[0].failure, "seed \(seed): P2 passed")
    let shrunk = failure.counterexample
    #expect(shrunk["calories"] == .double(50_001), "seed \(seed): \(shrunk.text())")
    #expect(shrunk["name"] == .string("a"))
    for field in ["servingSize", "servingUnit", "protein", "carbohydrates", "fats"] {
      #expect(shrunk[field] == .null, "\(field)")
    }
    #expect(failure.tags == ["FoodItem.invalid.calories.aboveMax"])
    #expect(failure.observed == "accepted")
    let replay = try Catalog.replay(failure.token, on: broken)
    let replayed = try #require(replay)
    #expect(replayed.failure?.counterexample == shrunk)
    #expect(try Catalog.replay(failure.token)?.passed == true, "the reference passes the same case")
  }

  @Test("rejecting exactly 50,000 calories fails P1, shrunk to 50,000")
  func boundaryRejected() throws {
    let report = Catalog.run(
      try mutant("calories-max-exclusive"), properties: ["P1"], settings: RunSettings(seed: 3, cases: 2_000))
    let failure = try #require(report.properties[0].failure)
    #expect(failure.counterexample["calories"] == .double(50_000))
  }

  @Test("a decoder that drops protein fails P12, naming the field")
  func dropsProtein() throws {
    let report = Catalog.run(
      try mutant("decoder-drops-protein"), properties: ["P12"], settings: RunSettings(seed: 4))
    let failure = try #require(report.properties[0].failure)
    #expect(failure.observed.contains("protein"), "\(failure.observed)")
  }

  @Test("a decoder that skips ingredient quantities fails P11 on an ingredient-level corruption")
  func skipsIngredientQuantity() throws {
    let report = Catalog.run(
      try mutant("decoder-skips-ingredient-quantity"), properties: ["P11"],
      settings: RunSettings(seed: 5, cases: 5_000))
    let failure = try #require(report.properties[0].failure)
    #expect(
      failure.tags.first?.hasPrefix("Document.CustomMeal.corrupt.ingredient.quantity") == true,
      "\(failure.tags)")
  }
}

@Suite("The queue properties catch the design document's queue")
struct QueueTeethTests {
  @Test(
    "no lost update (P16) fails against a queue that removes by entity id on success (the design document's code), and shrinks to a few steps",
    arguments: [1, 2, 3] as [UInt64])
  func removesByEntity(seed: UInt64) throws {
    let report = Catalog.run(
      try mutant("queue-success-removes-by-entity"), properties: ["P16", "P20"],
      settings: RunSettings(seed: seed))
    let lostUpdate = try #require(report.properties[0].failure, "seed \(seed): P16 passed")
    #expect(lostUpdate.observed.contains("from pending to succeeded"), "\(lostUpdate.observed)")
    guard case .array(let steps)? = lostUpdate.counterexample["steps"] else {
      Issue.record("no steps in \(lostUpdate.counterexample.text())")
      return
    }
    #expect(
      steps.count <= 4, "seed \(seed): shrunk to \(steps.count) steps: \(lostUpdate.counterexample.text())")
    #expect(
      report.properties[1].failure != nil, "seed \(seed): convergence (P20) should also see the stale cloud")
    #expect(
      Catalog.run(properties: ["P16"], settings: RunSettings(seed: seed)).passed, "the reference queue passes"
    )
  }
}
