// swift-tools-version:6.0
import PackageDescription

// An app's own package, checked by CountMe Harness: it depends on the harness by path (an app would
// name its URL and a version) and imports it with one line.
let package = Package(
  name: "AppAdapter",
  dependencies: [.package(name: "CountMeHarness", path: "../..")],
  targets: [
    // Stands for the app's own model code, which knows nothing of the harness.
    .target(name: "AppModels"),
    .testTarget(
      name: "AppModelsTests",
      dependencies: ["AppModels", .product(name: "CountMeHarness", package: "CountMeHarness")]),
  ],
  swiftLanguageModes: [.v6]
)
