import CountMeContract
import CountMeProperties
import Generators

enum SampleCommand {
  static func run(_ arguments: [String], console: Console) throws -> Int32 {
    if Help.requested(arguments, command: "sample", console: console) { return 0 }
    let options = try Options.parse(
      arguments, command: "sample", valued: ["--seed", "--count"], flags: ["--list"], positionals: true)
    if options.has("--list") {
      Samples.all.forEach { console.out($0.name) }
      return 0
    }
    guard options.positional.count == 1, let name = options.positional.first else {
      throw UsageError(
        message: "sample takes one generator name; 'countme-fuzz sample --list' names them", command: "sample"
      )
    }
    guard Samples.generator(named: name) != nil else {
      throw UsageError(
        message: "unknown generator '\(name)'; 'countme-fuzz sample --list' names them", command: "sample")
    }
    let seed = try FuzzCommand.seed(options, command: "sample")
    let count = try options.count("--count", default: 5, command: "sample")
    for index in 0..<count {
      guard let sample = Samples.sample(name, seed: seed, index: index) else { continue }
      console.out(Samples.line(name, sample))
    }
    return 0
  }
}
