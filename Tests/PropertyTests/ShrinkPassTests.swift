import Foundation
import Generators
import Shrinking
import Testing

/// One test per shrink pass: a failing sequence that only that pass makes smaller. Each
/// shrinks it twice, with every standard pass and with every pass but that one, and expects
/// the first result smaller. The predicates are plain functions of the actions (no model),
/// so each case isolates the pass's own move. The two opening passes are shortcuts — every
/// result they reach the rounds reach too, given time — so their case is a candidate
/// budget: within it, only the pass gets the sequence short.
@Suite struct ShrinkPassTests {
    /// Shrinks `actions` with the standard passes, or without the one named `without`;
    /// `budget` candidates at most (the shrinker's clock counts candidates run).
    static func shrink(_ actions: [Action], without: [String] = [], budget: Int = 1_000_000,
                       collapse: (([Action]) -> [Action]?)? = nil, fails: @escaping ([Action]) -> Bool) -> [Action] {
        var calls = 0
        let passes = Shrinker.standardPasses.filter { !without.contains($0.name) }
        #expect(passes.count == Shrinker.standardPasses.count - without.count, "no pass named \(without)")
        let shrinker = Shrinker(timeLimit: Double(budget), now: { Double(calls) }, collapse: collapse, passes: passes)
        return shrinker.shrink(actions) { c in calls += 1; return fails(c) }.actions
    }

    /// `also`: passes that reach the same result another way, left out with `pass`.
    static func both(_ pass: String, also: [String] = [], _ actions: [Action], budget: Int = 1_000_000,
                     collapse: (([Action]) -> [Action]?)? = nil, fails: @escaping ([Action]) -> Bool) -> (with: [Action], without: [Action]) {
        #expect(fails(actions), "the case must fail to begin with")
        return (shrink(actions, budget: budget, collapse: collapse, fails: fails),
                shrink(actions, without: [pass] + also, budget: budget, collapse: collapse, fails: fails))
    }

    /// The synthetic state a prefix leaves: how many tabs (a new tab adds one, a restore of
    /// "n" sets n); `collapse` restores it in one step.
    static func tabs(_ actions: some Collection<Action>) -> Int {
        actions.reduce(0) { n, a in
            if a == .newTab { return n + 1 }
            if case .restoreData(let s) = a { return Int(s) ?? n }
            return n
        }
    }
    static func collapse(_ prefix: [Action]) -> [Action]? { [.restoreData(String(tabs(prefix)))] }

    @Test func collapseTail_aLongRunBecomesARestoreWithinFewCandidates() {
        let long = Array(repeating: Action.newTab, count: 60) + [.closeAll]
        let r = Self.both("collapse tail", long, budget: 4, collapse: Self.collapse) { c in
            c.last == .closeAll && Self.tabs(c.dropLast()) >= 3
        }
        #expect(r.with == [.restoreData("60"), .closeAll])
        #expect(r.without.count > 2, "\(r.without)")
    }

    @Test func collapseLongPrefix_aLargeGridBeforeTheStepsThatMatterBecomesARestore() {
        // Fails when 129+ tabs were made before the query and a new tab comes last — and a
        // restore after the query loses it (a hidden structure the restore rebuilds), so the
        // tail's collapse cannot stand for the query; only a prefix ending before it can.
        let long = Array(repeating: Action.newTab, count: 150) + [.setQuery("q")] + Array(repeating: Action.select(0), count: 60) + [.newTab]
        let fails: ([Action]) -> Bool = { c in
            guard c.last == .newTab, let q = c.firstIndex(of: .setQuery("q")) else { return false }
            return Self.tabs(c[..<q]) >= 129 && !c[q...].contains { if case .restoreData = $0 { return true } else { return false } }
        }
        let r = Self.both("collapse long prefix", long, budget: 120, collapse: Self.collapse, fails: fails)
        #expect(r.with.count == 3 && r.without.count > 100, "\(r.with) vs \(r.without.count) steps")
    }

