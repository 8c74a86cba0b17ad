import Checker
import Generators
import ProductionDriver
import Testing

/// #26.1: every knob of `Policy` is honoured by the reference and by every property. For
/// each value, the reference under that policy, judged by every property under it, passes
/// a campaign (no property encodes SPEC's choice unconditionally); judged under SPEC's
/// policy instead, it fails on the rule the knob replaces (the knob changes something).
@Suite struct PolicyTests {
    static let variants: [(Policy, rule: String)] = [
        (Policy(activeAfterClose: .previousThenNext), "A3"),
        (Policy(activeAfterClose: .mostRecentlyActive), "A3"),
        (Policy(activeAfterClose: .none), "A3"),
        (Policy(emptyGrid: .replacedByNewTab), "F3"),
        (Policy(reopenLimit: 3), "U1"),
        (Policy(reopenLimit: 0), "U1"),
        (Policy(filterMatching: .caseAndDiacriticInsensitive), "F1"),
        (Policy(activeAfterClose: .previousThenNext, emptyGrid: .replacedByNewTab, reopenLimit: 100), "A3"),
    ]

    @Test(arguments: variants.indices)
    func theReferenceUnderAPolicyPassesEveryPropertyUnderIt(_ k: Int) {
        let policy = Self.variants[k].0
        let runner = Runner(implementation: .reference, oracle: .reference).withPolicy(policy)
        let r = Budget.campaign(runner, sequences: 1_500, seed: 4)
        #expect(r.found == nil, "\(policy): \(Budget.explain(r))")
    }

    @Test(arguments: variants.indices)
    func judgedUnderSpecInsteadItFails(_ k: Int) {
        let (policy, _) = Self.variants[k]
        // The reference under the policy, judged by every property but differential under SPEC's.
        let runner = Runner(implementation: .reference(policy), oracle: .reference, properties: Property.allCases.filter { $0 != .differential })
        let r = Budget.campaign(runner, sequences: 3_000, seed: 5)
        #expect(r.found != nil, "\(policy) is indistinguishable from SPEC's without the oracle")
    }

    @Test func specIsTheDefaultEverywhere() {
        #expect(Runner().policy == .spec)
        #expect(Policy() == .spec)
        #expect(DriverFactory.reference(.spec).name == "reference")
    }
}
