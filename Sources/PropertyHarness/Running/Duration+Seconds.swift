extension Duration {
  /// The duration in seconds, as reports and rates print it.
  public var inSeconds: Double {
    Double(components.seconds) + Double(components.attoseconds) / 1e18
  }
}
