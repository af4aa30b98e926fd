import CountMeProperties
import Foundation

enum ListCommand {
  static func run(_ arguments: [String], console: Console) throws -> Int32 {
    if Help.requested(arguments, command: "list", console: console) { return 0 }
    let options = try Options.parse(arguments, command: "list", valued: ["--policy"], flags: [])
    let listed = try CheckCommand.underPolicy(options.value("--policy"), command: "list", Catalog.ids)
    let width = max(4, (Catalog.ids.map(\.description.count).max() ?? 0) + 1)
    for property in Catalog.all where listed.contains(property.id) {
      let label = property.id.description.padding(toLength: width, withPad: " ", startingAt: 0)
      // NB: a property says its policy when it is not countme's, the default; a known finding of
      // its policy says so too.
      let policy =
        property.policy == .countme
        ? ""
        : "; \(property.policy.name) policy" + (property.knownFinding == nil ? "" : ", a known finding")
      // A self-check of the harness runs only when named, which the list says.
      let named =
        property.judgesTheHarness ? "; the harness's self-check, run when named" : ""
      console.out(
        "\(label) \(property.name) (validates \(property.validates.joined(separator: ", "))\(policy)\(named))"
      )
    }
    return 0
  }
}