    @Test func deleteBlocks_aVeryLongSequenceLosesMoreWithinFewCandidates() {
        // Fails with at least 129 new tabs (a chunk split): every deletion of half the
        // tabs passes, so span deletion walks a window over the whole sequence at each size.
        let long = Array(repeating: Action.newTab, count: 400) + [.closeAll]
        let r = Self.both("delete blocks", long, budget: 40) { c in c.last == .closeAll && c.filter { $0 == .newTab }.count >= 129 }
        #expect(r.with.count < r.without.count, "\(r.with.count) vs \(r.without.count)")
        #expect(r.without.count > Shrinker.longSequence)
    }

    @Test func deleteSpans_twoStepsThatOnlyGoTogether() {
        // Fails while the number of new tabs is even: one deletion alone makes it odd.
        // (Coordinated pairs gets there too, a deletion with a new tab made plainer: left out.)
        let r = Self.both("delete spans", also: ["coordinated pairs"], Array(repeating: .newTab, count: 4) + [.closeAll]) { c in
            let n = c.filter { $0 == .newTab }.count
            return n > 0 && n % 2 == 0 && c.last == .closeAll
        }
        #expect(r.with == [.newTab, .newTab, .closeAll])
        #expect(r.without.count == 5)
    }

    @Test func deleteAndRenumber_aReferenceFollowsTheTabsBeforeIt() {
        // closeID(tK) fails only when it names the newest of K tabs: deleting a tab needs the
        // id lowered with it. Ten tabs, so the coordinated-pairs pass (≤ 8 steps) is out.
        let r = Self.both("delete and renumber", Array(repeating: .newTab, count: 10) + [.closeID("t10")]) { c in
            guard case .closeID(let id)? = c.last, let k = Int(id.dropFirst()) else { return false }
            return k == c.filter { $0 == .newTab }.count
        }
        #expect(r.with == [.newTab, .closeID("t1")])
        #expect(r.without.count == 11)
    }

    @Test func swipeToTap_aDeletingSwipeBecomesOneTap() {
        let swipe: [Action] = [.swipeBegan(0, vx: -1, vy: 0), .swipeChanged(tx: -200), .swipeEnded(tx: -200, vx: -2000)]
        // Fails when item 0 starts flying away: a tap on its close button, or a swipe that ends.
        let r = Self.both("swipe to tap", swipe) { c in
            if c.contains(.tapClose(0)) { return true }
            guard let b = c.firstIndex(where: { if case .swipeBegan(0, _, _) = $0 { return true }; return false }) else { return false }
            return c[b...].contains { if case .swipeEnded = $0 { return true }; return false }
        }
        #expect(r.with == [.tapClose(0)])
        #expect(r.without.count == 2)
    }

    @Test func shrinkSessions_aSessionLosesTabsWithTheIndicesAfterIt() {
        let session = SessionText.valid(ids: ["a", "b", "c", "d"], titles: ["", "", "", ""], active: nil)
        // Fails when the close addresses the session's last tab.
        // (`coordinated sessions` gets there too, a tab and the index at once.)
        let r = Self.both("shrink sessions", also: ["coordinated sessions"], [.restoreData(session), .closeDisplayed(3)]) { c in
            guard c.count == 2, case .restoreData(let s) = c[0], let n = SessionText.tabCount(s), case .closeDisplayed(let i) = c[1] else { return false }
            return n > 0 && i == n - 1
        }
        func tabsOf(_ a: [Action]) -> Int? { if case .restoreData(let s)? = a.first { return SessionText.tabCount(s) }; return nil }
        #expect(tabsOf(r.with) == 1 && r.with.last == .closeDisplayed(0), "\(r.with)")
        #expect(tabsOf(r.without) == 4, "\(r.without)")
    }

