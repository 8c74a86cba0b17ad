import BlankTabBrowser
import TabGridTesting
import Testing

/// `Tabs` checked under its policy (the preset duckduckgo-ios: the previous tab after a
/// close, never empty) and its own property (never empty): no false alarm, each planted
/// mistake found and shrunk to its proven minimum, the policy inferred from the model alone.
@Suite struct BlankTabBrowserTests {
    static let policy = PolicyFile.presets.first { $0.name == "duckduckgo-ios" }!.policy

    @Test func aMinuteUnderItsPolicyRaisesNoFalseAlarm() async {
        let found = await GridCheck.expectAgreement(TabsDriver.self, with: .reference(policy: Self.policy), budget: .seconds(60),
                                                    customProperties: [NeverEmpty()])
        #expect(found == nil)
    }

    /// Each mistake, and the rule the report must name.
    static let mistakes: [(Tabs.Mistake, property: String, rule: String)] = [
        (.nextBecomesCurrent, "activeTab", "A3"),
        (.emptyAfterLastClose, "mapping", "F4"),
        (.clearKeepsStaleIndex, "activeTab", "A3"),
        (.moveForgetsCurrent, "differential", "active (A1–A4)"),
        (.addKeepsCurrent, "activeTab", "A2"),
    ]

    @Test(arguments: mistakes.indices)
    func aPlantedMistakeIsFoundAndShrunkToItsMinimum(_ k: Int) throws {
        let (mistake, property, rule) = Self.mistakes[k]
        let planted = DriverFactory(name: "blank-tab-\(mistake.rawValue)", summary: "", capabilities: TabsDriver.capabilities) { _ in
            TabsDriver(mistake: mistake)
        }
        var runner = Runner(implementation: planted, oracle: .reference).withPolicy(Self.policy)
        runner.customProperties = [NeverEmpty()]
        var config = Campaign.Config()
        config.sequences = 2_000
        config.maxSteps = 120
        let found = try #require(Campaign(runner: runner, config: config).run().found, "\(mistake) was not found")
        let v = found.shrunkFailure.violation
        #expect(v.property.rawValue == property && v.rule == rule, "\(mistake): \(v)")
        // Minimal: no sequence one step shorter fails, over values drawn from the failure.
        if found.shrunk.count > 1 {
            let shorter = found.shrunk.count - 1
            let search = ExhaustiveSearch.search(runner, limit: shorter, alphabet: ExhaustiveSearch.alphabet(limit: shorter, from: found.shrunk), jobs: 2)
            #expect(search.found == nil, "\(mistake): shrunk to \(found.shrunk), but \(search.found ?? []) fails too")
        }
    }

    @Test func neverEmptyIsCheckedAndCanFail() {
        let planted = DriverFactory(name: "blank-tab-empty", summary: "", capabilities: TabsDriver.capabilities) { _ in
            TabsDriver(mistake: .emptyAfterLastClose)
        }
        var runner = Runner(implementation: planted, oracle: .reference, properties: [NeverEmpty.name]).withPolicy(Self.policy)
        runner.customProperties = [NeverEmpty()]
        let f = runner.run(.actions([.closeDisplayed(0)])).failure
        #expect(f?.violation.property == NeverEmpty.name && f?.violation.rule == "F5", "\(String(describing: f))")
    }

    @Test func thePolicyIsInferredFromTheModelAlone() {
        var config = Campaign.Config()
        config.sequences = 1_000
        config.maxSteps = 120
        let inferred = PolicyInference.infer(runner: Runner(implementation: DriverFactory(TabsDriver.self), oracle: .reference), config: config)
        #expect(inferred.policy.flatMap(PolicyFile.name(of:)) == "duckduckgo-ios", "\(inferred.rounds)")
    }
}
