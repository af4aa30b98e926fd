// swift-tools-version:6.0
import PackageDescription

// A second app, with none of CountMe's models: a notes app whose `notes` collection is described
// for the harness and whose security rules the harness audits. It depends on the harness by path
// (an app would name its URL and a version) and imports it with one line.
let package = Package(
  name: "NotesApp",
  dependencies: [.package(name: "CountMeHarness", path: "../..")],
  targets: [
    // Stands for the app's own model code, which knows nothing of the harness.
    .target(name: "Notes"),
    // The app's sync of its notes, adopting CountMeCore's store and queue (the harness's reference core).
    .target(
      name: "NotesSync", dependencies: ["Notes", .product(name: "CountMeCore", package: "CountMeHarness")]),
    .testTarget(
      name: "NotesTests",
      dependencies: ["Notes", "NotesSync", .product(name: "CountMeHarness", package: "CountMeHarness")]),
  ],
  swiftLanguageModes: [.v6]
)
