import Checker
import ProductionDriver
import Testing

/// `GridCapability.indicesArePreconditions` (#38): a model that traps on an index out of range,
/// or ignores one silently, as real models do, is checked without a false alarm when it says
/// so — and the same model without the declaration is caught, so the declaration is what makes
/// the difference.
@Suite struct PreconditionTests {
    /// Production, but an index out of range is the model's precondition: it "traps" (a
    /// crash outcome) or, `silent`, is ignored without a word.
    struct IndexPrecondition: GridDriver {
        var base = TabModelDriver(viewport: .phone)
        let silent: Bool
        mutating func apply(_ action: Action) -> StepOutcome {
            let n = base.observe().displayed.count
            let indices: [Int] = switch action {
            case .closeDisplayed(let i), .select(let i), .tapClose(let i), .swipeBegan(let i, _, _), .beginMove(let i), .updateMove(let i): [i]
            case let .move(f, t), let .reorder(f, t): [f, t]
            default: []
            }
            if indices.contains(where: { !(0..<n).contains($0) }) {
                return silent ? StepOutcome() : .crash("Fatal error: Index out of range")
            }
            return base.apply(action)
        }
        func observe() -> Observation { base.observe() }
        func roundTrip() -> Result<Observation, RoundTripError>? { base.roundTrip() }
    }

    static func factory(silent: Bool, declared: Bool) -> DriverFactory {
        DriverFactory(name: "precondition-\(silent ? "silent" : "trap")", summary: "",
                      capabilities: declared ? Capability.withDiffable.union([.indicesArePreconditions]) : Capability.withDiffable) { _ in
            IndexPrecondition(silent: silent)
        }
    }

    static func campaign(_ f: DriverFactory) -> Campaign.Found? {
        var config = Campaign.Config()
        config.sequences = 300
        config.seed = 11
        return Campaign(runner: Runner(implementation: f, oracle: .reference), config: config).run().found
    }

    @Test(arguments: [false, true])
    func declaredItRaisesNoFalseAlarm(_ silent: Bool) {
        let found = Self.campaign(Self.factory(silent: silent, declared: true))
        #expect(found == nil, "\(found.map { "\($0.shrunk): \($0.shrunkFailure)" } ?? "")")
    }

    @Test(arguments: [false, true])
    func undeclaredItIsCaught(_ silent: Bool) {
        let found = Self.campaign(Self.factory(silent: silent, declared: false))
        #expect(found != nil, "an index out of range must reach the model without the declaration")
    }

    /// Declared, an out-of-range index that comes anyway (a replay) is as good ignored as rejected;
    /// an ignored index that changes something is not.
    @Test func aSilentGuardIsARejection() {
        let actions: [Action] = [.newTab, .closeDisplayed(5), .select(3)]
        #expect(Regression.check(actions, implementation: Self.factory(silent: true, declared: true)) == nil)
        #expect(Regression.check(actions, implementation: Self.factory(silent: true, declared: false)) != nil)
    }
}
