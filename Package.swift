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
    .executableTarget(name: "tabcheck", dependencies: ["Checker"]),
    .testTarget(name: "PropertyTests", dependencies: ["Checker", "TabModel", "ReferenceModel", "Generators"]),
    .testTarget(name: "FuzzTests", dependencies: ["Checker", "TabModel", "ReferenceModel", "Generators"]),
]
var products: [Product] = [
    .library(name: "TabModel", targets: ["TabModel"]),
    .library(name: "Checker", targets: ["Checker"]),
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
