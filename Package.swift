// swift-tools-version:6.0
import PackageDescription

// No package dependencies, by the user's request: Foundation, XCTest and
// Swift Testing from the toolchain are all this package uses.
let package = Package(
  name: "CountMeHarness",
  products: [
    .library(name: "CountMeCore", targets: ["CountMeCore"]),
    .library(name: "Generators", targets: ["Generators"]),
  ],
  targets: [
    .target(name: "CountMeCore"),
    .target(name: "Generators", dependencies: ["CountMeCore"], path: "Generators"),
    .testTarget(name: "CountMeCoreTests", dependencies: ["CountMeCore"]),
    .testTarget(name: "GeneratorsTests", dependencies: ["Generators", "CountMeCore"]),
  ],
  swiftLanguageModes: [.v6]
)
