// swift-tools-version:6.0
import PackageDescription

// No package dependencies, by the user's request: Foundation, XCTest and
// Swift Testing from the toolchain are all this package uses.
let package = Package(
  name: "CountMeHarness",
  products: [
    // The umbrella: everything an adapter needs, with one import.
    .library(name: "CountMeHarness", targets: ["CountMeHarness"]),
    .library(name: "CountMeCore", targets: ["CountMeCore"]),
    .library(name: "Generators", targets: ["Generators"]),
    .library(name: "CloudFake", targets: ["CloudFake"]),
    .library(name: "PropertyHarness", targets: ["PropertyHarness"]),
    .library(name: "CountMeProperties", targets: ["CountMeProperties"]),
    .library(name: "Mutants", targets: ["Mutants"]),
    .executable(name: "countme-fuzz", targets: ["countme-fuzz"]),
  ],
  targets: [
    .target(name: "CountMeCore"),
    .target(name: "Generators", dependencies: ["CountMeCore"], path: "Generators"),
    .target(name: "CloudFake", dependencies: ["CountMeCore"]),
    .target(name: "PropertyHarness", dependencies: ["Generators"]),
    .target(
      name: "CountMeProperties", dependencies: ["PropertyHarness", "Generators", "CloudFake", "CountMeCore"]),
    .target(
      name: "CountMeHarness",
      dependencies: ["CountMeProperties", "PropertyHarness", "Generators", "CloudFake", "CountMeCore"]),
    .target(name: "Mutants", dependencies: ["CountMeProperties", "Generators", "CountMeCore"]),
    .target(
      name: "FuzzCommand",
      dependencies: ["CountMeProperties", "Mutants", "PropertyHarness", "Generators", "CountMeCore"]),
    .executableTarget(
      name: "countme-fuzz", dependencies: ["FuzzCommand", "CountMeProperties", "PropertyHarness"]),
    .testTarget(name: "CountMeCoreTests", dependencies: ["CountMeCore"]),
    .testTarget(name: "GeneratorsTests", dependencies: ["Generators", "CountMeCore"]),
    .testTarget(
      name: "PropertyHarnessTests", dependencies: ["PropertyHarness", "Generators"]),
    .testTarget(
      name: "CountMePropertiesTests",
      dependencies: [
        "CountMeProperties", "Mutants", "PropertyHarness", "Generators", "CloudFake", "CountMeCore",
      ]),
    .testTarget(
      name: "FuzzCommandTests",
      dependencies: [
        "FuzzCommand", "CountMeProperties", "Mutants", "PropertyHarness", "Generators", "CountMeCore",
      ]),
    .testTarget(name: "CloudFakeTests", dependencies: ["CloudFake", "CountMeCore"]),
    .testTarget(
      name: "MutantsTests", dependencies: ["Mutants", "CountMeProperties", "PropertyHarness", "Generators"]),
  ],
  swiftLanguageModes: [.v6]
)
