import CountMeProperties
import Foundation

enum ListCommand {
  static func run(_ arguments: [String], console: Console) throws -> Int32 {
    if Help.requested(arguments, command: "list", console: console) { return 0 }
    let options = try Options.parse(arguments, command: "list", valued: [], flags: [])
    if let extra = options.positional.first {
      throw UsageError(message: "unexpected argument '\(extra)'", command: "list")
    }
    for property in Catalog.properties() {
      let label = "P\(property.number)".padding(toLength: 4, withPad: " ", startingAt: 0)
      console.out("\(label) \(property.name) (validates \(property.validates.joined(separator: ", ")))")
    }
    return 0
  }
}
