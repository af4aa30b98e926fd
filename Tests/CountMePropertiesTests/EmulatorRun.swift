import PropertyHarness
import Testing

/// `property`'s report as the emulator's tests run it: seed C0FFEE, `cases` cases, four at once
/// (the emulator answers several requests at a time, and each case waits on HTTP).
func emulatorReport<Input>(_ property: Property<Input>, cases: Int) throws -> PropertyReport {
  var settings = RunSettings(seed: 0xC0FFEE, cases: cases)
  settings.jobs = 4
  return try #require(Runner.run([AnyProperty(property)], settings: settings).properties.first)
}
