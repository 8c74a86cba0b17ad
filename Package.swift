// swift-tools-version:6.0
import PackageDescription
import Foundation

// The libFuzzer targets have no `main` of their own; they are only part of the
// package when TABGRID_FUZZ=1 (see scripts/fuzz.sh), so `swift build` and
// `swift test` never try to link them.
let fuzzing = ProcessInfo.processInfo.environment["TABGRID_FUZZ"] == "1"

// The engine (Checker) knows drivers, never a model: this repository's production model
// reaches it through ProductionDriver, which only the command line, the benchmarks and
// this package's tests link. A package checking its own view-model imports
// TabGridTesting (or Checker) and builds neither TabModel nor ProductionDriver.
var targets: [Target] = [
    .target(name: "TabModel"),
    .target(name: "ReferenceModel"),
    .target(name: "Generators"),
    .target(name: "Checker", dependencies: ["ReferenceModel", "Generators"]),
    .target(name: "ProductionDriver", dependencies: ["Checker", "TabModel", "ReferenceModel", "Generators"]),
    .target(name: "TabCheckCLI", dependencies: ["Checker", "ProductionDriver", "Generators", "TabModel"]),
    // The Swift Testing API for checking your own view-model (GridCheck.expectAgreement).
    .target(name: "TabGridTesting", dependencies: ["Checker", "Generators"]),
    .executableTarget(name: "tabcheck", dependencies: ["TabCheckCLI"]),
    // The measurements behind docs/benchmarks.md (scripts/bench.sh runs them).
    .executableTarget(name: "tabcheck-bench", dependencies: ["TabCheckCLI", "Checker", "ProductionDriver", "Generators", "TabModel"]),
    // `tabcheck` plus planted-bug drivers: the command-line tests need campaigns that fail.
    .executableTarget(name: "tabcheck-planted", dependencies: ["TabCheckCLI", "Checker", "ProductionDriver", "Generators"],
                      path: "Tests/PlantedTabcheck"),
    .testTarget(name: "CLITests", dependencies: ["Checker", "tabcheck", "tabcheck-planted", "tabcheck-bench"]),
    .testTarget(name: "PropertyTests", dependencies: ["Checker", "ProductionDriver", "TabModel", "ReferenceModel", "Generators", "TabGridTesting"]),
    .testTarget(name: "FuzzTests", dependencies: ["Checker", "ProductionDriver", "TabModel", "Generators"]),
]
var products: [Product] = [
    .library(name: "TabModel", targets: ["TabModel"]),
    .library(name: "Checker", targets: ["Checker"]),
    .library(name: "ProductionDriver", targets: ["ProductionDriver"]),
    .library(name: "TabCheckCLI", targets: ["TabCheckCLI"]),
    .library(name: "TabGridTesting", targets: ["TabGridTesting"]),
    .executable(name: "tabcheck", targets: ["tabcheck"]),
]
if fuzzing {
    targets.append(.executableTarget(
        name: "TabGridFuzz", dependencies: ["Checker", "ProductionDriver", "TabModel", "Generators"],
        swiftSettings: [.enableExperimentalFeature("Extern")]))
    products.append(.executable(name: "TabGridFuzz", targets: ["TabGridFuzz"]))
}

let package = Package(
    name: "TabGrid",
    products: products,
    targets: targets,
    swiftLanguageModes: [.v6]
)
