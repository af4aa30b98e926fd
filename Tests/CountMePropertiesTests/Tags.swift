import Testing

extension Tag {
  /// A property checked over many generated cases at a fixed seed.
  @Tag static var property: Self
}
