import Checker
import ProductionDriver
import Foundation
import Generators
import TabGridTesting
import Testing

/// Issue 15.1: the Swift Testing API, used as a user's test target would use it.
@Suite struct GridCheckTests {
    /// The production grid with the tutorial's F3 bug (close tabs[i]), as a user's driver.
    struct ClosesTabsIndex: CheckableDriver {
        var base: PlantedDriver
        init(viewport: ViewportSpec) { base = PlantedDriver(bug: .closesTabsIndex, base: TabModelDriver(viewport: viewport)) }
        mutating func apply(_ action: Action) -> StepOutcome { base.apply(action) }
        func observe() -> Observation { base.observe() }
        func roundTrip() -> Result<Observation, RoundTripError>? { base.roundTrip() }
    }

    /// Production itself, declared without the session capability.
    struct Sessionless: CheckableDriver {
        var base: TabModelDriver
        init(viewport: ViewportSpec) { base = TabModelDriver(viewport: viewport) }
        static var capabilities: Set<Capability> { Capability.all.subtracting([.sessions]) }
        mutating func apply(_ action: Action) -> StepOutcome { base.apply(action) }
        func observe() -> Observation { base.observe() }
        func roundTrip() -> Result<Observation, RoundTripError>? { base.roundTrip() }
    }

    @Test func aFailureIsRecordedAtTheCallSiteWithTheShrunkSequence() async {
        var found: GridCheck.Finding?
        await withKnownIssue {
            // Its properties given, so TABGRID_PROPERTIES cannot take the mapping property away.
            found = await GridCheck.expectAgreement(ClosesTabsIndex.self, with: .reference, budget: .sequences(300), properties: Property.allCases)
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return issue.sourceLocation?.fileID.hasSuffix("GridCheckTests.swift") == true
                && text.contains("mapping broke rule F") && text.contains("← fails here") && text.contains("reproduce: TABGRID_SEED=") && text.contains("--filter aFailureIsRecordedAtTheCallSiteWithTheShrunkSequence") && text.contains("regression test to paste:\n@Test func regression_")
        }
        #expect(found?.shrunk.count == 3, "\(found?.shrunk ?? [])")   // a restore of two tabs, the query, the close
        guard let found else { Issue.record("the planted F3 bug was not found"); return }
        #expect(found.regressionTest.contains("GridCheck.expectNoFailure([") && found.regressionTest.contains("], ClosesTabsIndex.self)"), "\(found.regressionTest)")
    }

    @Test func aPassingDriverRecordsNothingAndSkipsWhatItLacks() async {
        let found = await GridCheck.expectAgreement(Sessionless.self, budget: .sequences(100))
        #expect(found == nil)
        #expect(Runner(implementation: DriverFactory(Sessionless.self)).skippedProperties == [.session])
    }

    @Test func thePastedOneLinerFailsWhileTheBugIsThere() {
        let actions: [Action] = [.newTab, .newTab, .setTitle(id: "t2", title: "e "), .setQuery("e "), .closeDisplayed(0)]
        withKnownIssue { _ = GridCheck.expectNoFailure(actions, ClosesTabsIndex.self) }
        #expect(GridCheck.expectNoFailure(actions, Sessionless.self) == nil)
    }

    @Test func settingsComeFromArgumentsThenTheEnvironment() throws {
        let env = ["TABGRID_SEED": "0x2a", "TABGRID_ITERATIONS": "40", "TABGRID_PROPERTIES": "mapping, filter"]
        let s = try GridCheck.settings(budget: nil, properties: nil, seed: nil, environment: env)
        #expect(s.seed == 42 && s.budget == .sequences(40) && s.properties == [.mapping, .filter])
        let given = try GridCheck.settings(budget: .seconds(2), properties: [.crash], seed: 7, environment: env)
        #expect(given.seed == 7 && given.budget == .seconds(2) && given.properties == [.crash])
        #expect(try GridCheck.settings(budget: nil, properties: nil, seed: nil, environment: ["TABGRID_TIME_LIMIT": "3"]).budget == .seconds(3))
        for bad in [["TABGRID_PROPERTIES": "mapping,nope"], ["TABGRID_TIME_LIMIT": "-1"], ["TABGRID_ITERATIONS": "0"], ["TABGRID_SEED": "x"]] {
            #expect(throws: InputError.self, "\(bad)") { try GridCheck.settings(budget: nil, properties: nil, seed: nil, environment: bad) }
        }
    }
}

/// #26.5: the regression test GridCheck writes compiles as pasted for every oracle it can
/// name: the reference, the reference under a policy, and a factory made from a type.
@Suite struct RegressionTextTests {
    @Test func anOracleMadeFromATypeIsWrittenAsThatType() {
        let failure = Runner.Failure(step: 1, action: .newTab, violation: Violation(.mapping, "F3", "x"))
        let text = GridCheck.regressionTest([.newTab], failure: failure, id: "x", driver: DriverFactory(BlankTabDriver.self),
                                            oracle: .driver(DriverFactory(BlankTabDriver.self)))
        #expect(text.contains("], BlankTabDriver.self, with: .driver(GridDriverFactory(BlankTabDriver.self)))"), "\(text)")
        #expect(!text.contains("/*"))
        let policy = GridCheck.regressionTest([.newTab], failure: failure, id: "x", driver: DriverFactory(BlankTabDriver.self),
                                              oracle: .reference(policy: Policy(activeAfterClose: .none)))
        #expect(policy.contains("with: .reference(policy: GridPolicy(activeAfterClose: .none, emptyGrid: .allowed, reopenLimit: 20, filterMatching: .characterWise, moveUnderFilter: .nextDisplayed, moveSelection: .keepsActive, reopenSelection: .restoresActive, backgroundTabPlacement: .afterActive, gridColumns: .spec)))"), "\(policy)")
    }

    /// A factory made from a closure is written as the `source` it was given; without one,
    /// the test names it and a comment says what to define.
    @Test func anOracleMadeFromAClosureIsWrittenAsItsSource() {
        let failure = Runner.Failure(step: 1, action: .newTab, violation: Violation(.mapping, "F3", "x"))
        let closure = DriverFactory(name: "legacy grid", summary: "", source: "LegacyOracles.grid") { BlankTabDriver(viewport: $0) }
        let text = GridCheck.regressionTest([.newTab], failure: failure, id: "x", driver: closure, oracle: .driver(closure))
        #expect(text.contains("], implementation: LegacyOracles.grid, with: .driver(LegacyOracles.grid))") && !text.contains("//  `"), "\(text)")
        var unnamed = closure; unnamed.source = nil
        let bare = GridCheck.regressionTest([.newTab], failure: failure, id: "x", driver: unnamed, oracle: .driver(unnamed))
        #expect(bare.contains("with: .driver(legacyGrid))") && bare.contains("// `legacyGrid`: the GridDriverFactory registered as \"legacy grid\""), "\(bare)")
    }
}
