import Checker
import ProductionDriver
import Generators
import TabGridTesting
import Testing

/// Minimal sequences the checker found, pasted as tabcheck printed them. Each failed for
/// the rule in its name until the bug (in the model or in the checker) was fixed.
@Suite struct RegressionTests {
    /// F3 (the tutorial's bug 2, planted from scripts/mutants/02; the README's example), pasted
    /// verbatim from tabcheck's report as it prints one since #38: TabGridTesting's
    /// `GridCheck.expectNoFailure`, the driver as its factory's own code.
    @Test func regression_mapping_F3_0xda7c4d48b74ad9a6() {
        // mapping, rule F3: closing displayed item 0 must remove t2, the tab the user saw: expected tabs ["t1"], got ["t2"]
        GridCheck.expectNoFailure([
            .restoreData("{\"activeTabID\":null,\"tabs\":[{\"id\":\"t1\",\"title\":\"\"},{\"id\":\"t2\",\"title\":\"a\"}],\"version\":1}"),
            .setQuery("a"),
            .closeDisplayed(0),
        ], implementation: GridDriverFactory.production)
    }

    /// F1: `String.contains` matched "👩" inside the single Character "👩‍👩‍👧".
    @Test func regression_differential_displayedF1() {
        let failure = Regression.check([
            .newTab,
            .setTitle(id: "t1", title: "\u{1f469}\u{200d}\u{1f469}\u{200d}\u{1f467}"),
            .setQuery("\u{1f469}"),
        ])
        #expect(failure == nil, "\(failure.map(String.init(describing:)) ?? "")")
    }

    /// U1 (checker): a restore with nothing saved is a no-op and keeps the reopen history.
    @Test func regression_reopen_U1() {
        let failure = Regression.check([
            .newTab,
            .closeDisplayed(0),
            .restoreSaved,
        ])
        #expect(failure == nil, "\(failure.map(String.init(describing:)) ?? "")")
    }

    /// A3 (checker): a restore that changes the tabs is not a close of the active tab.
    @Test func regression_activeTab_A3() {
        let failure = Regression.check([
            .newTab, .newTab, .save, .newTab, .closeID("t2"), .restoreSaved,
        ])
        #expect(failure == nil, "\(failure.map(String.init(describing:)) ?? "")")
    }

    /// L6: at absurd widths the flow layout's row arithmetic overflowed; such viewports are tooSmall.
    @Test func regression_itemsPerRow_L6() {
        let failure = Regression.check([
            .newTab, .newTab, .newTab,
            .setViewport(ViewportSpec(width: 1.7976931348623157e308, height: 1, safeLeft: 0, safeRight: 0, safeTop: 0, safeBottom: 0)),
        ])
        #expect(failure == nil, "\(failure.map(String.init(describing:)) ?? "")")
    }

}