    /// A session of a large grid loses tabs from its ends only, in a few candidates: the full
    /// walk of runs would offer ~7n removals, each a run over a large grid.
    @Test func shrinkSessions_aLargeSessionLosesItsEndsCheaply() {
        let ids = (1...100).map { "t\($0)" }
        let session = SessionText.valid(ids: ids, titles: ids.map { _ in "" }, active: nil)
        let (r, tried) = Self.onlyPass("shrink sessions", [.restoreData(session), .newTab]) { c in
            guard case .restoreData(let s)? = c.first else { return false }
            return (SessionText.tabCount(s) ?? 0) >= 90 && c.last == .newTab
        }
        guard case .restoreData(let s)? = r.actions.first else { Issue.record("\(r.actions)"); return }
        #expect(SessionText.tabCount(s) == 90)
        #expect(tried < 20, "\(tried) candidates")
    }

    /// `actions` shrunk by the pass `name` alone; the result and the candidates it ran.
    static func onlyPass(_ name: String, _ actions: [Action], fails: @escaping ([Action]) -> Bool) -> (Shrinker.Result, tried: Int) {
        var tried = 0
        var clock = 0.0
        let r = Shrinker(timeLimit: 1e9, now: { clock += 1e-6; return clock }, passes: Shrinker.standardPasses.filter { $0.name == name })
            .shrink(actions) { c in tried += 1; return fails(c) }
        return (r, tried)
    }

    static func titles(_ session: String) -> [String]? {
        let o = try? JSONSerialization.jsonObject(with: Data(session.utf8)) as? [String: Any]
        return (o?["tabs"] as? [[String: Any]])?.compactMap { $0["title"] as? String }
    }

    /// A long session is offered its whole order by plainness, not only neighbour swaps.
    @Test func simplifyValues_aLongSessionIsOfferedItsSortedOrderWhole() {
        let ids = (1...8).map { "t\($0)" }
        let titles = ["hhhhhhhh", "ggggggg", "ffffff", "eeeee", "dddd", "ccc", "bb", "a"]
        let variants = SessionText.simpler(SessionText.valid(ids: ids, titles: titles, active: nil)) { _ in [] } ?? []
        #expect(variants.contains(SessionText.valid(ids: ids.reversed(), titles: titles.reversed(), active: nil)))
    }

    /// A plain tab of a long session moves left over a run of less plain tabs in one step,
    /// and over half, a quarter … of it when the whole run is too far.
    @Test func simplifyValues_aPlainTabJumpsOverARun() {
        let ids = (1...12).map { "t\($0)" }
        let titles = Array(repeating: "", count: 3) + Array(repeating: "bb", count: 8) + [""]
        let variants = SessionText.simpler(SessionText.valid(ids: ids, titles: titles, active: nil)) { _ in [] } ?? []
        for distance in [8, 4, 2] {
            var movedIDs = ids, movedTitles = titles
            movedIDs.insert(movedIDs.removeLast(), at: 11 - distance)
            movedTitles.insert(movedTitles.removeLast(), at: 11 - distance)
            #expect(variants.contains(SessionText.valid(ids: movedIDs, titles: movedTitles, active: nil)), "a move over \(distance)")
        }
        // Shrunk where the blank tab may not go before position 6: it gets there in a few
        // accepted moves, not one swap per position.
        let session = SessionText.valid(ids: (1...100).map { "t\($0)" }, titles: Array(repeating: "bb", count: 99) + [""], active: nil)
        var accepted = 0
        let (r, _) = Self.onlyPass("simplify values", [.restoreData(session)]) { c in
            guard case .restoreData(let s)? = c.first, let t = Self.titles(s), t.count == 100,
                  t.filter({ $0 == "bb" }).count == 99, let blank = t.firstIndex(of: "") else { return false }
            if blank >= 6 { accepted += 1 }
            return blank >= 6
        }
        guard case .restoreData(let s)? = r.actions.first, let t = Self.titles(s) else { Issue.record("\(r.actions)"); return }
        #expect(t.firstIndex(of: "") == 6)
        #expect(accepted < 20, "\(accepted) accepted moves")
    }

