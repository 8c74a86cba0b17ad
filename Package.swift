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
// Every target imports what it uses (SE-0444): a member from a module no import names is an
// error, not a dependency that happens to be there.
let imports: [SwiftSetting] = [.enableUpcomingFeature("MemberImportVisibility")]

var targets: [Target] = [
    .target(name: "TabModel", swiftSettings: imports),
    // The vocabulary an adopter names (GridAction, GridObservation, GridDriver, GridPolicy …):
    // small, public, and the only module TabGridTesting and TabCheckCLI re-export.
    .target(name: "TabGridCore", swiftSettings: imports),
    .target(name: "ReferenceModel", dependencies: ["TabGridCore"], swiftSettings: imports),
    .target(name: "Generators", dependencies: ["TabGridCore"], swiftSettings: imports),
    // The shrinker: its passes, each a type of its own, over the generators' actions.
    .target(name: "Shrinking", dependencies: ["Generators"], swiftSettings: imports),
    .target(name: "Checker", dependencies: ["ReferenceModel", "Generators", "Shrinking"], swiftSettings: imports),
    .target(name: "ProductionDriver", dependencies: ["Checker", "TabModel", "ReferenceModel", "Generators"], swiftSettings: imports),
    // The generic command line: `TabCheck.main(drivers:)` for an adopter's executable. It links
    // neither TabModel nor ProductionDriver.
    .target(name: "TabCheckCLI", dependencies: ["TabGridCore", "Checker", "Generators"], swiftSettings: imports),
    // This repository's own tabcheck: production as the default driver, and the commands that
    // need the model (layout, durability, corpus).
    .target(name: "TabGridCommands", dependencies: ["TabCheckCLI", "Checker", "ProductionDriver", "Generators", "TabModel"], swiftSettings: imports),
    // The Swift Testing API for checking your own view-model (GridCheck.expectAgreement).
    .target(name: "TabGridTesting", dependencies: ["TabGridCore", "Checker", "Generators"],
            swiftSettings: imports),
    .executableTarget(name: "tabcheck", dependencies: ["TabGridCommands"], swiftSettings: imports),
    // The measurements behind docs/benchmarks.md (scripts/bench.sh runs them).
    .executableTarget(name: "tabcheck-bench", dependencies: ["TabGridCommands", "TabCheckCLI", "Checker", "ProductionDriver", "Generators", "TabModel"], swiftSettings: imports),
    // `tabcheck` plus planted-bug drivers: the command-line tests need campaigns that fail.
    .executableTarget(name: "tabcheck-planted", dependencies: ["TabGridCommands", "TabCheckCLI", "Checker", "ProductionDriver", "Generators"],
                      path: "Tests/PlantedTabcheck", swiftSettings: imports),
    .testTarget(name: "CLITests", dependencies: ["Checker", "tabcheck", "tabcheck-planted", "tabcheck-bench"], swiftSettings: imports),
    .testTarget(name: "PropertyTests", dependencies: ["Checker", "ProductionDriver", "TabModel", "ReferenceModel", "Generators", "Shrinking", "TabGridTesting"], swiftSettings: imports),
    .testTarget(name: "FuzzTests", dependencies: ["Checker", "ProductionDriver", "TabModel", "Generators", "Shrinking"], swiftSettings: imports),
]
var products: [Product] = [
    .library(name: "TabModel", targets: ["TabModel"]),
    .library(name: "TabGridCore", targets: ["TabGridCore"]),
    .library(name: "TabCheckCLI", targets: ["TabCheckCLI"]),
    .library(name: "TabGridTesting", targets: ["TabGridTesting"]),
    .executable(name: "tabcheck", targets: ["tabcheck"]),
]
if fuzzing {
    targets.append(.executableTarget(
        name: "TabGridFuzz", dependencies: ["Checker", "ProductionDriver", "TabModel", "Generators"],
        swiftSettings: imports + [.enableExperimentalFeature("Extern")]))
    products.append(.executable(name: "TabGridFuzz", targets: ["TabGridFuzz"]))
}

let package = Package(
    name: "TabGrid",
    products: products,
    targets: targets,
    swiftLanguageModes: [.v6]
)
