import Checker
import Generators
import Testing

/// Example scenarios for the B, A and U rules, on both readings.
@Suite struct ButtonActiveReopenExamples {
    @Test(arguments: Scenario.drivers)
    func B1_closeAllIsEnabledWhileAnyTabIsOpenEvenHidden(_ d: String) {
        #expect(!Scenario.run(d, []).observation.closeAllEnabled, "\(d)")
        let hidden = Scenario.run(d, tabs("a") + [.setQuery("zzz")])
        #expect(hidden.observation.displayed.isEmpty && hidden.observation.closeAllEnabled, "\(d)")
        #expect(!Scenario.run(d, tabs("a") + [.closeAll]).observation.closeAllEnabled, "\(d)")
    }

    @Test(arguments: Scenario.drivers)
    func B2_willAppearSendsTheInitialState(_ d: String) {
        // The tutorial's viewWillAppear fix: a didSet does not fire for the initial value.
        #expect(Scenario.run(d, [.willAppear]).last.closeAllSent == false, "\(d)")
        #expect(Scenario.run(d, tabs("a") + [.willAppear]).last.closeAllSent == true, "\(d)")
        #expect(Scenario.run(d, [.newTab]).last.closeAllSent == true, "\(d)")
        #expect(Scenario.run(d, tabs("a", "b") + [.closeDisplayed(0)]).last.closeAllSent == true, "\(d)")
        #expect(Scenario.run(d, tabs("a") + [.closeAll]).last.closeAllSent == false, "\(d)")
    }

    @Test(arguments: Scenario.drivers)
    func A1_selectingACellMakesItsTabActive(_ d: String) {
        let s = Scenario.run(d, tabs("apple", "pear", "apple pie") + [.setQuery("apple"), .select(1)])
        #expect(s.observation.active == "t3", "\(d)")
        let bad = Scenario.run(d, tabs("a") + [.select(5)])
        #expect(bad.last.rejected == "indexOutOfRange" && bad.observation.active == "t1", "\(d)")
    }

    @Test(arguments: Scenario.drivers)
    func A2_aNewTabBecomesActive(_ d: String) {
        #expect(Scenario.run(d, tabs("a", "b") + [.select(0), .newTab]).observation.active == "t3", "\(d)")
    }

    @Test(arguments: Scenario.drivers)
    func A3_closingTheActiveTabActivatesTheNextElseThePrevious(_ d: String) {
        #expect(Scenario.run(d, tabs("a", "b", "c") + [.select(1), .closeDisplayed(1)]).observation.active == "t3", "\(d)")
        #expect(Scenario.run(d, tabs("a", "b", "c") + [.closeDisplayed(2)]).observation.active == "t2", "\(d)")
        #expect(Scenario.run(d, tabs("a") + [.closeDisplayed(0)]).observation.active == nil, "\(d)")
        #expect(Scenario.run(d, tabs("a", "b", "c") + [.closeDisplayed(0)]).observation.active == "t3", "\(d): others keep it")
        #expect(Scenario.run(d, tabs("a", "b") + [.closeAll]).observation.active == nil, "\(d)")
        // The next tab in `tabs`, even when the query hides it.
        #expect(Scenario.run(d, tabs("a", "x", "a") + [.setQuery("a"), .select(0), .closeDisplayed(0)]).observation.active == "t2", "\(d)")
    }

    @Test(arguments: Scenario.drivers)
    func A4_theActiveTabIsAlwaysOpen(_ d: String) {
        let s = Scenario.run(d, tabs("a", "b") + [.select(0), .setQuery("b"), .closeID("t1")])
        #expect(s.observation.active == "t2" && s.ids.contains(s.observation.active!), "\(d)")
    }

    @Test(arguments: Scenario.drivers)
    func U1_closesAreRecordedNewestFirstAtMostTwenty(_ d: String) {
        let s = Scenario.run(d, tabs("a", "b") + [.closeDisplayed(0)])
        #expect(s.observation.closedCount == 1 && s.observation.newestClosed == ["t1"], "\(d)")
        let all = Scenario.run(d, tabs("a", "b") + [.closeAll])
        #expect(all.observation.newestClosed == ["t1", "t2"], "\(d): one entry for Close All")
        let many = Scenario.run(d, Array(repeating: [Action.newTab, .closeDisplayed(0)], count: 25).flatMap { $0 })
        #expect(many.observation.closedCount == 20, "\(d)")
        #expect(Scenario.run(d, [.closeID("nope")]).observation.closedCount == 0, "\(d): closing nothing records nothing")
    }

    @Test(arguments: Scenario.drivers)
    func U2_reopenPutsTabsBackWithIDsAndActive(_ d: String) {
        let s = Scenario.run(d, tabs("a", "b", "c") + [.select(1), .closeDisplayed(1), .reopen])
        #expect(s.ids == ["t1", "t2", "t3"] && s.observation.active == "t2" && s.titles == ["a", "b", "c"], "\(d)")
        #expect(s.last.update == .batch(deletes: [], inserts: [1], moves: []), "\(d)")
        let all = Scenario.run(d, tabs("a", "b", "c") + [.closeAll, .newTab, .setQuery("b"), .reopen])
        #expect(all.ids == ["t1", "t2", "t3", "t4"] && all.last.update == .batch(deletes: [], inserts: [0], moves: []), "\(d)")
    }

    @Test(arguments: Scenario.drivers)
    func U3_reopenWithNothingIsANoOp(_ d: String) {
        let s = Scenario.run(d, tabs("a") + [.reopen])
        #expect(s.last.rejected == nil && s.last.update == .none && s.ids == ["t1"], "\(d)")
    }
}
