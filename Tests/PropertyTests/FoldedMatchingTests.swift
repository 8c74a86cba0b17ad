import Checker
import Foundation
import Generators
import Testing

/// F1 under the folding policies (decisions.md, Policies): matched by our own folding,
/// Character-wise. Foundation's `range(of:options:)` with `.caseInsensitive` trapped on
/// generated titles here ("String index is out of bounds", the whole test process gone, in
/// PolicyTests.judgedUnderSpecInsteadItFails), so the folds are ours and are held to their
/// meaning and to never trapping on the generators' whole classes of text.
@Suite struct FoldedMatchingTests {
    @Test func eachFoldMeansWhatPoliciesMdSays() {
        let plain = Policy.spec, cased = Policy(filterMatching: .caseInsensitive), both = Policy(filterMatching: .caseAndDiacriticInsensitive)
        #expect(cased.matches(title: "Straße", query: "STRASSE") && both.matches(title: "Straße", query: "strasse"))
        #expect(!plain.matches(title: "Straße", query: "strasse"))
        #expect(cased.matches(title: "ﬁle", query: "FI") && !plain.matches(title: "ﬁle", query: "fi"))
        #expect(both.matches(title: "Café", query: "cafe") && !cased.matches(title: "Café", query: "cafe"))
        #expect(both.matches(title: "Cafe\u{301}", query: "CAFE") && cased.matches(title: "Cafe\u{301}", query: "CAFÉ"))
        // Character-wise still: a query never matches half of a grapheme cluster.
        #expect(!cased.matches(title: "👩‍👩‍👧", query: "👩"))
    }

    @Test func noTitleOrQueryTheGeneratorsDrawTraps() {
        var c = Choices(seed: 38)
        var titles: [String] = ["a"]
        for _ in 0..<5_000 {
            let title = Values.title.run(&c)
            let query = Values.query(titles: titles, current: titles.last ?? "").run(&c)
            titles.append(title)
            for mode in Policy.FilterMatching.allCases {
                _ = Policy(filterMatching: mode).matches(title: title, query: query)
                _ = Policy(filterMatching: mode).matches(title: query, query: title)
            }
        }
        #expect(titles.count == 5_001)
    }
}

extension FoldedMatchingTests {
    @Test func probeFoundation() {
        var c = Choices(seed: 55)
        var titles: [String] = ["a"]
        var differ: [String] = []
        for _ in 0..<60_000 {
            let title = Values.title.run(&c)
            let query = Values.query(titles: titles, current: titles.last ?? "").run(&c)
            titles.append(title)
            guard !query.isEmpty else { continue }
            _ = query.localizedStandardContains(title); _ = title.localizedStandardContains(query); _ = query.localizedCaseInsensitiveContains(title)
            _ = title.range(of: query, options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive]); _ = title.range(of: query, options: [.caseInsensitive], locale: Locale(identifier: "en_US_POSIX"))
            let ours = Policy(filterMatching: .caseInsensitive).matches(title: title, query: query)
            let theirs = title.localizedCaseInsensitiveContains(query)
            if ours != theirs { differ.append("\(title.unicodeScalars.map { String($0.value, radix: 16) }) / \(query.unicodeScalars.map { String($0.value, radix: 16) }): ours \(ours)") }
        }
        print("DIFFER \(differ.count)"); for d in differ.prefix(30) { print("DIFF", d) }
    }
}
