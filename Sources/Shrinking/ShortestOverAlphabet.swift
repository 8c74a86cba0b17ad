import Generators

/// Every sequence shorter than a short failure, over the actions drawn from it, searched
/// breadth first: the first that fails the same way replaces it, whatever its kinds.
///
/// The other passes change a sequence one kind of edit at a time, so they stop where the
/// shortest failure needs other kinds of steps than the one found: one query where two
/// closes hid the tabs, a restore where a reorder built the state (#55's held-out bugs ended
/// a step or three above the minimum so). `tabcheck minimal --from` proved those minimums by
/// exhaustive search over the failure's alphabet; this pass runs that search inside the
/// shrink, so a short failure ends at the shortest over its alphabet when the search fits.
///
/// At a local minimum only, last, for failures of `2...maxLength` steps. The search counts its
/// candidates in the shrink's budget and starts no length it cannot finish within `cap`
/// (`ExhaustiveSearch`'s `maxSequences`): a length not searched is not claimed.
package struct ShortestOverAlphabet: ShrinkPass {
    package let name = "shortest over its alphabet"
    package let schedule = ShrinkSchedule.atLocalMinimum
    /// The longest failure searched below. Searching below a 4-step failure takes 3,000–6,000
    /// candidates (0.1–0.2 s in release, the planted bugs of PlantedBugs.swift); below 5, the
    /// lengths up to 3 fit and 4 when its states are few (the catalogue's proofs of 5 took up
    /// to a minute).
    package static let maxLength = 5
    /// Candidates one search may run (and never past the shrink's budget).
    static let cap = 20_000
    /// The most tabs a searched failure may hold. A candidate on a large grid costs ~5 ms
    /// (mutant 37's restores of 129–320 tabs): its search took a shrink from 2 s to 31 s and
    /// found nothing shorter, so a large grid keeps the passes made for it.
    static let maxTabs = 64

    /// The most tabs `actions` can hold: its new tabs, plus its largest restored session.
    static func tabs(_ actions: [Action]) -> Int {
        var made = 0, restored = 0
        for a in actions {
            if a == .newTab || a == .newBackgroundTab { made += 1 }
            if case .restoreData(let text) = a { restored = max(restored, SessionText.tabCount(text) ?? 0) }
        }
        return made + restored
    }

    package init() {}

    package func run(_ state: ShrinkState) -> Bool {
        guard (2...Self.maxLength).contains(state.best.count), Self.tabs(state.best) <= Self.maxTabs else { return false }
        return state.searchShorter(cap: Self.cap)
    }
}

/// Searches every sequence shorter than `failing` over the actions drawn from it, running at
/// most `budget` candidates and none after `deadline` (the shrinker's clock): the first that
/// fails the same way, if any, how many candidates it ran, and whether a length was left
/// unsearched because it did not fit in `budget`.
package typealias ShorterSearch = (_ failing: [Action], _ budget: Int, _ deadline: Double) -> (found: [Action]?, ran: Int, cut: Bool)
