import Generators
import ReferenceModel

/// F1, read from the observation alone: with a non-empty query, displayed is exactly the
/// tabs whose lowercased title contains the lowercased query, Character-wise, in tab
/// order; with an empty one, every tab. Judges a model even with `differential` off.
/// Seen failing on: planted `filterByScalars`; mutants 13, 14, 15.
package struct FilterProperty: StepProperty {
    package static let name = Property("filter")
    package var rules: [String] { ["F1"] }
    package var needs: Set<Capability> { [.filter] }
    var memo = FilterMemo()
    /// Whether `memo` holds the titles of the step before this one (it is not updated while
    /// the query is empty), so an unchanged tab list needs no comparison of titles.
    var memoIsLastStep = false
    package init() {}

    /// Displayed, recomputed from the observed tabs and query with the spec's own words:
    /// the tabs whose title contains the query (lowercased, Character-wise), in tab order.
    /// `memo` only remembers, from one step to the next, each title's lowercased characters
    /// and whether it contained the query, so an unchanged title is not lowered again, nor
    /// searched again while the query stays the same.
    package mutating func check(_ f: StepFacts, _ pre: Observation, _ post: Observation) -> Violation? {
        let p = post
        if p.query.isEmpty {
            memoIsLastStep = false
            guard p.displayed != p.tabIDs else { return nil }
            return filterViolation(p, expected: p.tabIDs)
        }
        let matched = f.policy.filterMatching == .characterWise
            ? memo.matches(p.titles, p.query, unchanged: memoIsLastStep && f.tabsUnchanged)
            : p.titles.map { f.policy.matches(title: $0, query: p.query) }
        memoIsLastStep = true
        var k = 0
        for (i, id) in p.tabIDs.enumerated() where matched[i] {
            guard k < p.displayed.count, p.displayed[k] == id else { break }
            k += 1
        }
        let expectedCount = matched.reduce(0) { $0 + ($1 ? 1 : 0) }
        if k == expectedCount && k == p.displayed.count { return nil }
        return filterViolation(p, expected: zip(p.tabIDs, matched).filter(\.1).map(\.0))
    }

    func filterViolation(_ p: Observation, expected: [String]) -> Violation {
        Violation(Self.name, "F1", "with query \(swiftLiteral(p.query)) the displayed tabs must be \(expected) (titles containing it, Character-wise, in tab order), got \(p.displayed)")
    }

    /// Which titles contain a query, remembered from the last step. A title's lowercased
    /// Characters depend on the title alone, and whether it contains the query on the two
    /// strings alone, so each is reused only for an equal title (and, for the verdict, an
    /// equal query). The walk that lines up this step's titles with the last step's (most
    /// steps add, remove, move or retitle one tab) decides only how much is reused, never
    /// what a verdict is.
    struct FilterMemo {
        private var query: String?
        private var lowered: [KeyedCharacter] = []
        private var titles: [String] = []
        private var loweredTitles: [[KeyedCharacter]] = []
        private var matched: [Bool] = []

        /// `unchanged`: the caller knows `now` equals the titles of the last call.
        mutating func matches(_ now: [String], _ q: String, unchanged: Bool = false) -> [Bool] {
            let sameQuery = q == query
            if sameQuery && (unchanged || now == titles) { return matched }
            if !sameQuery {
                query = q
                lowered = KeyedCharacter.lowered(q)
            }
            var outTitles: [[KeyedCharacter]] = [], out: [Bool] = []
            outTitles.reserveCapacity(now.count)
            out.reserveCapacity(now.count)
            var j = 0
            for title in now {
                // The same title at the same place, or one place later (a tab before it closed).
                let old: Int?
                if j < titles.count && titles[j] == title { old = j; j += 1 }
                else if j + 1 < titles.count && titles[j + 1] == title { old = j + 1; j += 2 }
                else { old = nil }
                let chars = old.map { loweredTitles[$0] } ?? KeyedCharacter.lowered(title)
                outTitles.append(chars)
                if sameQuery, let old { out.append(matched[old]) } else { out.append(FilterProperty.containsCharacters(chars, lowered)) }
            }
            titles = now
            loweredTitles = outTitles
            matched = out
            return out
        }
    }

    /// Whether `needle` occurs in `haystack` as a run of whole Characters.
    static func containsCharacters<C: Equatable>(_ haystack: [C], _ needle: [C]) -> Bool {
        guard needle.count <= haystack.count else { return false }
        if needle.isEmpty { return true }
        for start in 0...(haystack.count - needle.count)
        where haystack[start] == needle[0] && haystack[start..<start + needle.count].elementsEqual(needle) {
            return true
        }
        return false
    }
}

/// A lowercased title's or query's Character with its hash, made once per title (the memo
/// keeps them): Characters whose hashes differ are different (equal ones hash equally), so
/// most comparisons of a search are one integer comparison; equal hashes go on to
/// `Character ==`, so every verdict is that of `==` (canonical equivalence). Without it, each
/// mismatch of two non-ASCII Characters normalised both (benchmarks-analysis.md, #40).
struct KeyedCharacter: Equatable {
    let character: Character
    let hash: Int
    static func == (a: Self, b: Self) -> Bool { a.hash == b.hash && a.character == b.character }
    static func lowered(_ text: String) -> [KeyedCharacter] {
        let lowered = text.lowercased()
        return ASCIIText.characters(of: lowered, from: ascii) ?? lowered.map { KeyedCharacter(character: $0, hash: $0.hashValue) }
    }
    private static let ascii = ASCIIText.table { KeyedCharacter(character: $0, hash: $0.hashValue) }
}
