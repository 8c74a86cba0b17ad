import Checker
import Generators
import Testing

/// The shrinker reaches the true minimal length, and exhaustive search proves it: for
/// planted bugs, every seed's shrunk sequence has one length, and no sequence one step
/// shorter fails over the alphabet drawn from that failure (its arguments, every index and
/// id such a sequence can reach, the thresholds' boundaries).
@Suite struct ShrinkMinimalityTests {
    @Test(arguments: [PlantedBug.noStateOnAppear, .negativeDuration, .closesNotRecorded, .partialRestore,
                      .rightwardDeletes, .activeNilOnClose, .closesTabsIndex, .newTabInsertsFullCount])
    func shrinkerReachesTheProvenMinimum(_ bug: PlantedBug) {
        let runner = Runner(implementation: bug.factory, properties: [bug.property])
        var lengths: [Int] = []
        for seed in [1, 2, 3] as [UInt64] {
            let r = Budget.campaign(runner, sequences: 2_000, seed: seed)
            guard let f = r.found else { Issue.record("\(bug) survived seed \(seed)"); continue }
            lengths.append(f.shrunk.count)
            guard f.shrunk.count > 1 else { continue }
            let shorter = f.shrunk.count - 1
            let alphabet = ExhaustiveSearch.alphabet(limit: shorter, from: f.shrunk, runner: runner).actions
            let search = ExhaustiveSearch.search(runner, limit: shorter, alphabet: alphabet, jobs: 2)
            #expect(search.found == nil, "\(bug), seed \(seed): shrunk to \(f.shrunk.count) (\(f.shrunk)), but \(search.found ?? []) fails too")
        }
        #expect(Set(lengths).count <= 1, "\(bug): shrunk lengths differ across seeds: \(lengths)")
    }

    /// #24.4: an alphabet of the failure's own actions calls 3 the shortest for a title change
    /// under a query, yet a restore of the state the failure ends in, and the query, fail in 2.
    /// With the restores of the states it passes through, the search finds the 2.
    @Test func restoresOfTheStatesPassedThroughUndercutTheFailuresOwnAlphabet() {
        let runner = Runner(implementation: PlantedBug.filterByScalars.factory, properties: [.filter])
        let failing: [Action] = [.newTab, .setQuery("👩"), .setTitle(id: "t1", title: "👩‍👩‍👧")]
        #expect(runner.run(.actions(failing)).failure != nil)
        let own = ExhaustiveSearch.search(runner, limit: 2, alphabet: ExhaustiveSearch.alphabet(limit: 2, from: failing), jobs: 2)
        #expect(own.found == nil, "over its own actions: \(own.found ?? [])")
        let drawn = ExhaustiveSearch.alphabet(limit: 2, from: failing, runner: runner)
        #expect(drawn.restores > 0)
        let widened = ExhaustiveSearch.search(runner, limit: 2, alphabet: drawn.actions, jobs: 2)
        #expect(widened.found?.count == 2, "\(widened.found ?? [])")
        if case .restoreData(let text)? = widened.found?.first { #expect(SessionText.titles(text) == ["👩‍👩‍👧"]) }
    }

    /// Merging prefixes that reach one state loses no failure: the merged search finds the
    /// same first failure as plain brute force over every sequence.
    @Test(arguments: [PlantedBug.activeNilOnClose, .closesTabsIndex, .lockKeptOnClose, .rightwardDeletes])
    func stateMergingLosesNoFailure(_ bug: PlantedBug) {
        let runner = Runner(implementation: bug.factory, properties: [bug.property])
        let alphabet = ExhaustiveSearch.alphabet
        var plain: [Action]?
        var frontier: [[Action]] = [[]]
        search: for _ in 1...3 {
            var next: [[Action]] = []
            for prefix in frontier {
                for a in alphabet {
                    let c = prefix + [a]
                    if runner.run(.actions(c), collectCoverage: false).failure != nil { plain = c; break search }
                    next.append(c)
                }
            }
            frontier = next
        }
        let merged = ExhaustiveSearch.search(runner, limit: 3, alphabet: alphabet, jobs: 2)
        #expect(merged.found == plain, "\(bug): merged search found \(merged.found ?? []), brute force \(plain ?? [])")
        #expect(merged.sequencesRun < 24 + 24 * 24 + 24 * 24 * 24, "\(bug): merging saved nothing")
    }

    /// The result does not depend on the threads.
    @Test func searchIsTheSameOnOneThreadAndFour() {
        let runner = Runner(implementation: PlantedBug.lockKeptOnClose.factory, properties: [PlantedBug.lockKeptOnClose.property])
        let alphabet = ExhaustiveSearch.alphabet(limit: 3, from: [.newTab, .swipeBegan(0, vx: -5, vy: 1), .closeID("t1")])
        let one = ExhaustiveSearch.search(runner, limit: 3, alphabet: alphabet, jobs: 1)
        let four = ExhaustiveSearch.search(runner, limit: 3, alphabet: alphabet, jobs: 4)
        #expect(one.found != nil)
        #expect(one.found == four.found)
        #expect(one.distinctStates == four.distinctStates)
    }
}

/// Values shrink to one canonical value whatever they started as.
@Suite struct CanonicalValueTests {
    func shrink(_ actions: [Action], _ fails: @escaping ([Action]) -> Bool) -> [Action] {
        var clock = 0.0
        return Shrinker(timeLimit: 1e9, now: { clock += 1e-6; return clock }).shrink(actions, fails: fails).actions
    }

