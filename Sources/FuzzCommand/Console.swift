/// Where the command writes: standard output and standard error, one line per call.
package struct Console: Sendable {
  /// Writes a line to standard output.
  package let out: @Sendable (String) -> Void
  /// Writes a line to standard error.
  package let err: @Sendable (String) -> Void
  /// The next line of standard input, or nil at its end.
  package let readLine: @Sendable () -> String?
  /// Whether standard error is a terminal (a person watching): `check` then shows its progress.
  package let errIsTerminal: Bool

  /// Creates a `Console` from its parts.
  package init(
    out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void,
    readLine: @escaping @Sendable () -> String? = { nil }, errIsTerminal: Bool = false
  ) {
    self.out = out
    self.err = err
    self.readLine = readLine
    self.errIsTerminal = errIsTerminal
  }
}
