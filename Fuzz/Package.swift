// swift-tools-version:6.0
import PackageDescription

// The libFuzzer build of the harness's fuzz targets: a package of its own, so the main package's
// `swift build` and `swift test` never need libFuzzer's `main`. It depends on the harness by path.
// Build it with `Fuzz/build.sh` (the flags libFuzzer needs are there), never with a plain
// `swift build`: without `-sanitize=fuzzer` the binary has no `main` and does not link.
let package = Package(
  name: "CountMeFuzz",
  dependencies: [.package(name: "CountMeHarness", path: "..")],
  targets: [
    // One binary for every target: it runs the target its name ends with (`build.sh` copies it to
    // `countme-fuzz-documents`, `countme-fuzz-rfc3339`, ...), or `COUNTME_FUZZ_TARGET`.
    .executableTarget(
      name: "countme-fuzz-target",
      dependencies: [.product(name: "CountMeProperties", package: "CountMeHarness")])
  ],
  swiftLanguageModes: [.v6]
)
