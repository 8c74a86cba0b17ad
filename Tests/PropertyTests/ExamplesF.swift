import Checker
import ProductionDriver
import Generators
import Testing

/// Example scenarios for the F rules, on both the production model and the reference.
@Suite struct FilterExamples {
    @Test(arguments: Scenario.drivers)
    func F1_matchIsCaseInsensitiveCharacterwise(_ d: String) {
        let s = Scenario.run(d, tabs("Apple", "BANANA", "Café", "Cafe\u{301}", "👩‍👩‍👧") + [.setQuery("an")])
        #expect(s.observation.displayed == ["t2"], "\(d)")
        #expect(Scenario.run(d, tabs("Café", "Cafe\u{301}", "cafe") + [.setQuery("CAFÉ")]).observation.displayed == ["t1", "t2"], "\(d)")
        // A query character inside a grapheme cluster does not match (Character-wise).
        #expect(Scenario.run(d, tabs("👩‍👩‍👧", "Cafe\u{301}") + [.setQuery("👩")]).observation.displayed == [], "\(d)")
        #expect(Scenario.run(d, tabs("Cafe\u{301}") + [.setQuery("cafe")]).observation.displayed == [], "\(d)")
        #expect(Scenario.run(d, tabs("a", "b") + [.setQuery("")]).observation.displayed == ["t1", "t2"], "\(d)")
        // CR LF is one Character: "\n" alone does not match inside it (the ASCII fast path must know).
        #expect(Scenario.run(d, tabs("a\r\nb", "x\ny") + [.setQuery("\n")]).observation.displayed == ["t2"], "\(d)")
        #expect(Scenario.run(d, tabs("a\r\nb") + [.setQuery("\r\n")]).observation.displayed == ["t1"], "\(d)")
    }

    @Test(arguments: Scenario.drivers)
    func F2_newTabUnderFilterInsertsItsDisplayedIndex(_ d: String) {
        let s = Scenario.run(d, tabs("apple", "pear", "apple pie") + [.setQuery("new"), .newTab])
        #expect(s.observation.displayed == ["t4"], "\(d)")
        #expect(s.last.update == .batch(deletes: [], inserts: [0], moves: []), "\(d): the tutorial would insert tabs.count - 1 = 3")
        #expect(s.titles.last == "New Tab" && s.observation.active == "t4" && s.observation.query == "new", "\(d)")
        let hidden = Scenario.run(d, tabs("apple") + [.setQuery("apple"), .newTab])
        #expect(hidden.last.update == .none && hidden.observation.displayed == ["t1"], "\(d)")
    }

    @Test(arguments: Scenario.drivers)
    func F3_closeUnderFilterRemovesTheDisplayedTab(_ d: String) {
        let s = Scenario.run(d, tabs("apple", "pear", "apple pie") + [.setQuery("apple"), .closeDisplayed(1)])
        #expect(s.ids == ["t1", "t2"], "\(d): closes t3 (displayed at 1), never tabs[1] = t2")
        #expect(s.last.update == .batch(deletes: [1], inserts: [], moves: []), "\(d)")
        let bad = Scenario.run(d, tabs("apple") + [.closeDisplayed(1)])
        #expect(bad.last.rejected == "indexOutOfRange" && bad.ids == ["t1"], "\(d)")
    }

    @Test(arguments: Scenario.drivers)
    func F4_closeByIdentityDeletesItsCurrentIndexOrNothing(_ d: String) {
        let s = Scenario.run(d, tabs("a", "b", "c") + [.setQuery("c"), .closeID("t3")])
        #expect(s.ids == ["t1", "t2"] && s.last.update == .batch(deletes: [0], inserts: [], moves: []), "\(d)")
        let hidden = Scenario.run(d, tabs("a", "b") + [.setQuery("b"), .closeID("t1")])
        #expect(hidden.ids == ["t2"] && hidden.last.update == .none, "\(d)")
        let gone = Scenario.run(d, tabs("a") + [.closeID("t9")])
        #expect(gone.ids == ["t1"] && gone.last.update == .none && gone.last.rejected == nil, "\(d)")
    }

    @Test(arguments: Scenario.drivers)
    func F5_closeAllRemovesHiddenTabsAndKeepsTheQuery(_ d: String) {
        let s = Scenario.run(d, tabs("a", "b") + [.setQuery("a"), .closeAll])
        #expect(s.ids.isEmpty && s.observation.query == "a" && s.last.update == .reload, "\(d)")
        let empty = Scenario.run(d, [.closeAll])
        #expect(empty.last.update == .none && empty.observation.closedCount == 0, "\(d): no-op on an empty list")
    }

