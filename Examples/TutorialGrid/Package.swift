// swift-tools-version:6.0
import PackageDescription

// The worked example: the tutorial's own view-model, ported as literally as UIKit allows,
// checked against the reference through this repository's package — used by path, as a
// user's package would use it by URL.
let package = Package(
    name: "TutorialGrid",
    dependencies: [.package(name: "TabGrid", path: "../..")],
    targets: [
        .target(name: "TutorialGrid", dependencies: [.product(name: "TabGridCore", package: "TabGrid")]),
        // tabcheck with the tutorial's drivers: `swift run tutorial-tabcheck --compare tutorial,reference`.
        .executableTarget(name: "tutorial-tabcheck", dependencies: ["TutorialGrid", .product(name: "TabCheckCLI", package: "TabGrid")]),
        .testTarget(name: "TutorialGridTests", dependencies: [
            "TutorialGrid", .product(name: "TabGridTesting", package: "TabGrid"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
