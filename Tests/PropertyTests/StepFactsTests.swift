import Checker
import ProductionDriver
import Generators
import Testing

/// The mapping property's "ids stay unique" check takes shortcuts for the usual steps (one
/// tab appended, tabs removed, a few inserted by a reopen) before building a set. A driver
/// that shows a duplicate id after a reopen must be caught on each path.
@Suite struct UniqueIDTests {
    /// Production, except that after a reopen its observation shows `copies` extra copies
    /// of the last tab's id (and title) in front.
    struct DuplicatesOnReopen: GridDriver {
        var base = TabModelDriver(viewport: .phone)
        let copies: Int
        var reopened = false
        mutating func apply(_ action: Action) -> StepOutcome {
            if case .reopen = action { reopened = true }
            return base.apply(action)
        }
        func observe() -> Observation {
            var o = base.observe()
            if reopened, let id = o.tabIDs.last, let title = o.titles.last {
                o.tabIDs.insert(contentsOf: Array(repeating: id, count: copies), at: 0)
                o.titles.insert(contentsOf: Array(repeating: title, count: copies), at: 0)
            }
            return o
        }
        func roundTrip() -> Result<Observation, RoundTripError>? { base.roundTrip() }
    }

    @Test(arguments: [1, 3, 6])
    func aDuplicateIDAfterAReopenIsCaught(_ copies: Int) {
        let factory = DriverFactory(name: "duplicates", summary: "") { _ in DuplicatesOnReopen(copies: copies) }
        let out = Runner(implementation: factory, properties: [.mapping])
            .run(.actions([.newTab, .newTab, .closeDisplayed(0), .reopen]), collectCoverage: false)
        #expect(out.failure?.step == 4)
        #expect(out.failure?.violation.message.contains("not unique") == true, "\(String(describing: out.failure))")
    }

    @Test func aReopenWithUniqueIDsPasses() {
        let out = Runner(properties: [.mapping])
            .run(.actions([.newTab, .newTab, .newTab, .closeDisplayed(1), .closeDisplayed(0), .reopen, .reopen]), collectCoverage: false)
        #expect(out.failure == nil)
    }
}
