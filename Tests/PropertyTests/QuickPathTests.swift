@testable import Checker
import Generators
import Shrinking
@testable import ReferenceModel
import Testing

/// The checker's quick paths (#40: cost that follows the change) against the computation they
/// stand in for, from scratch, on random states: the simulated diffable data source's apply,
/// and the `snapshot` property's title bookkeeping (D3). A quick path that disagrees once is a
/// wrong result the campaign would never show.
@Suite struct QuickPathTests {
    /// Random ids from a small alphabet, so removals, insertions, moves and repeats all happen.
    struct Draw {
        var rng: Xoshiro256StarStar
        mutating func below(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
        mutating func ids(_ pool: [String]) -> [String] { pool.filter { _ in below(3) > 0 } }
        /// Another list from `items`: some removed, a few inserted (new or repeated), maybe moved.
        mutating func next(after items: [String]) -> [String] {
            if below(4) == 0, items.count > 1 { return reordered(items) }
            var out = items.filter { _ in below(4) > 0 }
            for _ in 0..<below(3) { out.insert("n\(below(14))", at: below(out.count + 1)) }
            if below(5) == 0, out.count > 1 { out.swapAt(below(out.count), below(out.count)) }
            return below(6) == 0 ? items : out
        }

        /// `items` with one moved (a move, the user's drag), and maybe two swapped too.
        mutating func reordered(_ items: [String]) -> [String] {
            var out = items
            let moved = out.remove(at: below(out.count))
            out.insert(moved, at: below(out.count + 1))
            if below(3) == 0 { out.swapAt(below(out.count), below(out.count)) }
            return out
        }
    }

    @Test func theDataSourcesQuickApplyIsItsFullApply() {
        var d = Draw(rng: Xoshiro256StarStar(seed: 37))
        let pool = (0..<12).map { "n\($0)" }
        for _ in 0..<3000 {
            var source = SimulatedDiffableDataSource()
            _ = source.apply(d.ids(pool), reconfigure: [])     // checked from scratch: known unique
            for _ in 0..<4 {
                let snapshot = d.next(after: source.items)
                let reconfigure = (snapshot + ["gone"]).filter { _ in d.below(6) == 0 }
                var full = source
                let expected = full.fullApply(snapshot, reconfigure: reconfigure)
                let got = source.apply(snapshot, reconfigure: reconfigure)
                #expect("\(got)" == "\(expected)" && source.items == full.items, "\(snapshot) \(reconfigure)")
                if case .failure = got { break }
            }
        }
    }

    /// On a large grid (60–200 items, past the short lists' linear lookups) a move or a few
    /// removals and insertions, with none, a few or many reconfigured, take the quick path and
    /// give what `fullApply` gives.
    @Test func theDataSourcesQuickApplyIsItsFullApplyOnLargeGrids() {
        var d = Draw(rng: Xoshiro256StarStar(seed: 38))
        for _ in 0..<300 {
            var source = SimulatedDiffableDataSource()
            _ = source.apply((0..<(60 + d.below(141))).map { "t\($0)" }, reconfigure: [])
            for _ in 0..<3 {
                let snapshot = d.below(2) == 0 ? d.reordered(source.items) : d.next(after: source.items)
                // Many reconfigures (a restore's, > `quickLimit`): in the snapshot's order, out of it, or one not held.
                var reconfigure = d.below(3) == 0 ? [] : snapshot.filter { _ in d.below(3) == 0 }
                if d.below(4) == 0, reconfigure.count > 1 { reconfigure.swapAt(0, reconfigure.count - 1) }
                if d.below(6) == 0 { reconfigure.insert("gone", at: d.below(reconfigure.count + 1)) }
                var full = source
                let expected = full.fullApply(snapshot, reconfigure: reconfigure)
                let got = source.apply(snapshot, reconfigure: reconfigure)
                #expect("\(got)" == "\(expected)" && source.items == full.items, "\(source.items.count) items, \(reconfigure.count) reconfigured")
                if case .failure = got { break }
            }
        }
        // Repeated identifiers (a start the model gave): the moved list is the dictionary's, the last of repeats kept.
        #expect(SimulatedDiffableDataSource.moved(from: ["a", "b", "a"], to: ["a", "b"]) == ["a"])
    }