    /// Every variant of a session is the canonical text of its session, byte for byte (the
    /// variants are assembled from each tab's text, not written by `valid`).
    @Test func sessionVariantsAreCanonicalTexts() {
        let odd = ["", "a", "Q\"uote", "back\\slash", "tab\tnew\nline", "\u{1}", "Ωé", "New Tab", "bb"]
        for n in [1, 3, 8, 70] {
            let ids = (1...n).map { "t\($0)" }.reversed().map { $0 }
            let titles = (0..<n).map { odd[($0 * 5) % odd.count] }
            for active in [nil, ids.last] {
                let text = SessionText.valid(ids: ids, titles: titles, active: active)
                let variants = SessionText.simpler(text) { _ in ["", "a"] } ?? []
                #expect(!variants.isEmpty)
                for v in variants {
                    let o = try? JSONSerialization.jsonObject(with: Data(v.utf8)) as? [String: Any]
                    let tabs = (o?["tabs"] as? [[String: String]]) ?? []
                    let canonical = SessionText.valid(ids: tabs.compactMap { $0["id"] }, titles: tabs.compactMap { $0["title"] }, active: o?["activeTabID"] as? String)
                    #expect(canonical == v, "\(v)")
                }
            }
        }
    }

    /// A long group resumes at its last success: 100 titles that can go only one at a time
    /// (no two neighbours blank) take a few hundred candidates, not one pass over the whole
    /// group per title.
    @Test func simplifyValues_aLongGroupResumesWhereItLastSucceeded() {
        let ids = (1...100).map { "t\($0)" }
        let session = SessionText.valid(ids: ids, titles: ids.map { _ in "x" }, active: nil)
        let (r, tried) = Self.onlyPass("simplify values", [.restoreData(session)]) { c in
            guard case .restoreData(let s)? = c.first, let titles = Self.titles(s), titles.count == 100 else { return false }
            return !zip(titles, titles.dropFirst()).contains { $0.isEmpty && $1.isEmpty }
        }
        guard case .restoreData(let s)? = r.actions.first, let titles = Self.titles(s) else { Issue.record("\(r.actions)"); return }
        #expect(titles.filter { $0.isEmpty }.count == 50)
        #expect(tried < 2_000, "\(tried) candidates")
    }

    @Test func simplifyValues_aQueryBecomesOnePlainLetter() {
        let r = Self.both("simplify values", [.setQuery("hello")]) { c in
            if case .setQuery(let q)? = c.first { return !q.isEmpty } else { return false }
        }
        #expect(r.with == [.setQuery("a")])
        #expect(r.without == [.setQuery("hello")])
    }

    @Test func sortNeighbours_stepsInKindOrder() {
        let r = Self.both("sort neighbours", [.select(0), .newTab]) { c in c.contains(.newTab) && c.contains(.select(0)) }
        #expect(r.with == [.newTab, .select(0)])
        #expect(r.without == [.select(0), .newTab])
    }

    @Test func shareStrings_aTitleAndItsQueryChangeTogether() {
        let r = Self.both("share strings", [.setTitle(id: "t1", title: "é"), .setQuery("é")]) { c in
            guard case .setTitle(_, let t)? = c.first, case .setQuery(let q)? = c.last else { return false }
            return !t.isEmpty && t == q
        }
        #expect(r.with == [.setTitle(id: "t1", title: "a"), .setQuery("a")])
        #expect(r.without == [.setTitle(id: "t1", title: "é"), .setQuery("é")])
    }

    @Test func coordinatedPairs_aDeletionThatNeedsAPlainerNeighbour() {
        // Two tabs fail with query "b", one tab with query "a"; neither change alone fails.
        let r = Self.both("coordinated pairs", [.newTab, .newTab, .setQuery("b")]) { c in
            guard case .setQuery(let q)? = c.last else { return false }
            let n = c.filter { $0 == .newTab }.count
            return (n == 2 && q == "b") || (n == 1 && q == "a")
        }
        #expect(r.with == [.newTab, .setQuery("a")])
        #expect(r.without.count == 3)
    }

