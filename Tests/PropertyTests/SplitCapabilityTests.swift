import Checker
import Foundation
import Generators
import ProductionDriver
import ReferenceModel
import Testing

/// Issue 26.5: what every model must have, apart from what this SPEC chose — a filter
/// without a search bar's Cancel button (capability `searchBar`), and a grid with its own
/// column rule (policy knob `gridColumns`).
@Suite struct SplitCapabilityTests {
    /// How a model differs from production, in what it shows.
    enum Rewrite: String, CaseIterable, Sendable {
        /// A filter field without a Cancel button.
        case noButton
        /// One tab in half the row, as a grid that never changes its columns for one tab.
        case halfWidthForOne
        /// Square thumbnails (SPEC L4 takes the height from the viewport's aspect).
        case squareItems
        case nanWidth, widerThanTheRow, nothingShown

        func apply(_ o: inout Observation) {
            switch self {
            case .noButton: o.cancelVisible = false
            case .halfWidthForOne:
                guard !o.layout.tooSmall, o.layout.columns == 1.33 else { return }
                o.layout.columns = 1
                o.layout.itemWidth /= 2
            case .squareItems: if !o.layout.tooSmall { o.layout.itemHeight = o.layout.itemWidth }
            case .nanWidth: if !o.layout.tooSmall { o.layout.itemWidth = .nan }
            case .widerThanTheRow: if !o.layout.tooSmall { o.layout.itemWidth *= 3 }
            case .nothingShown: o.layout = Observation.Layout(tooSmall: true)
            }
        }
    }

    /// Production with its observation rewritten.
    struct Rewritten: GridDriver {
        var base: TabModelDriver
        let rewrite: Rewrite
        mutating func apply(_ action: Action) -> StepOutcome { base.apply(action) }
        func observe() -> Observation { var o = base.observe(); rewrite.apply(&o); return o }
        func roundTrip() -> Result<Observation, RoundTripError>? { base.roundTrip().map { $0.map { var o = $0; rewrite.apply(&o); return o } } }
    }

    static func factory(_ rewrite: Rewrite, _ caps: Set<Capability> = Capability.all) -> DriverFactory {
        DriverFactory(name: rewrite.rawValue, summary: "production, rewritten", capabilities: caps) { Rewritten(base: TabModelDriver(viewport: $0), rewrite: rewrite) }
    }

    static func campaign(_ runner: Runner, sequences: Int = 300) -> Campaign.Result {
        var c = Campaign.Config(); c.sequences = sequences; c.largeGrids = false; c.shrinkTime = 10
        return Campaign(runner: runner, config: c).run()
    }

    /// A filter field with no Cancel button: declared without `searchBar`, it is checked on
    /// F1 and F6 with no false alarm, and no begin/end/cancel is drawn; claiming the search
    /// bar it lacks fails on F7.
    @Test func aFilterWithoutACancelButton() {
        let honest = Runner(implementation: Self.factory(.noButton, Capability.all.subtracting([.searchBar])))
        #expect(honest.skippedProperties.isEmpty)
        let r = Self.campaign(honest)
        #expect(r.found == nil, "\(r.found.map { Report.steps($0.shrunk, failure: $0.shrunkFailure) } ?? "")")
        #expect(r.coverage.kinds[.search] == nil && (r.coverage.kinds[.setQuery] ?? 0) > 0)

        let claiming = Runner(implementation: Self.factory(.noButton))
        let f = claiming.run(.actions([.beginSearch])).failure
        #expect(f?.violation.rule == "F7" || f?.violation.property == .differential, "\(String(describing: f))")
    }

    /// Square thumbnails, or one tab in half the row: failures of SPEC's L4 and L2, a model's
    /// own choice under `gridColumns = .anyFitting`, which inference names.
    @Test(arguments: [Rewrite.squareItems, .halfWidthForOne])
    func anotherColumnRuleIsAPolicy(_ rewrite: Rewrite) {
        let model = Self.factory(rewrite)
        let spec = Runner(implementation: model).run(.actions([.newTab])).failure
        #expect(spec?.violation.rule.hasPrefix("L") == true || spec?.violation.property == .differential, "\(String(describing: spec))")
        #expect(PolicyInference.explaining([.newTab], runner: Runner(implementation: model)).map(\.description) == ["gridColumns = anyFitting"])

        let free = Runner(implementation: model).withPolicy(Policy(gridColumns: .anyFitting))
        #expect(free.run(.actions([.newTab, .setViewport(ViewportSpec(width: 1180, height: 820)), .newTab, .closeDisplayed(0)])).failure == nil)
        // A campaign, for the model that draws its fly-aways from the layout it shows.
        guard rewrite == .squareItems else { return }
        let r = Self.campaign(free)
        #expect(r.found == nil, "\(r.found.map { Report.steps($0.shrunk, failure: $0.shrunkFailure) } ?? "")")
    }

    /// What every grid must have is still judged under `.anyFitting`.
    @Test(arguments: [Rewrite.nanWidth, .widerThanTheRow, .nothingShown])
    func whatEveryGridMustHaveIsStillJudged(_ rewrite: Rewrite) {
        let runner = Runner(implementation: Self.factory(rewrite)).withPolicy(Policy(gridColumns: .anyFitting))
        let f = runner.run(.actions([.newTab, .newTab])).failure
        #expect(f?.violation.property == .itemsPerRow, "\(rewrite): \(String(describing: f))")
    }

    @Test func theKnobReadsAndWrites() throws {
        let p = try PolicyFile.parse(Data(#"{"gridColumns": "anyFitting"}"#.utf8), source: "p.json")
        #expect(p == Policy(gridColumns: .anyFitting))
        #expect(try PolicyFile.parse(Data(PolicyFile.json(p).utf8), source: "again") == p)
        // A replay written before the knob existed still reads.
        let old = try JSONDecoder().decode(Policy.self, from: Data(#"{"activeAfterClose":"none","emptyGrid":"allowed","reopenLimit":3,"filterMatching":"characterWise"}"#.utf8))
        #expect(old == Policy(activeAfterClose: .none, reopenLimit: 3))
        #expect(throws: InputError.self) { try PolicyFile.parse(Data(#"{"gridColumns": "three"}"#.utf8), source: "p.json") }
    }
}