    @Test func theSnapshotPropertysQuickTitleChecksAreItsFullOnes() {
        var d = Draw(rng: Xoshiro256StarStar(seed: 40))
        func observation(_ ids: [String], _ titles: [String: String], shown: (String) -> Bool) -> Observation {
            var o = Observation()
            o.tabIDs = ids
            o.titles = ids.map { titles[$0] ?? "New Tab" }
            o.displayed = ids.filter(shown)
            return o
        }
        for round in 0..<6000 {
            // Past 5,000 rounds, forty tabs: more than `few` titles change.
            let pool = (0..<(round < 5000 ? 10 : 40)).map { "t\($0)" }
            let before = d.ids(pool)
            var after = d.next(after: before)
            after = after.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }   // ids are unique
            var titles: [String: String] = [:]
            for id in before + after where d.below(3) == 0 { titles[id] = ["a", "b", "New Tab"][d.below(3)] }
            let pre = observation(before, titles) { _ in d.below(4) > 0 }
            for id in after where d.below(4) == 0 { titles[id] = ["a", "c"][d.below(2)] }
            let post = observation(after, titles) { _ in d.below(4) > 0 }
            let full = SnapshotProperty.retitled(pre, post)
            if SnapshotProperty.keptTheirTitles(pre, post) { #expect(full.isEmpty, "\(pre.tabIDs) → \(post.tabIDs)") }
            if let same = SnapshotProperty.sameTabsRetitled(pre, post) { #expect(same == full, "\(pre.tabIDs) → \(post.tabIDs)") }
        }
    }

    /// The reference's one cache (a new tab's lowered title) gives what lowering the title does,
    /// for that title and for random others.
    @Test func theReferencesCachedLoweringIsTheLowering() {
        var choices = Choices(seed: 42)
        let titles = ["New Tab", "new tab", "NEW TAB", "New Tab ", "New Tab\u{0}", ""] + (0..<300).map { _ in Values.title.run(&choices) }
        for t in titles { #expect(LoweredCharacter.lowered(t) == LoweredCharacter.computeLowered(t), "\(t.debugDescription)") }
        #expect(RefTab(id: "t1", title: "New Tab").lowered == LoweredCharacter.computeLowered("New Tab"))
    }

    /// The reference's character comparison (bytes for ASCII, `Character ==` otherwise) is
    /// `Character ==` on every pair: canonical equivalents, CR LF, NUL and random title characters.
    @Test func theReferencesCharacterComparisonIsCharacterEquality() {
        var choices = Choices(seed: 43)
        var pool: [Character] = ["K", "\u{212A}", "k", "é", "e\u{301}", "\r\n", "\n", "\r", "\u{0}", "a", "A", "Å", "\u{212B}", "🇫🇷", "ß"]
        for _ in 0..<80 { pool += Array(Values.title.run(&choices)) }
        let lowered = pool.map(LoweredCharacter.init)
        var wrong: [String] = []
        for i in pool.indices {
            for j in pool.indices where (lowered[i] == lowered[j]) != (pool[i] == pool[j]) { wrong.append("\(pool[i].debugDescription) \(pool[j].debugDescription)") }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
        #expect(lowered[0] == lowered[1] && lowered[3] == lowered[4] && lowered[5] != lowered[6])   // K = Kelvin sign, é = e + ´, CR LF ≠ LF
    }

    /// The filter property's keyed Characters (hash first, then `==`) compare as `Character ==`
    /// on every pair, and its search over them finds what the search over plain Characters does.
    @Test func theFilterPropertysKeyedCharactersAreCharacterEquality() {
        var choices = Choices(seed: 45)
        var pool: [Character] = ["K", "\u{212A}", "k", "é", "e\u{301}", "\r\n", "\n", "\r", "\u{0}", "a", "A", "Å", "\u{212B}", "🇫🇷", "ß"]
        for _ in 0..<80 { pool += Array(Values.title.run(&choices)) }
        let keyed = pool.map { KeyedCharacter(character: $0, hash: $0.hashValue) }
        var wrong: [String] = []
        for i in pool.indices {
            for j in pool.indices where (keyed[i] == keyed[j]) != (pool[i] == pool[j]) { wrong.append("\(pool[i].debugDescription) \(pool[j].debugDescription)") }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
        var found = 0
        for _ in 0..<2_000 {
            let title = Values.title.run(&choices), query = String(Values.title.run(&choices).prefix(Int(choices.int(in: 1...3))))
            let plain = FilterProperty.containsCharacters(Array(title.lowercased()), Array(query.lowercased()))
            #expect(FilterProperty.containsCharacters(KeyedCharacter.lowered(title), KeyedCharacter.lowered(query)) == plain, "\(title.debugDescription) \(query.debugDescription)")
            if plain { found += 1 }
        }
        #expect(found > 50, "only \(found) of 2,000 queries were found: the comparison shows little")
    }

    /// The byte-table reading of ASCII text (`ASCIIText`) gives the Characters, and their hashes,
    /// that the Character walk gives — for the reference's lowered titles and the filter
    /// property's — on generated titles and queries, CR, LF and CR LF among them.
    @Test func theASCIIReadingIsTheCharacterWalk() {
        var choices = Choices(seed: 46)
        var texts = ["", "\r\n", "a\r\nb", "\r", "\n", "A\tB", "\u{7F}", "New Tab", String(repeating: "aB", count: 300)]
        for _ in 0..<3_000 { texts.append(Values.title.run(&choices)) }
        var ascii = 0
        for t in texts {
            let walked = t.lowercased().map(LoweredCharacter.init)
            let read = LoweredCharacter.computeLowered(t)
            #expect(read.map(\.hash) == walked.map(\.hash) && read.map(\.byte) == walked.map(\.byte)
                    && read.count == walked.count
                    && zip(read, walked).allSatisfy { String($0.character).utf8.elementsEqual(String($1.character).utf8) }, "\(t.debugDescription)")
            let keyed = KeyedCharacter.lowered(t)
            #expect(zip(keyed, t.lowercased()).allSatisfy { String($0.character).utf8.elementsEqual(String($1).utf8) } && keyed.count == t.lowercased().count
                    && keyed.map(\.hash) == t.lowercased().map(\.hashValue), "\(t.debugDescription)")
            if ASCIIText.characters(of: t, from: ASCIIText.table { $0 }) != nil { ascii += 1 }
        }
        #expect(ascii > 1_000 && ascii < texts.count - 500, "\(ascii) of \(texts.count) texts read as ASCII: both ways must be shown")
    }

    /// The tabs a step closed (`StepFacts.gone`), told by its quick paths (appended, inserted,
    /// removed, a few reordered), are those of before not open after; the one tab a step
    /// appended (`StepFacts.appended`) is the last of after, new or not; `sameSet` is `Set ==`.
    @Test func goneAndSameSetAreTheirFromScratchDefinitions() {
        var d = Draw(rng: Xoshiro256StarStar(seed: 44))
        let pool = (0..<10).map { "n\($0)" }
        for _ in 0..<5000 {
            let before = d.ids(pool)
            let after: [String] = d.next(after: before).reduce(into: []) { if !$0.contains($1) { $0.append($1) } }   // ids are unique
            #expect(StepFacts.gone(from: before, to: after) == before.filter { !after.contains($0) }, "\(before) → \(after)")
            // One appended (any id, one already open too): the id and whether it is new.
            let plus = before + [d.below(3) == 0 && !before.isEmpty ? before[d.below(before.count)] : "n\(d.below(14))"]
            for (pre, post) in [(before, after), (before, plus), (plus, before)] {
                let one = StepFacts.appended(to: pre, giving: post)
                let expected = post.count == pre.count + 1 && Array(post.dropLast()) == pre
                #expect((one != nil) == expected && one?.id == (expected ? post.last : nil) && one?.fresh == (expected ? !pre.contains(post.last!) : nil),
                        "\(pre) → \(post)")
            }
            #expect(before.sameSet(as: after) == (Set(before) == Set(after)), "\(before) \(after)")
        }
    }

    /// D2's quick path: the tabs it skips are exactly those shown before under the same identifier.
    @Test func theIdentityChecksQuickPathSkipsOnlyTabsShownBeforeUnderTheirIdentifier() {
        var d = Draw(rng: Xoshiro256StarStar(seed: 41))
        let pool = (0..<10).map { "t\($0)" }
        var checked = 0
        for _ in 0..<5000 {
            var pre = Observation(), post = Observation()
            pre.displayed = d.ids(pool)
            pre.identifiers = pre.displayed.map { d.below(8) == 0 ? "x" + $0 : $0 }
            post.displayed = d.next(after: pre.displayed).reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
            let ids = post.displayed.map { d.below(8) == 0 ? "x" + $0 : $0 }
            guard let fresh = SnapshotProperty.newlyShown(pre, post, ids) else { continue }
            checked += 1
            var before: [String: String] = [:]
            for (tab, id) in zip(pre.displayed, pre.snapshotIdentifiers) { before[tab] = id }
            let needed = post.displayed.indices.filter { before[post.displayed[$0]] != ids[$0] }
            #expect(fresh == needed, "\(pre.displayed) \(pre.snapshotIdentifiers) → \(post.displayed) \(ids)")
        }
        #expect(checked > 300, "the quick path was taken \(checked) times")
    }
}
