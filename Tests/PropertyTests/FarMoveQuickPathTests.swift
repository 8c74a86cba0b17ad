@testable import Checker
import Generators
@testable import ReferenceModel
import Testing

/// The quick paths of #57 against what they stand in for, computed from scratch: one tab moved
/// however far (`ChangedMiddle.movedOne`) in the data source, D2, D3 and `gone`; the data
/// source's full apply against its definition (sets); reopen's one-pass merge against U2's
/// insertions one by one. Lists of 40–200 tabs, past the short runs the older paths compare.
@Suite struct FarMoveQuickPathTests {
    typealias Draw = QuickPathTests.Draw

    /// `b[r]` is `a[r]` with the element at `k` moved to the other end: said by moving it.
    static func movedLiterally(_ a: [String], _ r: Range<Int>, _ k: Int) -> [String] {
        var out = a
        if k == r.lowerBound { out.insert(out.remove(at: k), at: r.upperBound - 1) } else { out.insert(out.remove(at: k), at: r.lowerBound) }
        return out
    }

    @Test func movedOneIsAMoveOfOneElement() {
        var d = Draw(rng: Xoshiro256StarStar(seed: 57))
        var found = 0
        for _ in 0..<3000 {
            let spread = d.below(2) == 0 ? 5 : 1000   // repeats too
            var a: [String] = []
            for _ in 0..<(2 + d.below(60)) { a.append("t\(d.below(spread))") }
            var b = a
            if d.below(3) == 0 { b = d.reordered(a) } else { b.insert(b.remove(at: d.below(b.count)), at: d.below(b.count)) }
            let r = ChangedMiddle.of(a, b)
            for k in [r.lowerBound, r.upperBound - 1] where r.count >= 2 {
                #expect(ChangedMiddle.moves(a, b, in: r, k) == (Self.movedLiterally(a, r, k) == b), "\(a) → \(b), \(k)")
            }
            if let k = ChangedMiddle.movedOne(a, b, in: r) { found += 1; #expect(Self.movedLiterally(a, r, k) == b) }
        }
        #expect(found > 1000, "a move of one was found \(found) times")
    }

    @Test func goneAndIdentityOnLargeGridsAreTheirDefinitions() {
        var d = Draw(rng: Xoshiro256StarStar(seed: 58))
        let pool = (0..<60).map { "t\($0)" }
        var farMoves = 0
        for _ in 0..<4000 {
            let before = d.ids(pool)
            let after: [String] = (d.below(2) == 0 && before.count > 1 ? d.reordered(before) : d.next(after: before))
                .reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
            #expect(StepFacts.gone(from: before, to: after) == before.filter { !after.contains($0) }, "\(before) → \(after)")
            var pre = Observation(), post = Observation()
            pre.displayed = before
            pre.identifiers = before.map { d.below(30) == 0 ? "x" + $0 : $0 }
            post.displayed = after
            let ids = after.map { d.below(30) == 0 ? "x" + $0 : $0 }
            if after.count == before.count, ChangedMiddle.of(before, after).count > ChangedMiddle.shortRun { farMoves += 1 }
            guard let fresh = SnapshotProperty.newlyShown(pre, post, ids) else { continue }
            var was: [String: String] = [:]
            for (tab, id) in zip(pre.displayed, pre.snapshotIdentifiers) { was[tab] = id }
            #expect(fresh == post.displayed.indices.filter { was[post.displayed[$0]] != ids[$0] }, "\(before) → \(after)")
        }
        #expect(farMoves > 300, "\(farMoves) far moves")
    }

    /// D3 on a far move: titles that moved with their tabs need no reconfigure (the quick path
    /// says so), and one changed title is never called kept.
    @Test func keptTheirTitlesOnFarMoves() {
        var d = Draw(rng: Xoshiro256StarStar(seed: 59))
        var quick = 0
        for _ in 0..<2000 {
            var pre = Observation()
            pre.tabIDs = (0..<(40 + d.below(100))).map { "t\($0)" }
            pre.titles = pre.tabIDs.map { _ in ["a", "b", "New Tab"][d.below(3)] }
            var post = pre
            let (from, to) = (d.below(pre.tabIDs.count), d.below(pre.tabIDs.count))
            post.tabIDs.insert(post.tabIDs.remove(at: from), at: to)
            post.titles.insert(post.titles.remove(at: from), at: to)
            if d.below(3) == 0 { let k = d.below(post.titles.count); post.titles[k] = post.titles[k] + "!" }
            (pre.displayed, post.displayed) = (pre.tabIDs, post.tabIDs)   // every tab shown: a changed title is to be reconfigured
            let full = SnapshotProperty.retitled(pre, post)
            let kept = SnapshotProperty.keptTheirTitles(pre, post)
            if kept { quick += 1; #expect(full.isEmpty, "\(from) → \(to)") }
            if full.isEmpty && abs(from - to) > ChangedMiddle.shortRun { #expect(kept, "\(from) → \(to): a far move of titles is told quickly") }
        }
        #expect(quick > 800)
    }

    /// The data source's full apply (each identifier hashed about twice) against its definition:
    /// deleted, inserted, and moved from the kept ones in both orders, repeats in the old items too.
    @Test func theDataSourcesFullApplyIsItsDefinition() {
        var d = Draw(rng: Xoshiro256StarStar(seed: 60))
        for round in 0..<3000 {
            let pool = (0..<(round % 3 == 0 ? 80 : 12)).map { "n\($0)" }
            var items = d.ids(pool)
            if d.below(5) == 0, !items.isEmpty { items.insert(items[d.below(items.count)], at: d.below(items.count + 1)) }
            let snapshot = d.below(2) == 0 && items.count > 1 ? d.reordered(items).reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
                : d.next(after: items).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
            var source = SimulatedDiffableDataSource(items: items)
            guard case .success(let change) = source.fullApply(snapshot, reconfigure: []) else { Issue.record("\(snapshot)"); continue }
            let (new, old) = (Set(snapshot), Set(items))
            #expect(change.deleted == items.filter { !new.contains($0) } && change.inserted == snapshot.filter { !old.contains($0) }
                    && change.moved == SimulatedDiffableDataSource.moved(from: items.filter { new.contains($0) }, to: snapshot.filter { old.contains($0) }),
                    "\(items) → \(snapshot)")
        }
    }

    /// Many identifiers shown again at once (a query widened on a large grid): the quick path's
    /// set gives `fullApply`'s change, or leaves a repeat or an old identifier to it.
    @Test func manyInsertedAtOnceAreFullApplys() {
        var d = Draw(rng: Xoshiro256StarStar(seed: 62))
        var quick = 0
        for _ in 0..<1500 {
            let all = (0..<(40 + d.below(160))).map { "t\($0)" }
            let items = all.filter { _ in d.below(3) == 0 }
            var snapshot = all.filter { items.contains($0) || d.below(2) == 0 }
            if d.below(5) == 0, !snapshot.isEmpty { snapshot.insert(snapshot[d.below(snapshot.count)], at: d.below(snapshot.count + 1)) }   // a repeat
            var source = SimulatedDiffableDataSource()
            _ = source.apply(items, reconfigure: [])
            var full = source
            let expected = full.fullApply(snapshot, reconfigure: [])
            if source.quickChange(to: snapshot) != nil { quick += 1 }
            let got = source.apply(snapshot, reconfigure: [])
            #expect("\(got)" == "\(expected)" && source.items == full.items, "\(items.count) → \(snapshot.count)")
        }
        #expect(quick > 800, "the quick path was taken \(quick) times")
    }

    /// U2's positions: the one-pass merge of many closed tabs is their insertion one by one.
    @Test func reopenPutsManyBackAsOneByOne() {
        var d = Draw(rng: Xoshiro256StarStar(seed: 61))
        for _ in 0..<2000 {
            var pre = Observation()
            pre.tabIDs = (0..<d.below(40)).map { "t\($0)" }
            pre.titles = pre.tabIDs.map { "T" + $0 }
            var places = Set<Int>()
            let entry = (0..<(9 + d.below(30))).map { k in
                // Mostly distinct places, sometimes two alike, or an id still open.
                var p = d.below(80)
                if d.below(10) > 0 { while places.contains(p) { p += 1 } }
                places.insert(p)
                let id = d.below(12) == 0 && !pre.tabIDs.isEmpty ? pre.tabIDs[d.below(pre.tabIDs.count)] : "c\(k)"
                return (id: id, title: "C\(k)", position: p, wasActive: d.below(9) == 0)
            }.sorted { $0.position < $1.position }
            let merged = ReopenProperty.putBack(entry, into: pre), literal = ReopenProperty.putBackOneByOne(entry, into: pre)
            #expect(merged.ids == literal.ids && merged.titles == literal.titles && merged.active == literal.active && merged.first == literal.first,
                    "\(pre.tabIDs) ← \(entry.map { "\($0.id)@\($0.position)" })")
        }
    }
}
