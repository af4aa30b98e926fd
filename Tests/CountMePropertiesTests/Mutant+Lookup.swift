import CountMeContract
import CountMeProperties
import Mutants
import Testing

/// The implementation of the mutant called `name` (see `countme-fuzz mutants --list`).
func mutant(_ name: String) throws -> any SystemUnderTest {
  try #require(MutantCatalog.named(name), "no mutant \(name)").system
}
