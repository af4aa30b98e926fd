import Testing

@testable import FuzzCommand

@Suite("check's progress line")
struct CheckProgressTests {
  @Test("nothing in the first 2 s, then at most a line every 2 s, counting every property")
  func throttled() {
    var progress = CheckProgress(total: 4)
    #expect(progress.finished(cases: 1_000, at: 0.5) == nil)
    #expect(
      progress.finished(cases: 1_000, at: 2.5)
        == "progress: 2 of 4 properties, 2000 cases, 800 cases/s, 2.5 s")
    #expect(progress.finished(cases: 500, at: 4.0) == nil)
    #expect(
      progress.finished(cases: 500, at: 4.5) == "progress: 4 of 4 properties, 3000 cases, 666 cases/s, 4.5 s")
  }
}
