import Checker
import ProductionDriver
import Foundation
import Generators
import TabCheckCLI
import TabGridCommands

/// `tabcheck` with planted-bug drivers, for the command-line tests (Tests/CLITests): a
/// campaign that fails is needed to test what happens to a failure (saving, flushing,
/// interrupts, the failure database). It is also the five-line example of a package
/// registering its own drivers with the CLI.

/// Production with the tutorial's F3 bug: closing displayed item i closes tabs[i].
/// `delay` (µs per action) makes shrinking slow enough to interrupt.
struct ClosesTabsIndex: GridDriver {
    var base: TabModelDriver
    var delay: UInt32 = 0

    mutating func apply(_ action: Action) -> StepOutcome {
        if delay > 0 { usleep(delay) }
        let before = base.observe()
        if case .closeDisplayed(let i) = action, i >= 0, i < before.tabIDs.count, i < before.displayed.count {
            var out = base.apply(.closeID(before.tabIDs[i]))
            out.update = .batch(deletes: [i], inserts: [], moves: [])
            return out
        }
        return base.apply(action)
    }
    func observe() -> Observation { base.observe() }
    func roundTrip() -> Result<Observation, RoundTripError>? { base.roundTrip() }
}

/// Production whose `setQuery` takes `seconds` (a step that runs long: a huge replay, a slow
/// model): what the CLI tests use to see Ctrl-C and the failure database's budget end a run
/// whose current step has not (#54).
struct SlowQuery: GridDriver {
    var base: TabModelDriver
    let seconds: Int
    mutating func apply(_ action: Action) -> StepOutcome {
        if case .setQuery = action { for _ in 0..<(seconds * 10) { usleep(100_000) } }
        return base.apply(action)
    }
    func observe() -> Observation { base.observe() }
    func roundTrip() -> Result<Observation, RoundTripError>? { base.roundTrip() }
}

/// A property of this package's own (#26.3): at most five tabs are ever open. Production
/// breaks it as soon as a campaign opens a sixth tab: what the CLI tests use to see a custom
/// property selected, reported and replayed. Registered only with TABCHECK_PLANTED_CUSTOM=1,
/// so the other CLI tests' campaigns are judged by the built-in properties alone.
struct AtMostFiveTabs: GridStepProperty {
    static let name = Property("atMostFiveTabs")
    var rules: [String] { ["F2"] }
    var needs: Set<Capability> { [] }
    func check(_ step: GridStepFacts, _ pre: Observation, _ post: Observation) -> Violation? {
        post.tabIDs.count <= 5 ? nil : Violation(Self.name, "F2", "\(post.tabIDs.count) tabs are open; this package allows five")
    }
}

/// Production that reads one past the end when the last of three or more displayed tabs is
/// closed: a real trap ("Index out of range"), for #23.1 — tabcheck must survive it.
struct TrapsOnLastClose: GridDriver {
    var base: TabModelDriver
    mutating func apply(_ action: Action) -> StepOutcome {
        let shown = base.observe().displayed
        if case .closeDisplayed(let i) = action, shown.count >= 3, i == shown.count - 1 {
            _ = shown[i + 1]
        }
        return base.apply(action)
    }
    func observe() -> Observation { base.observe() }
    func roundTrip() -> Result<Observation, RoundTripError>? { base.roundTrip() }
}

/// The reference, with an arithmetic overflow when a move's source and destination are
/// the same index above 1: a trap in the oracle. The sum is kept, so optimised code keeps
/// the overflow check too (a discarded sum is dropped with its trap in a release build).
struct TrapsOnStayingMove: GridDriver {
    var base: ReferenceDriver
    var moved = 0
    mutating func apply(_ action: Action) -> StepOutcome {
        if case .move(let f, let t) = action, f == t, f > 1 { moved = Int.max - moved + f }
        return base.apply(action)
    }
    func observe() -> Observation { base.observe() }
    func roundTrip() -> Result<Observation, RoundTripError>? { base.roundTrip() }
}