    @Test(arguments: Scenario.drivers)
    func F6_queryChangeToAStrictPrefixIsStillAChange(_ d: String) {
        let s = Scenario.run(d, tabs("ab", "a", "b") + [.setQuery("a"), .setQuery("ab")])
        #expect(s.observation.displayed == ["t1"], "\(d)")
        #expect(s.last.update == .batch(deletes: [1], inserts: [], moves: []), "\(d): [t1, t2] → [t1] is a change")
        let same = Scenario.run(d, tabs("a") + [.setQuery("a"), .setQuery("a")])
        #expect(same.last.update == .none, "\(d)")
    }

    @Test(arguments: Scenario.drivers)
    func F7_cancelClearsTheQueryAndHidesTheCancelButton(_ d: String) {
        let editing = Scenario.run(d, tabs("a", "b") + [.beginSearch, .setQuery("a")])
        #expect(editing.observation.cancelVisible, "\(d)")
        let s = Scenario.run(d, tabs("a", "b") + [.beginSearch, .setQuery("a"), .cancelSearch])
        #expect(s.observation.query == "" && !s.observation.cancelVisible && s.observation.displayed == ["t1", "t2"], "\(d)")
        #expect(s.last.update == .batch(deletes: [], inserts: [1], moves: []), "\(d)")
        let empty = Scenario.run(d, tabs("a") + [.beginSearch, .cancelSearch])
        #expect(empty.last.update == .none && !empty.observation.cancelVisible, "\(d)")
        #expect(!Scenario.run(d, [.beginSearch, .endSearch]).observation.cancelVisible, "\(d)")
    }

    @Test(arguments: Scenario.drivers)
    func F8_titleChangeKeepsTheViewEqualToDisplayed(_ d: String) {
        let shows = Scenario.run(d, tabs("x", "apple") + [.setQuery("app"), .setTitle(id: "t1", title: "Apple Store")])
        #expect(shows.observation.displayed == ["t1", "t2"] && shows.last.update == .batch(deletes: [], inserts: [0], moves: []), "\(d)")
        let hides = Scenario.run(d, tabs("apple", "apple") + [.setQuery("app"), .setTitle(id: "t2", title: "pear")])
        #expect(hides.last.update == .batch(deletes: [1], inserts: [], moves: []), "\(d)")
        let stays = Scenario.run(d, tabs("apple") + [.setTitle(id: "t1", title: "apples")])
        #expect(stays.last.update == .reloadItems([0]), "\(d)")
        let unknown = Scenario.run(d, tabs("a") + [.setTitle(id: "zz", title: "b")])
        #expect(unknown.last.update == .none && unknown.titles == ["a"], "\(d)")
    }

    @Test(arguments: Scenario.drivers)
    func F9_moveUnderFilterKeepsHiddenTabsInOrder(_ d: String) {
        // tabs: a1 h1 a2 h2 a3 ; query "a" shows a1 a2 a3; move displayed 0 → 2.
        let s = Scenario.run(d, tabs("a1", "h1", "a2", "h2", "a3") + [.setQuery("a"), .move(from: 0, to: 2)])
        #expect(s.observation.displayed == ["t3", "t5", "t1"], "\(d)")
        #expect(s.ids == ["t2", "t3", "t4", "t5", "t1"], "\(d): after the tab displayed at j - 1")
        let front = Scenario.run(d, tabs("a1", "h1", "a2", "h2", "a3") + [.setQuery("a"), .move(from: 2, to: 0)])
        #expect(front.ids == ["t5", "t1", "t2", "t3", "t4"], "\(d): before the tab now displayed at j + 1")
        #expect(front.last.update == .batch(deletes: [], inserts: [], moves: [(from: 2, to: 0)]), "\(d)")
        let bad = Scenario.run(d, tabs("a", "b") + [.move(from: 0, to: 2)])
        #expect(bad.last.rejected == "indexOutOfRange" && bad.ids == ["t1", "t2"], "\(d)")
    }

    @Test(arguments: Scenario.drivers)
    func F10_everyUpdateTakesTheViewToDisplayed(_ d: String) {
        // Regression.check applies every update to the simulated collection view.
        let actions = tabs("apple", "pear", "apple pie", "plum") + [.setQuery("p"), .closeDisplayed(1), .setQuery("apple"),
                                                                 .newTab, .setTitle(id: "t2", title: "apple"), .move(from: 0, to: 1), .reopen]
        let r = Runner(implementation: DriverFactory.named(d)!, oracle: DriverFactory.named(d)!)
        let failure = r.run(.actions(actions)).failure
        #expect(failure == nil, "\(d): \(failure.map(String.init(describing:)) ?? "")")
    }
}
