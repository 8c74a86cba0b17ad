// swift-tools-version:6.0
import PackageDescription

// The third worked example (#53): a view-model as an iOS team writes it in 2026 — `@MainActor`,
// `@Observable`, its session saved through an `actor` store with async save and load, a
// throttle and a flush on going to the background — checked on the main actor with its jobs
// scheduled by the checker. Swift 6 language mode, no `@preconcurrency`, no `assumeIsolated`.
let package = Package(
    name: "AsyncTabs",
    dependencies: [.package(name: "TabGrid", path: "../..")],
    targets: [
        .target(name: "AsyncTabs", dependencies: [.product(name: "TabGridCore", package: "TabGrid")],
                swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]),
        // tabcheck with this model: `swift run async-tabcheck --jobs 2`.
        .executableTarget(name: "async-tabcheck", dependencies: ["AsyncTabs", .product(name: "TabCheckCLI", package: "TabGrid")]),
        .testTarget(name: "AsyncTabsTests", dependencies: ["AsyncTabs", .product(name: "TabGridTesting", package: "TabGrid")],
                    swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]),
    ],
    swiftLanguageModes: [.v6]
)
