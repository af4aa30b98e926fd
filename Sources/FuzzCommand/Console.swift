/// Where the command writes: standard output and standard error, one line per call.
public struct Console: Sendable {
  public let out: @Sendable (String) -> Void
  public let err: @Sendable (String) -> Void
  /// The next line of standard input, or nil at its end.
  public let readLine: @Sendable () -> String?

  public init(
    out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void,
    readLine: @escaping @Sendable () -> String? = { nil }
  ) {
    self.out = out
    self.err = err
    self.readLine = readLine
  }
}
