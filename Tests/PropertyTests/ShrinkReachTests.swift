import Generators
import Shrinking
import Testing

/// The shrinking gaps of #24.3, each on a synthetic model (no driver): a state of one
/// titled tab, a query and whether the view appeared; `collapse` restores the tab and the
/// query as the campaign's collapse does (a restore, then the query), and not the view. Each case fails only in a form the new candidates
/// reach, and is one step longer without them.
@Suite struct ShrinkReachTests {
    struct State { var tabs = 0, title = "", query = "", appeared = false }

    static func state(_ actions: some Collection<Action>) -> State {
        var s = State()
        for a in actions {
            switch a {
            case .newTab: if s.tabs == 0 { s.title = "New Tab" }; s.tabs += 1
            case .restoreData(let t): s = State(tabs: t.isEmpty ? 0 : 1, title: t, query: "", appeared: s.appeared)
            case .willAppear: s.appeared = true
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

    /// Fails at a query or title change that leaves the tab titled "x" under the query "q"
    /// (after the view appeared, when `appeared`).
    static func xUnderQ(appeared: Bool = false) -> ([Action]) -> Bool {
        { c in
            let s = state(c)
            guard s.tabs > 0, s.title == "x", s.query == "q", s.appeared || !appeared else { return false }
            if case .setQuery? = c.last { return true }
            if case .setTitle? = c.last { return true }
            return false
        }
    }

    @Test func collapsePrefix_theWholeSequenceRestored() {
        // Fails at its last step, a title change under the query: no proper prefix collapses
        // (a restore clears the query), but the state the whole sequence ends in does.
        let failing: [Action] = [.newTab, .setQuery("q"), .setTitle(id: "t1", title: "x")]
        let fails = Self.xUnderQ()
        #expect(Self.shrink(failing, fails: fails).actions == [.restoreData("x"), .setQuery("q")])
        #expect(Self.shrink(failing, without: ["collapse prefix", "move and collapse"], fails: fails).actions.count == 3)
    }

    @Test func collapsePrefix_theFirstStepsKeptAndTheWholeRestored() {
        // Fails at a query or title change that leaves "x" under "q" after the view appeared:
        // no restore stands for the will-appear, so it is kept and the rest restored.
        let failing: [Action] = [.newTab, .willAppear, .setQuery("q"), .setTitle(id: "t1", title: "x")]
        let fails = Self.xUnderQ(appeared: true)
        #expect(Self.shrink(failing, fails: fails).actions == [.willAppear, .restoreData("x"), .setQuery("q")])
        #expect(Self.shrink(failing, without: ["collapse prefix", "move and collapse"], fails: fails).actions.count == 4)
    }

    @Test func moveAndCollapse_aStepMovedAgainstKindOrderSoAPrefixCollapses() {
        // The first case without `collapse prefix`: the title change moved before the query
        // (against kind order, which `sort neighbours` never does) lets the prefix up to it
        // be one restore. The two passes overlap here; `--shrink-stats` counts what each
        // accepts on real failures (docs/mutation-score.md).
        let failing: [Action] = [.newTab, .setQuery("q"), .setTitle(id: "t1", title: "x")]
        let fails = Self.xUnderQ()
        #expect(Self.shrink(failing, without: ["collapse prefix"], fails: fails).actions == [.restoreData("x"), .setQuery("q")])
        #expect(Self.shrink(failing, without: ["collapse prefix", "move and collapse"], fails: fails).actions.count == 3)
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

    @Test func coordinatedRetargets_aDeletionWithTwoStepsReaimed() {
        // Mutant 04's shape: the move can go only if the close and its completion both aim at
        // the other tab — one before the deleted step, one after it.
        let two = SessionText.valid(ids: ["t1", "t2"], titles: ["", ""], active: nil)
        let long: [Action] = [.restoreData(two), .tapClose(0), .move(from: 0, to: 1), .flyAwayFinished("t1")]
        let short: [Action] = [.restoreData(two), .tapClose(1), .flyAwayFinished("t2")]
        let fails = { (c: [Action]) -> Bool in c == long || c == short }
        #expect(Self.shrink(long, fails: fails).actions == short)
        #expect(Self.shrink(long, without: ["coordinated retargets"], fails: fails).actions == long)
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
        let simplify = r.passes.first { $0.name == "simplify values" }!
        #expect(simplify.tried < 64, "simplify values tried \(simplify.tried) candidates")
    }
}
