import Checker
import Foundation
import Generators
import ProductionDriver
import Testing

/// The failure card of the reports that were wrong or empty (decisions.md, Reports): a
/// failure before the first step, a trap, a viewport too small to draw; and what every
/// failing page says — the rule in its words, expected and got, a mark per differing field.
@Suite struct StoryboardPageTests {
    static func report(_ actions: [Action], _ runner: Runner, failure: Runner.Failure? = nil) -> HTMLReport {
        var s = HTMLReport.Summary(title: "t", result: "fail", implementation: runner.implementation.name, oracle: runner.oracle.name,
                                   seed: "0x1", sequences: 1, steps: actions.count, elapsed: 0, properties: runner.properties)
        s.regressionTest = "@Test func regression() {}"
        s.hints = ["policy: this sequence passes with emptyGrid = replacedByNewTab"]
        return HTMLReport(summary: s, records: HTMLReport.records(actions, runner, failure: failure), coverage: nil)
    }

    /// The words of an SVG or a page as a reader sees them (labels wrap onto lines of their own).
    static func words(_ markup: String) -> String {
        markup.replacing(/<[^>]*>/, with: " ").split(separator: " ").joined(separator: " ")
    }

    @Test func aFailureBeforeTheFirstStepHasItsWholeCard() throws {
        let runner = Runner(implementation: DriverFactory(name: "starts-with-a-tab", summary: "") { StoryboardFailureTests.StartsWithATab(viewport: $0) })
        let report = Self.report([], runner)
        #expect(report.records.count == 1 && report.records[0].violation != nil)
        let page = report.page()
        let text = Self.words(page)
        #expect(text.contains("broken before the first step (the states the two drivers start in): expected tabs [] (oracle reference); got tabs [t1 &quot;New Tab&quot;]"), "\(text.prefix(600))")
        #expect(page.contains("<tr data-field=\"tabs\">") && page.contains("data-mark=\"tabs"), "the table and its marks")
        #expect(page.contains("id=\"regression-test\"") && text.contains("policy: this sequence passes"), "the regression test and the console's hints")
        #expect(!text.contains("no failing sequence to draw"))
    }

    @Test func aTrapDrawsTheTrapAndTheOraclesStateAfterIt() throws {
        let runner = Runner()
        let actions: [Action] = [.newTab, .newTab, .closeDisplayed(1)]
        let message = "production (the implementation) trapped in apply: Swift/Array.swift:1: Fatal error: Index out of range (SIGILL), in TabGrid.close(_:) at TabGrid.swift:9"
        let failure = Runner.Failure(step: 3, action: actions[2], violation: Violation(.crash, "trap", message))
        let report = Self.report(actions, runner, failure: failure)
        let pair = try #require(report.frames.last)
        #expect(pair[0].trapped == message, "the implementation has no state after a trap")
        #expect(pair[1].observation.tabIDs == ["t1"], "the oracle's state after the step, replayed alone: \(pair[1].observation.tabIDs)")
        let text = Self.words(report.page())
        #expect(text.contains("trapped at this step: no state after it"))
        #expect(text.contains("The implementation production trapped at step 3 of 3 (closeDisplayed(1)): expected the step to return; got a trap in apply"))
        #expect(text.contains("in TabGrid.close(_:) at TabGrid.swift:9"), "the model's own frame")
        let before = Self.words(report.frames[2][0].svg())
        #expect(before.contains("✕ closeDisplayed(1)"), "the trapping step is drawn on the state it acted on")
    }

    @Test func aTinyViewportIsDescribedNotDrawnOverTheHeading() throws {
        let runner = Runner(implementation: PlantedBug.noMinimumWidth.factory, properties: [PlantedBug.noMinimumWidth.property])
        let actions: [Action] = [.newTab, .setViewport(ViewportSpec(width: 31, height: 1))]
        let report = Self.report(actions, runner)
        for frames in report.frames {
            for frame in frames {
                var large = frame
                large.size = StoryboardFrame.large
                for svg in [frame.svg(), large.svg()] {
                    #expect(!svg.contains("y=\"-"), "nothing drawn above the frame: \(svg.prefix(300))")
                    #expect(svg.firstMatch(of: /\d\.\d{3,}/) == nil, "no size printed to sixteen digits")
                }
            }
        }
        let last = Self.words(report.frames.last![0].svg())
        #expect(last.contains("viewport 31 × 1 pt: too small to draw to scale"), "\(last)")
    }

    @Test func exportedFramesCarryTheirStyles() {
        let report = Self.report([.newTab, .setQuery("x")], Runner())
        for frames in report.frames { #expect(StoryboardFrame.combined(frames).contains("<style>.screen{"), "a file opened alone is not black") }
    }

    @Test func theRuleTextsAreSPECsOwn() throws {
        let spec = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../docs/SPEC.md"), encoding: .utf8)
        let parsed = SpecRules.parse(spec)
        #expect(parsed.count >= 40)
        for rule in parsed { #expect(SpecRules.text(rule.id) == rule.text, "\(rule.id): run scripts/spec-rules.py") }
        #expect(SpecRules.ids(in: "tabs (F2–F9)") == ["F2", "F3", "F4", "F5", "F6", "F7", "F8", "F9"])
        #expect(SpecRules.ids(in: "F6/F7") == ["F6", "F7"] && SpecRules.ids(in: "rejected restoreData").isEmpty && SpecRules.ids(in: "trap").isEmpty)
    }
}
