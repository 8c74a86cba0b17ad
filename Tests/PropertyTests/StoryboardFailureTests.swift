import Checker
import Foundation
import Generators
import ProductionDriver
import Testing

/// #27: the storyboard explains failures that are not a wrong close — a reorder, a tab the
/// query hides, a close that removed a hidden tab, drivers that differ before the first step.
@Suite struct StoryboardFailureTests {
    /// Production that accepts a move and does nothing: the order is wrong, the set is not.
    struct IgnoresMoves: GridDriver {
        var base: TabModelDriver
        mutating func apply(_ action: Action) -> StepOutcome {
            if case .move(let f, let t) = action, base.observe().displayed.indices.contains(f), base.observe().displayed.indices.contains(t) {
                return StepOutcome()
            }
            return base.apply(action)
        }
        func observe() -> Observation { base.observe() }
        func roundTrip() -> Result<Observation, RoundTripError>? { base.roundTrip() }
    }

    /// Production that opens with one tab already there.
    struct StartsWithATab: GridDriver {
        var base: TabModelDriver
        init(viewport: ViewportSpec) { base = TabModelDriver(viewport: viewport); _ = base.apply(.newTab) }
        mutating func apply(_ action: Action) -> StepOutcome { base.apply(action) }
        func observe() -> Observation { base.observe() }
        func roundTrip() -> Result<Observation, RoundTripError>? { base.roundTrip() }
    }

    static func report(_ actions: [Action], _ runner: Runner) -> HTMLReport {
        var s = HTMLReport.Summary(title: "t", result: "fail", implementation: runner.implementation.name, oracle: runner.oracle.name,
                                   seed: "0x1", sequences: 1, steps: actions.count, elapsed: 0, properties: runner.properties)
        s.reproduce = ["tabcheck --replay x.json"]
        s.replayFile = "x.json"
        s.regressionTest = "@Test func regression() {\n\t#expect(a < b)\n}"
        return HTMLReport(summary: s, records: HTMLReport.records(actions, runner), coverage: nil)
    }

    @Test func aReorderIsHighlightedByPosition() {
        let runner = Runner(implementation: DriverFactory(name: "ignores-moves", summary: "") { IgnoresMoves(base: TabModelDriver(viewport: $0)) },
                            properties: [.differential])
        let report = Self.report([.newTab, .newTab, .move(from: 0, to: 1)], runner)
        let last = report.records.last!
        #expect(last.violation != nil)
        #expect(Set(last.implementation.displayed) == Set(last.oracle.displayed), "the same tabs, in another order")
        let pair = report.frames.last!
        #expect(pair.count == 2 && pair.allSatisfy { $0.highlight == ["t1", "t2"] }, "\(pair.map(\.highlight))")
        #expect(pair.allSatisfy { $0.moved == "t1" }, "the moved tab is marked in both frames")
        let page = report.page()
        #expect(page.contains("tabcell differs") && page.contains("tabcell moved") || page.contains("moved"))
        // The failure card comes before the storyboard, the campaign figures after it.
        let card = page.range(of: "id=\"failure\"")!.lowerBound, strip = page.range(of: "id=\"storyboard\"")!.lowerBound
        #expect(card < strip)
        #expect(page.contains("x.json") && page.contains("@Test func regression()"))
        // The regression test pastes: its lines and tabs stay, its markup is escaped (#39).
        #expect(page.contains("@Test func regression() {\n\t#expect(a &lt; b)\n}") && !page.contains("\\u{a}"))
    }

    @Test func hiddenAndRemovedTabsAreShown() {
        // The planted F3 bug closes tabs[0], a tab the query hides, instead of displayed 0.
        let runner = Runner(implementation: PlantedBug.closesTabsIndex.factory, properties: [PlantedBug.closesTabsIndex.property])
        let actions: [Action] = [.newTab, .newTab, .setTitle(id: "t2", title: "x"), .setQuery("x"), .closeDisplayed(0)]
        let report = Self.report(actions, runner)
        #expect(report.records.last?.violation != nil)
        // The frame's words as a reader sees them: labels wrap onto lines of their own.
        func words(_ svg: String) -> String {
            svg.replacing(/<[^>]*>/, with: " ").split(separator: " ").joined(separator: " ")
        }
        let before = words(report.frames[report.frames.count - 2][0].svg())
        #expect(before.contains("hidden by the query: t1"), "the tab the query hides is listed")
        #expect(before.contains("✕ closeDisplayed(0)"), "the next step is drawn on the tab it acts on")
        let implementationAfter = words(report.frames.last![0].svg())
        #expect(implementationAfter.contains("closed by this step: t1"), "the implementation closed the hidden tab")
        let oracleAfter = words(report.frames.last![1].svg())
        #expect(oracleAfter.contains("closed by this step: t2"))
    }

