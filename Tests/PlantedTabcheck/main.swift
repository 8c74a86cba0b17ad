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
/// the same index above 1: a trap in the oracle.
struct TrapsOnStayingMove: GridDriver {
    var base: ReferenceDriver
    mutating func apply(_ action: Action) -> StepOutcome {
        if case .move(let f, let t) = action, f == t, f > 1 { _ = Int.max + f }
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

/// One planted bug per kind of failure the report must explain (#27, scripts/report-check.sh):
/// a reorder, a layout, a swipe, a session, and a driver that implements little.
struct PlantedKind: GridDriver {
    enum Bug { case ignoresMoves, rotatedViewport, rightwardSwipeDeletes, roundTripDropsLastTab, closeAllKeepsLast }
    var base: TabModelDriver
    let bug: Bug
    mutating func apply(_ action: Action) -> StepOutcome {
        let shown = base.observe().displayed
        switch (bug, action) {
        case (.ignoresMoves, .move(let f, let t)) where shown.indices.contains(f) && shown.indices.contains(t) && f != t:
            return StepOutcome()
        case (.rotatedViewport, .setViewport(let v)):
            return base.apply(.setViewport(ViewportSpec(width: v.height, height: v.width, safeLeft: v.safeLeft, safeRight: v.safeRight,
                                                        safeTop: v.safeTop, safeBottom: v.safeBottom)))
        case (.rightwardSwipeDeletes, .swipeEnded(let tx, let vx)) where tx > 0 && vx <= -1000:
            return base.apply(.swipeEnded(tx: -tx, vx: vx))
        case (.closeAllKeepsLast, .closeAll) where base.observe().tabIDs.count >= 2:
            let last = base.observe().tabIDs.last!
            var out = StepOutcome()
            for id in base.observe().tabIDs where id != last { out = base.apply(.closeID(id)) }
            return out
        default:
            return base.apply(action)
        }
    }
    func observe() -> Observation { base.observe() }
    func roundTrip() -> Result<Observation, RoundTripError>? {
        guard bug == .roundTripDropsLastTab, case .success(var o)? = base.roundTrip(), o.tabIDs.count >= 2 else { return base.roundTrip() }
        let gone = o.tabIDs.removeLast()
        o.titles.removeLast()
        o.displayed.removeAll { $0 == gone }
        return .success(o)
    }
    func storageProblem() -> String? { base.storageProblem() }
}

func planted(_ name: String, _ summary: String, _ bug: PlantedKind.Bug, capabilities: Set<Capability> = Capability.all) -> DriverFactory {
    DriverFactory(name: name, summary: summary, capabilities: capabilities) { PlantedKind(base: TabModelDriver(viewport: $0), bug: bug) }
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
], properties: customProperties)
