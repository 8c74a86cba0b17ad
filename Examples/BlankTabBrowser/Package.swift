// swift-tools-version:6.0
import PackageDescription

// The second worked example (#26): a tab model that makes other choices than SPEC.md — it is
// never empty and selects the previous tab after a close, in the style of DuckDuckGo for iOS —
// checked under its policy, with a property of its own. Uses TabGrid by path, as a user's
// package would by URL (name the dependency "TabGrid" whatever the checkout folder is called:
// `.package(name: "TabGrid", path: …)`).
let package = Package(
    name: "BlankTabBrowser",
    dependencies: [.package(name: "TabGrid", path: "../..")],
    targets: [
        .target(name: "BlankTabBrowser", dependencies: [.product(name: "TabGridCore", package: "TabGrid")],
                swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]),
        // tabcheck with this model and its property: `swift run blank-tabcheck --compare blank-tab,reference --policy duckduckgo-ios`.
        .executableTarget(name: "blank-tabcheck", dependencies: ["BlankTabBrowser", .product(name: "TabCheckCLI", package: "TabGrid")]),
        // Imports the app (`@testable`: its own Action and Policy) beside TabGridTesting, which
        // re-exports only TabGridCore's Grid-prefixed names (#38).
        .testTarget(name: "BlankTabBrowserTests", dependencies: ["BlankTabBrowser", .product(name: "TabGridTesting", package: "TabGrid")],
                    swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]),
    ],
    swiftLanguageModes: [.v6]
)