    /// A driver with the core, Close All and nothing else (no layout, no filter): drawn as a
    /// plain grid with no search bar, never as "tooSmall", and coverage counts no L or F1 rule.
    @Test func aPartialDriverIsDrawnAsItDeclares() throws {
        let caps: Set<Capability> = [.closeAll]
        let runner = Runner(implementation: DriverFactory(name: "plain", summary: "", capabilities: caps) { IgnoresMoves(base: TabModelDriver(viewport: $0)) },
                            properties: [.differential])
        var report = Self.report([.newTab, .newTab, .closeAll], runner)
        report.summary.capabilities = runner.capabilities
        let svg = report.frames[2][0].svg()
        #expect(!svg.contains("tooSmall") && !svg.contains("Search Tabs") && !svg.contains("Cancel"), "\(svg)")
        #expect(svg.components(separatedBy: "class=\"tabcell").count - 1 == 2, "two cells drawn on a plain grid")
        var c = Campaign.Config(); c.sequences = 30; c.largeGrids = false
        let r = Campaign(runner: runner, config: c).run()
        report.coverage = r.coverage
        report.summary.sequences = 30
        let page = report.page()
        #expect(page.contains(">F5<") || page.contains(">B1<"), "rules it implements are counted")
        #expect(!page.contains(">L5<") && !page.contains(">F1<"), "rules it does not implement are not")
    }

    /// A model that starts with one id twice fails `mapping` before the first step, even
    /// without the oracle (every later check takes a step's "before" ids to be unique).
    @Test func aModelThatStartsWithRepeatedIdsFailsBeforeTheFirstStep() throws {
        struct StartsWithTwins: GridDriver {
            var base: TabModelDriver
            init(viewport: ViewportSpec) { base = TabModelDriver(viewport: viewport); _ = base.apply(.newTab) }
            mutating func apply(_ action: Action) -> StepOutcome { base.apply(action) }
            func observe() -> Observation {
                var o = base.observe()
                o.tabIDs += o.tabIDs; o.titles += o.titles
                return o
            }
            func roundTrip() -> Result<Observation, RoundTripError>? { base.roundTrip() }
        }
        let runner = Runner(implementation: DriverFactory(name: "twins", summary: "") { StartsWithTwins(viewport: $0) },
                            properties: [.mapping])
        let f = try #require(runner.run(.actions([.newTab])).failure)
        #expect(f.step == 0 && f.violation.property == .mapping && f.violation.message.contains("not unique"), "\(f)")
    }

    @Test func driversThatStartApartFailBeforeTheFirstStep() throws {
        let runner = Runner(implementation: DriverFactory(name: "starts-with-a-tab", summary: "") { StartsWithATab(viewport: $0) })
        let out = runner.run(.actions([.newTab, .closeAll]))
        let f = try #require(out.failure)
        #expect(f.step == 0 && f.action == nil && f.violation.property == .differential, "\(f)")
        #expect(out.executed.isEmpty)
        #expect(Report.steps([], failure: f).contains("before the first step"))
        let report = Self.report([.newTab], runner)
        #expect(report.records.count == 1 && report.records[0].violation != nil)
        let page = report.page()
        #expect(page.contains("before the first step"))
        #expect(page.contains("broken before the first step (the states the two drivers start in): expected"))
        // The same two drivers in a campaign: found at step 0, and the shrunk sequence is empty.
        var c = Campaign.Config(); c.sequences = 20; c.largeGrids = false
        let found = try #require(Campaign(runner: runner, config: c).run().found)
        #expect(found.shrunk.isEmpty && found.shrunkFailure.step == 0)
    }
}