/// A property of the checker's own path that force-unwraps an active tab that is not
/// there after a Close All: a trap in the checker, registered with TABCHECK_PLANTED_CUSTOM=trap.
struct TrapsAfterCloseAll: GridStepProperty {
    static let name = Property("trapsAfterCloseAll")
    var rules: [String] { ["F5"] }
    var needs: Set<Capability> { [] }
    func check(_ step: GridStepFacts, _ pre: Observation, _ post: Observation) -> Violation? {
        if case .closeAll = step.action, pre.tabIDs.count >= 2 { _ = post.active!.count }
        return nil
    }
}

let customProperties: [any GridStepProperty] = switch ProcessInfo.processInfo.environment["TABCHECK_PLANTED_CUSTOM"] {
case "1": [AtMostFiveTabs()]
case "trap": [TrapsAfterCloseAll()]
default: []
}

RepositoryTabCheck.main(drivers: [
    // Production's capabilities (both views), so a seed input `tabcheck corpus` wrote for
    // production's choice stream means the same actions to it (`--bytes`).
    DriverFactory(name: "planted-f3", summary: "production with the tutorial's F3 bug (closes tabs[i])", capabilities: TabModelDriver.capabilities) {
        ClosesTabsIndex(base: TabModelDriver(viewport: $0))
    },
    DriverFactory(name: "planted-f3-slow", summary: "the same, 5 ms per action (shrinking takes seconds)", capabilities: TabModelDriver.capabilities) {
        ClosesTabsIndex(base: TabModelDriver(viewport: $0), delay: 5_000)
    },
    DriverFactory(name: "slow-query", summary: "production whose setQuery takes 30 s", capabilities: TabModelDriver.capabilities) {
        SlowQuery(base: TabModelDriver(viewport: $0), seconds: 30)
    },
    DriverFactory(name: "slow-query-1s", summary: "production whose setQuery takes 1 s", capabilities: TabModelDriver.capabilities) {
        SlowQuery(base: TabModelDriver(viewport: $0), seconds: 1)
    },
    DriverFactory(name: "planted-trap", summary: "production that traps (index out of range) closing the last of 3+ displayed tabs") {
        TrapsOnLastClose(base: TabModelDriver(viewport: $0))
    },
    DriverFactory(name: "trapping-oracle", summary: "the reference, trapping (overflow) on a move to the same index above 1") {
        TrapsOnStayingMove(base: ReferenceDriver(viewport: $0))
    },
    planted("planted-reorder", "production that accepts a move and does not move (F9)", .ignoresMoves),
    planted("planted-layout", "production that reads every viewport rotated (L1)", .rotatedViewport),
    planted("planted-swipe", "production where a net rightward drag with a fast leftward release deletes (G4)", .rightwardSwipeDeletes),
    planted("planted-session", "production whose restored session loses its last tab (P2)", .roundTripDropsLastTab),
    planted("planted-partial", "a driver with Close All and nothing else, whose Close All keeps the last tab (F5)", .closeAllKeepsLast,
            capabilities: [.closeAll]),
    planted("planted-reopen", "production whose reopen puts nothing back (U2)", .reopenForgets),
    planted("planted-filter", "production that keeps the shorter query's tabs when typing on (F1)", .staleFilter),
    planted("planted-tiny", "production that lays out one column too narrow for 44 pt (L5)", .tinyColumn),
    planted("planted-l7", "production whose layout counts every open tab, not the displayed ones (L7)", .layoutForAllTabs),
    planted("planted-restore", "production that closes every tab when it rejects a restore (P3)", .badRestoreClears),
    planted("planted-start", "production that starts with one tab open", .startsWithATab),
    planted("planted-partial-filter", "a driver with the filter and nothing else, keeping the shorter query's tabs (F1)", .staleFilter,
            capabilities: [.filter]),
], properties: customProperties)
