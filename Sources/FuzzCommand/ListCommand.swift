import CountMeProperties
import Foundation

enum ListCommand {
  static func run(_ arguments: [String], console: Console) throws -> Int32 {
    if Help.requested(arguments, command: "list", console: console) { return 0 }
    // Parsed only to refuse an unknown option or argument: list takes none.
    _ = try Options.parse(arguments, command: "list", valued: [], flags: [])
    let width = max(4, (Catalog.ids.map(\.description.count).max() ?? 0) + 1)
    for property in Catalog.all {
      let label = property.id.description.padding(toLength: width, withPad: " ", startingAt: 0)
      // NB: the W properties hold under seed 004's workout policy, every other under countme's (the
      // default), so only theirs say it; a known finding of its policy says so too.
      let policy =
        property.id.suite == "W"
        ? (property.knownFinding == nil ? "; workout policy" : "; workout policy, a known finding") : ""
      console.out(
        "\(label) \(property.name) (validates \(property.validates.joined(separator: ", "))\(policy))")
    }
    return 0
  }
}
