/// A usage error: one line for stderr, and exit status 2.
struct UsageError: Error, Equatable {
  let message: String
  let command: String?

  var line: String {
    "Error: \(message) (see 'countme-fuzz help\(command.map { " " + $0 } ?? "")')"
  }
}

/// The options of one subcommand, parsed before the command runs.
struct Options {
  private(set) var values: [(String, String)] = []
  private(set) var flags: [String] = []
  private(set) var positional: [String] = []

  /// Parses `arguments` against the options a command takes.
  ///
  /// - Parameters:
  ///   - valued: options that take a value (`--cases 100` or `--cases=100`).
  ///   - flags: options that take none.
  ///   - optionalValue: options whose value may be left out (`--save-failures [DIR]`).
  ///   - positionals: whether the command takes arguments that are not options; when it takes
  ///     none, the first one is a usage error ("unexpected argument"), after every option parsed.
  static func parse(
    _ arguments: [String], command: String, valued: [String], flags flagNames: [String],
    optionalValue: [String] = [], positionals: Bool = false
  ) throws -> Options {
    var options = Options()
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      guard argument.hasPrefix("--"), argument != "--" else {
        options.positional.append(argument)
        continue
      }
      var name = argument
      var inline: String?
      if let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inline = String(argument[argument.index(after: equals)...])
      }
      if flagNames.contains(name) {
        guard inline == nil else { throw UsageError(message: "\(name) takes no value", command: command) }
        options.flags.append(name)
      } else if let inline, valued.contains(name) || optionalValue.contains(name) {
        options.values.append((name, inline))
      } else if valued.contains(name) {
        guard index < arguments.count else {
          throw UsageError(message: "\(name) needs a value", command: command)
        }
        options.values.append((name, arguments[index]))
        index += 1
      } else if optionalValue.contains(name) {
        let next = index < arguments.count && !arguments[index].hasPrefix("--") ? arguments[index] : nil
        options.values.append((name, next ?? ""))
        if next != nil { index += 1 }
      } else {
        throw UsageError(message: "unknown option '\(name)' for \(command)", command: command)
      }
    }
    if !positionals, let extra = options.positional.first {
      throw UsageError(message: "unexpected argument '\(extra)'", command: command)
    }
    return options
  }

  func value(_ name: String) -> String? { values.last { $0.0 == name }?.1 }
  func has(_ name: String) -> Bool { flags.contains(name) }

  /// A positive, finite number of seconds, or nil when the option is absent.
  func seconds(_ name: String, command: String) throws -> Double? {
    guard let text = value(name) else { return nil }
    guard let seconds = Double(text), seconds > 0, seconds.isFinite else {
      throw UsageError(message: "\(name) needs a positive number of seconds, not '\(text)'", command: command)
    }
    return seconds
  }

  /// A positive whole number option, or `defaultValue`.
  func count(_ name: String, default defaultValue: Int, command: String) throws -> Int {
    guard let text = value(name) else { return defaultValue }
    guard let number = Int(text), number > 0 else {
      throw UsageError(message: "\(name) needs a positive whole number, not '\(text)'", command: command)
    }
    return number
  }
}
