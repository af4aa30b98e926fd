/// Where the command writes: standard output and standard error, one line per call.
public struct Console: Sendable {
  public let out: @Sendable (String) -> Void
  public let err: @Sendable (String) -> Void

  public init(out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void) {
    self.out = out
    self.err = err
  }
}
