import Checker
import Generators
import Testing

/// Example scenarios for the L and G rules, on both readings.
@Suite struct LayoutSwipeExamples {
    static let phone = ViewportSpec(width: 390, height: 844)
    static let phoneLandscape = ViewportSpec(width: 844, height: 390, safeLeft: 47, safeRight: 47)

    @Test(arguments: Scenario.drivers)
    func L1_landscapeIffWiderThanTall(_ d: String) {
        #expect(Scenario.run(d, tabs("a", "b", "c"), viewport: Self.phoneLandscape).observation.layout.columns == 3, "\(d)")
        #expect(Scenario.run(d, tabs("a", "b", "c"), viewport: ViewportSpec(width: 600, height: 600)).observation.layout.columns == 2, "\(d): a square is portrait")
    }

    @Test(arguments: Scenario.drivers)
    func L2_nominalColumnsFollowTheDisplayedCount(_ d: String) {
        #expect(Scenario.run(d, tabs("a"), viewport: Self.phone).observation.layout.columns == 1.33, "\(d)")
        #expect(Scenario.run(d, tabs("a", "b"), viewport: Self.phoneLandscape).observation.layout.columns == 2, "\(d)")
        #expect(Scenario.run(d, tabs("a", "b", "c"), viewport: Self.phone).observation.layout.columns == 2, "\(d)")
    }

    @Test(arguments: Scenario.drivers)
    func L3_sectionInsetsAddTheSafeArea(_ d: String) {
        let l = Scenario.run(d, tabs("a", "b", "c"), viewport: Self.phoneLandscape).observation.layout
        #expect(l.insetTop == 15 && l.insetBottom == 15 && l.insetLeft == 62 && l.insetRight == 62, "\(d)")
    }

    @Test(arguments: Scenario.drivers)
    func L4_itemSizeFromTheSafeWidth(_ d: String) {
        let l = Scenario.run(d, tabs("a", "b", "c"), viewport: Self.phone).observation.layout
        #expect(l.itemWidth == (390 - 60) / 2.0, "\(d)")
        #expect(abs(l.itemHeight - l.itemWidth * (1 + 844 / 390.0) / 2) < 1e-9, "\(d)")
        let land = Scenario.run(d, tabs("a", "b", "c"), viewport: Self.phoneLandscape).observation.layout
        #expect(land.itemWidth == (844 - 94 - 90) / 3.0 && abs(land.itemHeight - land.itemWidth * 390 / 844) < 1e-9, "\(d)")
    }

    @Test(arguments: Scenario.drivers)
    func L5_columnsDropBelow44ptAndTinyViewportsAreTooSmall(_ d: String) {
        // 3 columns at 200 pt: (200 - 90) / 3 = 36.7 < 44 → 2 columns: (200 - 60) / 2 = 70.
        let l = Scenario.run(d, tabs("a", "b", "c"), viewport: ViewportSpec(width: 200, height: 100)).observation.layout
        #expect(l.columns == 2 && l.itemWidth == 70, "\(d)")
        #expect(Scenario.run(d, tabs("a"), viewport: ViewportSpec(width: 73, height: 500)).observation.layout.tooSmall, "\(d)")
        #expect(!Scenario.run(d, tabs("a"), viewport: ViewportSpec(width: 74, height: 500)).observation.layout.tooSmall, "\(d)")
        for v in [ViewportSpec(width: .nan, height: 500), ViewportSpec(width: 400, height: 0), ViewportSpec(width: 400, height: 500, safeLeft: -1),
                  ViewportSpec(width: 100, height: 500, safeLeft: 50, safeRight: 50), ViewportSpec(width: .infinity, height: 1)] {
            #expect(Scenario.run(d, tabs("a"), viewport: v).observation.layout.tooSmall, "\(d): \(v)")
        }
    }

    @Test func L6_itemsPerRowMatchesColumnsOnPhonesTabletsAndTinyViewports() {
        for (v, n, perRow) in [(Self.phone, 5, 2), (Self.phoneLandscape, 5, 3), (ViewportSpec(width: 1024, height: 1366), 1, 1),
                               (ViewportSpec(width: 1366, height: 1024), 2, 2), (ViewportSpec(width: 120, height: 800), 4, 1)] {
            let l = Scenario.run("production", Array(repeating: .newTab, count: n), viewport: v).observation.layout
            #expect(LayoutCheck.check(l, viewport: v, displayedCount: n) == nil)
            #expect(Int(l.columns) == perRow, "\(v)")
        }
    }

    @Test(arguments: Scenario.drivers)
    func L7_layoutFollowsTheDisplayedCountNotTheFullList(_ d: String) {
        let s = Scenario.run(d, tabs("apple", "pear", "plum") + [.setQuery("apple")], viewport: Self.phone)
        #expect(s.observation.layout.columns == 1.33, "\(d): one displayed tab, although three are open")
        let r = Scenario.run(d, tabs("a", "b", "c") + [.setViewport(Self.phoneLandscape)])
        #expect(r.observation.layout.columns == 3, "\(d): a rotation recomputes it")
    }

