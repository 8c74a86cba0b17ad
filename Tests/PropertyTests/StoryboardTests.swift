import Checker
import ProductionDriver
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Generators
import Testing

/// Issue 16: the HTML report is well-formed XHTML, holds a frame per step plus one, and
/// each frame shows exactly the displayed tabs of its observation.
@Suite struct StoryboardTests {
    /// The page read back as XML: every figure.frame, and in it each <svg>'s cells.
    final class Reader: NSObject, XMLParserDelegate {
        struct Frame { var step = -1; var screens: [[(index: Int, tab: String)]] = []; var caption = "" }
        var frames: [Frame] = []
        var depthInFigure = 0, screenDepth = 0, inCaption = false
        var texts: [String] = []
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes a: [String: String] = [:]) {
            if name == "figure", a["class"]?.hasPrefix("frame") == true { frames.append(Frame(step: Int(a["data-step"] ?? "") ?? -1)); depthInFigure = 1; return }
            guard depthInFigure > 0 else { return }
            depthInFigure += 1
            if name == "svg", a["xmlns"] != nil { frames[frames.count - 1].screens.append([]) }
            if name == "g", a["class"] == "cell", let tab = a["data-tab"] {
                let i = frames.count - 1
                frames[i].screens[frames[i].screens.count - 1].append((Int(a["data-index"] ?? "") ?? -1, tab))
            }
            if name == "figcaption" { inCaption = true }
        }
        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "figcaption" { inCaption = false }
            if depthInFigure > 0 { depthInFigure -= 1 }
        }
        func parser(_ parser: XMLParser, foundCharacters s: String) {
            texts.append(s)
            if inCaption { frames[frames.count - 1].caption += s }
        }
    }

    static func read(_ page: String) throws -> Reader {
        let reader = Reader()
        let parser = XMLParser(data: Data(page.utf8))
        parser.delegate = reader
        guard parser.parse() else { throw InputError("not well-formed XML: \(parser.parserError.map(String.init(describing:)) ?? "?") at line \(parser.lineNumber)") }
        return reader
    }

    static func report(_ actions: [Action], _ runner: Runner) -> HTMLReport {
        var s = HTMLReport.Summary(title: "t", result: "fail", implementation: runner.implementation.name, oracle: runner.oracle.name,
                                   seed: "0x1", sequences: 1, steps: actions.count, elapsed: 0, properties: runner.properties)
        s.reproduce = ["tabcheck --replay x.json"]
        return HTMLReport(summary: s, records: HTMLReport.records(actions, runner), coverage: nil)
    }

    /// Failing sequences of planted bugs, drawn and read back.
    @Test(arguments: [PlantedBug.closesTabsIndex, .lockKeptOnClose, .noMinimumWidth, .crashesOnCloseAll])
    func eachFrameShowsExactlyTheDisplayedTabs(_ bug: PlantedBug) throws {
        let runner = Runner(implementation: bug.factory, properties: [bug.property])
        let r = Budget.campaign(runner, sequences: 2_000, seed: 1)
        let found = try #require(r.found)
        let report = Self.report(found.shrunk, runner)
        let page = try Self.read(report.page())
        #expect(page.frames.count == found.shrunk.count + 1, "a frame per step plus the state before the first")
        // What each step shows, replayed independently of the report.
        var observed: [(Observation, Observation)] = []
        _ = runner.run(.actions(found.shrunk), collectCoverage: false, onStep: { observed.append(($0.implementation, $0.oracle)) })
        for (frame, (impl, oracle)) in zip(page.frames, observed) {
            let expected = frame.screens.count == 2 ? [impl.displayed, oracle.displayed] : [impl.displayed]
            let shown = frame.screens.map { $0.sorted { $0.index < $1.index }.map(\.tab) }
            #expect(shown == expected, "frame \(frame.step): shows \(shown), displayed is \(expected)")
            if frame.step > 0 { #expect(frame.caption.contains("step \(frame.step): \(HTMLReport.caption(found.shrunk[frame.step - 1]))")) }
        }
        #expect(page.frames.last?.screens.count == 2, "the failing step is drawn for both drivers")
        #expect(page.texts.joined().contains("Broken: "))
    }

    /// Absurd viewports, big grids, control characters and markup in titles: still
    /// well-formed, still every displayed tab.
    @Test func hostileValuesStayWellFormed() throws {
        var actions: [Action] = (0..<40).map { _ in .newTab }
        actions += [.setTitle(id: "t3", title: "<b>&\"'\u{0}\u{1B}\r\n👩‍👩‍👧"), .setQuery("\u{7}"), .setQuery(""), .swipeBegan(2, vx: -900, vy: 0),
                    .swipeChanged(tx: -60), .setViewport(ViewportSpec(width: .nan, height: .infinity)), .setViewport(ViewportSpec(width: 20, height: 20)),
                    .setViewport(ViewportSpec(width: 1024, height: 768, safeLeft: 47, safeRight: 47)), .tapClose(5)]
        let runner = Runner()
        let report = Self.report(actions, runner)
        let page = try Self.read(report.page())
        #expect(page.frames.count == actions.count + 1)
        var observed: [Observation] = []
        _ = runner.run(.actions(actions), collectCoverage: false, onStep: { observed.append($0.implementation) })
        for (frame, o) in zip(page.frames, observed) {
            #expect(frame.screens.flatMap { $0.sorted { $0.index < $1.index }.map(\.tab) } == o.displayed, "frame \(frame.step)")
        }
        for frames in report.frames { _ = try Self.read(StoryboardFrame.combined(frames)) }
    }

    /// A passing campaign's page: no storyboard, the campaign's figures.
    @Test func aPassingCampaignHasFiguresAndNoFrames() throws {
        var c = Campaign.Config(); c.sequences = 40; c.largeGrids = false
        let r = Campaign(runner: Runner(), config: c).run()
        let s = HTMLReport.Summary(title: "t", result: "pass", implementation: "production", oracle: "reference", seed: "0x1",
                                   sequences: r.sequences, steps: r.steps, elapsed: r.elapsed, properties: Property.allCases)
        let page = try Self.read(HTMLReport(summary: s, records: [], coverage: r.coverage).page())
        #expect(page.frames.isEmpty)
        let text = page.texts.joined()
        for heading in ["Rule coverage", "Sequence lengths", "Most tabs open at once", "Viewport class", "Situations reached"] {
            #expect(text.contains(heading))
        }
        #expect(r.coverage.distributions.lengths.reduce(0, +) == 40)
        #expect(r.coverage.distributions.viewports.reduce(0, +) == r.steps)
    }
}
