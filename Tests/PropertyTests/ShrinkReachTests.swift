import Generators
import Testing

/// The shrinking gaps of #24.3, each on a synthetic model (no driver): a state of one
/// titled tab and a query, which `collapse` restores as the campaign's collapse does — a
/// restore of the tabs, then the query. Each case fails only in a form the new candidates
/// reach, and is one step longer without them.
@Suite struct ShrinkReachTests {
    struct State { var tabs = 0, title = "", query = "" }

    static func state(_ actions: some Collection<Action>) -> State {
        var s = State()
        for a in actions {
            switch a {
            case .newTab: if s.tabs == 0 { s.title = "New Tab" }; s.tabs += 1
            case .restoreData(let t): s = State(tabs: t.isEmpty ? 0 : 1, title: t, query: "")
            case .setQuery(let q): s.query = q
            case .setTitle(_, let t): s.title = t
            case .closeAll: s.tabs = 0
            default: break
            }
        }
        return s
    }

    static func collapse(_ prefix: [Action]) -> [Action]? {
        let s = state(prefix)
        return [.restoreData(s.tabs > 0 ? s.title : "")] + (s.query.isEmpty ? [] : [.setQuery(s.query)])
    }

    static func shrink(_ actions: [Action], without: Set<String> = [], fails: @escaping ([Action]) -> Bool) -> Shrinker.Result {
        #expect(fails(actions), "the case must fail to begin with")
        var calls = 0
        let passes = Shrinker.standardPasses.filter { !without.contains($0.name) }
        #expect(passes.count == Shrinker.standardPasses.count - without.count)
        return Shrinker(timeLimit: 1e9, now: { calls += 1; return Double(calls) }, collapse: collapse, passes: passes)
            .shrink(actions, fails: fails)
    }

    @Test func collapsePrefix_theWholeSequenceRestored() {
        // Fails at its last step, a title change under the query: no proper prefix collapses
        // (a restore clears the query), but the state the whole sequence ends in does.
        let failing: [Action] = [.newTab, .setQuery("q"), .setTitle(id: "t1", title: "x")]
        let fails = { (c: [Action]) -> Bool in
            let s = Self.state(c)
            guard s.tabs > 0, s.title == "x", s.query == "q" else { return false }
            if case .setQuery? = c.last { return true }
            if case .setTitle? = c.last { return true }
            return false
        }
        #expect(Self.shrink(failing, fails: fails).actions == [.restoreData("x"), .setQuery("q")])
        #expect(Self.shrink(failing, without: ["collapse prefix", "move and collapse"], fails: fails).actions.count == 3)
    }

    @Test func moveAndCollapse_aStepMovedPastOthersSoAPrefixCollapses() {
        // Needs a select made while the tab is titled "x" under "q", then Close All: the title
        // change comes after the select, so only moving it before the query lets the tab's
        // state be one restore.
        let failing: [Action] = [.newTab, .setQuery("q"), .select(0), .setTitle(id: "t1", title: "x"), .closeAll]
        let fails = { (c: [Action]) -> Bool in
            guard c.last == .closeAll else { return false }
            return c.indices.contains { i in
                let s = Self.state(c[..<i])
                return c[i] == .select(0) && s.tabs > 0 && s.title == "x" && s.query == "q"
            }
        }
        let with = Self.shrink([.newTab, .setQuery("q"), .setTitle(id: "t1", title: "x"), .select(0), .closeAll], fails: fails)
        #expect(with.actions.count == 4, "a failure in order shrinks to 4: \(with.actions)")
        #expect(!fails(failing), "out of order it passes (the title comes after the select)")
        let moved: [Action] = [.newTab, .setQuery("q"), .select(0), .setTitle(id: "t1", title: "x"), .select(0), .closeAll]
        #expect(Self.shrink(moved, fails: fails).actions == [.restoreData("x"), .setQuery("q"), .select(0), .closeAll])
        #expect(Self.shrink(moved, without: ["move and collapse"], fails: fails).actions.count == 5)
    }

    @Test func coordinatedSessions_aSmallerSessionWithAPlainerStep() {
        // Four tabs fail with query "b", three with "a": neither change alone fails.
        let four = SessionText.valid(ids: ["t1", "t2", "t3", "t4"], titles: ["", "", "", ""], active: nil)
        let fails = { (c: [Action]) -> Bool in
            guard c.count == 2, case .restoreData(let text) = c[0], case .setQuery(let q) = c[1] else { return false }
            let n = SessionText.tabCount(text)
            return (n == 4 && q == "b") || (n == 3 && q == "a")
        }
        let with = Self.shrink([.restoreData(four), .setQuery("b")], fails: fails).actions
        let without = Self.shrink([.restoreData(four), .setQuery("b")], without: ["coordinated sessions"], fails: fails).actions
        #expect(with.last == .setQuery("a"), "\(with)")
        #expect(without.last == .setQuery("b"), "\(without)")
    }

    @Test func aLongSessionsTitlesAreBlankedInBlocks() {
        // 128 titled tabs; the failure needs the 128 tabs, not their titles: the titles go
        // in one candidate, not one by one.
        let ids = (1...128).map { "t\($0)" }
        let session = SessionText.valid(ids: ids, titles: ids.map { "title \($0)" }, active: nil)
        let r = Self.shrink([.restoreData(session), .closeAll]) { c in
            guard c.count == 2, case .restoreData(let text) = c[0], c[1] == .closeAll else { return false }
            return SessionText.tabCount(text) == 128
        }
        guard case .restoreData(let text) = r.actions[0] else { Issue.record("\(r.actions)"); return }
        #expect(text == SessionText.valid(ids: ids, titles: Array(repeating: "", count: 128), active: nil))
        #expect(r.attempts < 128, "\(r.attempts) candidates")
    }
}