    @Test func coordinatedPairs_aDeletionThatNeedsAPlainerKindElsewhere() {
        // Mutant 32's shape (#35): a save must follow a change of the tabs between two runs of
        // saves. A first new tab and a later close do it in 9 steps; a new tab in the middle
        // in 8 — reached only by deleting the first step and making the close a new tab at once.
        let saves = Array(repeating: Action.save, count: 4)
        let r = Self.both("coordinated pairs", [.newTab] + saves + [.closeDisplayed(0)] + saves.dropLast()) { c in
            // Some step changes the number of tabs with four saves before it and three after.
            var tabs = 0
            for (i, a) in c.enumerated() {
                let before = tabs
                if a == .newTab { tabs += 1 } else if a == .closeDisplayed(0) && tabs > 0 { tabs -= 1 }
                if tabs != before && c[..<i].filter({ $0 == .save }).count >= 4 && c[(i + 1)...].filter({ $0 == .save }).count >= 3 { return true }
            }
            return false
        }
        #expect(r.with == saves + [.newTab] + saves.prefix(3))
        #expect(r.without.count == 9)
    }

    @Test func plainerLastKind_theFailingStepBecomesAnEarlierKind() {
        // Fails when a select or a close follows a new tab; select(0) has nothing simpler.
        let r = Self.both("plainer last kind", [.newTab, .select(0)]) { c in
            guard c.first == .newTab, c.count == 2 else { return false }
            if case .select = c[1] { return true }
            if case .closeDisplayed = c[1] { return true }
            return false
        }
        #expect(r.with == [.newTab, .closeDisplayed(0)])
        #expect(r.without == [.newTab, .select(0)])
    }

    @Test func collapsePrefix_theFirstStepKeptAndTheRestRestored() {
        // Needs the view to have appeared first and three tabs before Close All: the opening
        // collapse drops the will-appear, so only the kept-first-steps form fails.
        let r = Self.both("collapse prefix", [.willAppear, .newTab, .newTab, .newTab, .closeAll], collapse: Self.collapse) { c in
            c.first == .willAppear && c.last == .closeAll && Self.tabs(c.dropLast()) >= 3
        }
        #expect(r.with == [.willAppear, .restoreData("3"), .closeAll])
        #expect(r.without.count == 5)
    }

    /// Every standard pass has its test above (a new pass needs one).
    @Test func everyPassHasACase() {
        #expect(Shrinker.standardPasses.map(\.name) == [
            "collapse tail", "collapse long prefix", "delete blocks", "delete spans", "delete and renumber", "swipe to tap", "shrink sessions",
            "simplify values", "sort neighbours", "merge schedule steps", "share strings", "coordinated pairs", "plainer last kind", "collapse prefix",
            "move and collapse", "coordinated sessions", "coordinated retargets",   // their cases: ShrinkReachTests
            "fold schedule steps", "replace schedule spans",   // their cases and merge's: ScheduleShrinkTests
            "re-aim schedule", "shortlex picks",   // theirs: ScheduleAimTests (on a scheduled model) and ScheduleShrinkTests
            "shortest over its alphabet",   // its cases, synthetic and on a model: ShrinkKindTests
        ])
    }

    /// The statistics add up: every candidate is counted under one pass.
    @Test func statisticsCountEveryCandidate() {
        var clock = 0.0
        let r = Shrinker(timeLimit: 1e9, now: { clock += 1e-6; return clock })
            .shrink(Array(repeating: .newTab, count: 4) + [.closeAll]) { c in c.filter { $0 == .newTab }.count >= 2 && c.last == .closeAll }
        #expect(r.passes.map(\.tried).reduce(0, +) == r.attempts)
        #expect(r.passes.first { $0.name == "delete spans" }!.accepted >= 1)
        #expect(r.passes.allSatisfy { $0.seconds >= 0 && $0.accepted <= $0.tried })
    }
}
