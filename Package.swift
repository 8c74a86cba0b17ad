// swift-tools-version:6.0
import PackageDescription
import Foundation

// The libFuzzer targets have no `main` of their own; they are only part of the
// package when TABGRID_FUZZ=1 (see scripts/fuzz.sh), so `swift build` and
// `swift test` never try to link them.
let fuzzing = ProcessInfo.processInfo.environment["TABGRID_FUZZ"] == "1"

var targets: [Target] = [
    .target(name: "TabModel"),
    .target(name: "ReferenceModel"),
    .target(name: "Generators"),
    .target(name: "Checker", dependencies: ["TabModel", "ReferenceModel", "Generators"]),
    .target(name: "TabCheckCLI", dependencies: ["Checker"]),
    // The Swift Testing API for checking your own view-model (GridCheck.expectAgreement).
    .target(name: "TabGridTesting", dependencies: ["Checker"]),
    .executableTarget(name: "tabcheck", dependencies: ["TabCheckCLI"]),
    // `tabcheck` plus planted-bug drivers: the command-line tests need campaigns that fail.
    .executableTarget(name: "tabcheck-planted", dependencies: ["TabCheckCLI"], path: "Tests/PlantedTabcheck"),
    .testTarget(name: "CLITests", dependencies: ["Checker", "TabModel", "tabcheck", "tabcheck-planted"]),
    .testTarget(name: "PropertyTests", dependencies: ["Checker", "TabModel", "ReferenceModel", "Generators", "TabGridTesting"]),
    .testTarget(name: "FuzzTests", dependencies: ["Checker", "TabModel", "ReferenceModel", "Generators"]),
]
var products: [Product] = [
    .library(name: "TabModel", targets: ["TabModel"]),
    .library(name: "Checker", targets: ["Checker"]),
    .library(name: "TabCheckCLI", targets: ["TabCheckCLI"]),
    .library(name: "TabGridTesting", targets: ["TabGridTesting"]),
    .executable(name: "tabcheck", targets: ["tabcheck"]),
]
if fuzzing {
    targets.append(.executableTarget(
        name: "TabGridFuzz", dependencies: ["Checker"],
        swiftSettings: [.enableExperimentalFeature("Extern")]))
    products.append(.executable(name: "TabGridFuzz", targets: ["TabGridFuzz"]))
}

let package = Package(
    name: "TabGrid",
    products: products,
    targets: targets,
    swiftLanguageModes: [.v6]
)
