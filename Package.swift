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
    .library(name: "CountMeContract", targets: ["CountMeContract"]),
    .library(name: "JSONValues", targets: ["JSONValues"]),
    .library(name: "Generators", targets: ["Generators"]),
    .library(name: "CountMeGenerators", targets: ["CountMeGenerators"]),
    .library(name: "CloudFake", targets: ["CloudFake"]),
    .library(name: "FirestoreCloud", targets: ["FirestoreCloud"]),
    .library(name: "PropertyHarness", targets: ["PropertyHarness"]),
    .library(name: "CountMeWorlds", targets: ["CountMeWorlds"]),
    .library(name: "CountMeProperties", targets: ["CountMeProperties"]),
    .library(name: "Mutants", targets: ["Mutants"]),
    .executable(name: "countme-fuzz", targets: ["countme-fuzz"]),
  ],
  targets: [
    .target(name: "CountMeCore"),
    // What an implementation is judged through: one protocol per layer, the arguments types and
    // the reference system.
    .target(name: "CountMeContract", dependencies: ["CountMeCore"]),
    // JSON values, read and written exactly: what the engine's reports and Firestore's REST API
    // speak. It knows nothing of either.
    .target(name: "JSONValues"),
    // The generic engine: choices, generators and shrinking; it knows nothing of CountMe.
    .target(name: "Generators", path: "Generators/Generic"),
    // CountMe's inputs: models, documents and scenarios drawn from the generic choices.
    .target(
      name: "CountMeGenerators",
      dependencies: ["Generators", "FirestoreCloud", "JSONValues", "CountMeContract", "CountMeCore"],
      path: "Generators/CountMe"),
    .target(name: "CloudFake", dependencies: ["CountMeCore"]),
    .target(name: "PropertyHarness", dependencies: ["Generators", "JSONValues"]),
    // The real Firestore behind CountMeCore's CloudStore: its REST API and the emulator's lifecycle.
    .target(name: "FirestoreCloud", dependencies: ["CountMeCore", "JSONValues"]),
    // The worlds: simulators, devices, phones, clouds and the system's layers, driven and recorded;
    // they judge nothing.
    .target(
      name: "CountMeWorlds",
      dependencies: [
        "PropertyHarness", "Generators", "CountMeGenerators", "CloudFake", "FirestoreCloud",
        "CountMeContract", "CountMeCore",
      ]),
    // The catalog: the properties, their oracles, encodings, corpus and fidelity, on the worlds.
    .target(
      name: "CountMeProperties",
      dependencies: [
        "CountMeWorlds",
        "PropertyHarness", "Generators", "CountMeGenerators", "CloudFake", "FirestoreCloud",
        "CountMeContract", "CountMeCore",
      ]),
    .target(
      name: "CountMeHarness",
      dependencies: [
        "CountMeProperties", "PropertyHarness", "Generators", "CountMeGenerators", "CountMeContract",
        "CountMeCore",
      ]),
    // Each mutant is CountMeCore with one bug, built on the contract alone.
    .target(name: "Mutants", dependencies: ["CountMeContract", "PropertyHarness", "CountMeCore"]),
    // The kill matrix: the catalog's properties against the mutants.
    .target(
      name: "MutationTesting",
      dependencies: [
        "CountMeProperties", "Mutants", "PropertyHarness", "Generators", "CountMeGenerators",
        "CountMeContract",
      ]),
    .target(
      name: "FuzzCommand",
      dependencies: [
        "CountMeWorlds", "CountMeProperties", "MutationTesting", "Mutants", "PropertyHarness", "Generators",
        "CountMeGenerators", "FirestoreCloud",
        "CountMeContract", "CountMeCore",
      ]),
    .executableTarget(
      name: "countme-fuzz", dependencies: ["FuzzCommand", "CountMeProperties", "PropertyHarness"]),
    .testTarget(name: "CountMeCoreTests", dependencies: ["CountMeCore"]),
    .testTarget(name: "GeneratorsTests", dependencies: ["Generators"]),
    .testTarget(
      name: "CountMeGeneratorsTests",
      dependencies: [
        "FirestoreCloud", "CountMeGenerators", "Generators", "CountMeContract", "CountMeCore",
      ]),
    .testTarget(
      name: "PropertyHarnessTests", dependencies: ["PropertyHarness", "Generators"]),
    .testTarget(
      name: "CountMePropertiesTests",
      dependencies: [
        "CountMeWorlds", "CountMeProperties", "Mutants", "PropertyHarness", "Generators",
        "CountMeGenerators", "CloudFake",
        "FirestoreCloud", "CountMeContract", "CountMeCore",
      ]),
    .testTarget(
      name: "FuzzCommandTests",
      dependencies: [
        "FirestoreCloud", "CountMeWorlds", "FuzzCommand", "CountMeProperties", "Mutants", "PropertyHarness",
        "Generators",
        "CountMeGenerators",
        "CountMeContract",
        "CountMeCore",
      ]),
    .testTarget(name: "CloudFakeTests", dependencies: ["CloudFake", "CountMeCore"]),
    .testTarget(
      name: "CountMeWorldsTests",
      dependencies: [
        "CountMeWorlds", "PropertyHarness", "Generators", "CountMeGenerators", "CloudFake", "FirestoreCloud",
        "CountMeContract", "CountMeCore",
      ]),
    .testTarget(
      name: "FirestoreCloudTests",
      dependencies: [
        "FirestoreCloud", "PropertyHarness", "Generators", "CountMeGenerators", "CountMeCore",
      ]),
    .testTarget(
      name: "MutantsTests",
      dependencies: [
        "MutationTesting", "Mutants", "CountMeProperties", "PropertyHarness", "Generators",
        "CountMeGenerators", "CountMeContract",
      ]),
  ],
  swiftLanguageModes: [.v6]
)
