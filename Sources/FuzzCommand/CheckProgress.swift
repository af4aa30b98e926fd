import Foundation

/// The progress line `check` prints on standard error during a long run.
///
/// The progress line `check` prints on standard error during a run with more than a few seconds
/// of work: properties done of those selected, cases, cases a second, seconds so far.
///
/// At most one line every `interval` seconds, the first once `interval` seconds have passed; the times are
/// the command's own clock, handed in, so the rule is a pure function of them.
struct CheckProgress {
  /// The properties selected.
  let total: Int
  /// Seconds between two lines, and before the first.
  var interval = 2.0
  private(set) var properties = 0
  private(set) var cases = 0
  private var printedAt: Double?

  init(total: Int) { self.total = total }

  /// Counts a property that ran `cases` cases and finished `seconds` into the run; the line to
  /// print now, or nil.
  mutating func finished(cases: Int, at seconds: Double) -> String? {
    properties += 1
    self.cases += cases
    guard seconds >= interval, printedAt.map({ seconds - $0 >= interval }) ?? true else { return nil }
    printedAt = seconds
    let rate = seconds > 0 ? Int(Double(self.cases) / seconds) : 0
    return "progress: \(properties) of \(total) properties, \(self.cases) cases, \(rate) cases/s, "
      + String(format: "%.1f s", seconds)
  }
}