    @Test(arguments: [103.0, 125, 171.1, 1e9, .infinity])
    func aNumberFallsToTheSmallestThatFails(_ start: Double) {
        // Fails for any translation of at least 90 points.
        let r = shrink([.swipeChanged(tx: start)]) { c in
            if case .swipeChanged(let t)? = c.first { return t >= 90 } else { return false }
        }
        #expect(r == [.swipeChanged(tx: 90)], "\(start) → \(r)")
    }

    @Test(arguments: ["T", "W", "N", "Ω", "BA"])
    func aCapitalFallsToA(_ start: String) {
        let r = shrink([.setQuery(start)]) { c in
            if case .setQuery(let q)? = c.first { return q.contains { $0.isUppercase } } else { return false }
        }
        #expect(r == [.setQuery("A")], "\(start) → \(r)")
    }

    @Test func aSessionFallsToItsPlainestSpelling() {
        let text = #"{ "version": 1, "tabs": [ {"id": "s9", "title": "Apple pie"}, {"id": "s2", "title": "Ω"}, {"id": "s3", "title": "x"} ], "activeTabID": "s2" }"#
        // Fails whenever at least two tabs are restored.
        let r = shrink([.restoreData(text)]) { c in
            if case .restoreData(let t)? = c.first { return (SessionText.tabCount(t) ?? 0) >= 2 } else { return false }
        }
        #expect(r == [.restoreData(#"{"activeTabID":null,"tabs":[{"id":"t1","title":""},{"id":"t2","title":""}],"version":1}"#)], "\(r)")
    }

    @Test func aSessionLosesTabsWithTheIndicesAfterIt() {
        // Fails when the close after the restore aims at the tab titled "e".
        let five = SessionText.valid(ids: ["s1", "s2", "s3", "s4", "s5"], titles: ["a", "b", "c", "d", "e"], active: nil)
        let r = shrink([.restoreData(five), .closeDisplayed(4)]) { c in
            guard c.count == 2, case .restoreData(let text) = c[0], case .closeDisplayed(let i) = c[1] else { return false }
            let titles = SessionText.titles(text)
            return titles.indices.contains(i) && titles[i] == "e"
        }
        #expect(r == [.restoreData(#"{"activeTabID":null,"tabs":[{"id":"t1","title":"e"}],"version":1}"#), .closeDisplayed(0)], "\(r)")
    }

    @Test func neighboursEndInKindOrderAndNegativesGiveWay() {
        let ordered = shrink([.setQuery("a"), .newTab]) { $0.contains(.newTab) && $0.contains(.setQuery("a")) }
        #expect(ordered == [.newTab, .setQuery("a")])
        let index = shrink([.select(-7)]) { c in if case .select(let i)? = c.first { return i != 0 } else { return false } }
        #expect(index == [.select(1)])
        let upward = shrink([.swipeBegan(0, vx: 0, vy: -300)]) { c in
            if case .swipeBegan(_, let vx, let vy)? = c.first { return abs(vy) > abs(vx) } else { return false }
        }
        #expect(upward == [.swipeBegan(0, vx: 0, vy: 1)])
    }
}