    @Test(arguments: Scenario.drivers)
    func G1_oneSwipeAtATimeAndNoVerticalSwipes(_ d: String) {
        let s = Scenario.run(d, tabs("a", "b") + [.swipeBegan(0, vx: -300, vy: 10), .swipeBegan(1, vx: -300, vy: 0)])
        #expect(s.observation.swipeHolder == "t1", "\(d)")
        let vertical = Scenario.run(d, tabs("a") + [.swipeBegan(0, vx: 10, vy: -300)])
        #expect(vertical.observation.swipeHolder == nil, "\(d)")
    }

    @Test(arguments: Scenario.drivers)
    func G2_scrollingIsDisabledWhileACellSwipes(_ d: String) {
        #expect(!Scenario.run(d, tabs("a") + [.swipeBegan(0, vx: -300, vy: 0)]).observation.scrollEnabled, "\(d)")
        #expect(Scenario.run(d, tabs("a") + [.swipeBegan(0, vx: -300, vy: 0), .swipeEnded(tx: -10, vx: 0)]).observation.scrollEnabled, "\(d)")
    }

    @Test(arguments: Scenario.drivers)
    func G3_trackingDampensRightwardMotion(_ d: String) {
        let began = Scenario.run(d, tabs("a") + [.swipeBegan(0, vx: -300, vy: 0)]).observation
        #expect(began.swipeAbove && began.swipeOffset == 0 && began.swipeScale == 1, "\(d)")
        let left = Scenario.run(d, tabs("a") + [.swipeBegan(0, vx: -300, vy: 0), .swipeChanged(tx: -40)]).observation
        #expect(left.swipeOffset == -40 && left.swipeScale == 1.05, "\(d)")
        let right = Scenario.run(d, tabs("a") + [.swipeBegan(0, vx: -300, vy: 0), .swipeChanged(tx: 50)]).observation
        #expect(right.swipeOffset == 10, "\(d)")
        let ignored = Scenario.run(d, tabs("a") + [.swipeChanged(tx: 50)]).observation
        #expect(ignored.swipeOffset == 0 && ignored.swipeHolder == nil, "\(d)")
    }

    @Test(arguments: Scenario.drivers)
    func G4_deleteOnlyOnAFarOrFastLeftwardRelease(_ d: String) {
        func ends(_ tx: Double, _ vx: Double) -> [String] {
            Scenario.run(d, tabs("a") + [.swipeBegan(0, vx: -300, vy: 0), .swipeEnded(tx: tx, vx: vx)]).observation.pending
        }
        #expect(ends(-125, 0) == ["t1"], "\(d)")
        #expect(ends(-124.9, 0) == [], "\(d)")
        #expect(ends(-1, -1000) == ["t1"], "\(d)")
        #expect(ends(-1, -999) == [], "\(d)")
        #expect(ends(30, -5000) == [], "\(d): a net rightward drag never deletes")
        let cancelled = Scenario.run(d, tabs("a") + [.swipeBegan(0, vx: -300, vy: 0), .swipeChanged(tx: -400), .swipeCancelled])
        #expect(cancelled.observation.pending == [] && cancelled.observation.scrollEnabled, "\(d)")
    }

    @Test(arguments: Scenario.drivers)
    func G5_aSwipeWhoseTabDisappearsIsReleased(_ d: String) {
        for hide in [Action.setQuery("b"), .closeAll, .closeDisplayed(0), .closeID("t1"), .setTitle(id: "t1", title: "zzz")] {
            let s = Scenario.run(d, tabs("a", "b") + [.setQuery(""), .swipeBegan(0, vx: -300, vy: 0)] + (hide == .setTitle(id: "t1", title: "zzz") ? [.setQuery("a")] : []) + [hide])
            #expect(s.observation.swipeHolder == nil && s.observation.scrollEnabled, "\(d): \(hide)")
        }
    }

    @Test(arguments: Scenario.drivers)
    func G6_flyAwayClosesTheRightTabWhateverHappenedMeanwhile(_ d: String) {
        let s = Scenario.run(d, tabs("a", "b", "c") + [.tapClose(0)])
        #expect(s.ids == ["t1", "t2", "t3"] && s.observation.pending == ["t1"], "\(d): stays until the animation completes")
        #expect((s.last.flyAwayDuration ?? -1) >= 0, "\(d): never negative")
        #expect(abs((s.last.flyAwayDuration ?? 0) - (15 + 166.5) / 5000) < 1e-12, "\(d): right edge of column 0 / 5000")
        let later = Scenario.run(d, tabs("a", "b", "c") + [.tapClose(0), .setQuery("c"), .move(from: 0, to: 0), .flyAwayFinished("t1")])
        #expect(later.ids == ["t2", "t3"], "\(d): closes t1, not the tab now at index 0")
        let again = Scenario.run(d, tabs("a", "b") + [.tapClose(0), .tapClose(0), .swipeBegan(0, vx: -300, vy: 0)])
        #expect(again.last.update == .none && again.observation.swipeHolder == nil && again.observation.pending == ["t1"], "\(d)")
        let overtaken = Scenario.run(d, tabs("a", "b") + [.tapClose(0), .closeAll, .reopen, .flyAwayFinished("t1")])
        #expect(overtaken.ids == ["t1", "t2"], "\(d): a completion after close all and reopen closes nothing")
    }
}
