@testable import BlankTabBrowser
import TabGridTesting
import Testing

/// `Tabs` checked under its policy (the preset duckduckgo-ios: the previous tab after a
/// close, never empty) and its own property (never empty): no false alarm, each planted
/// mistake found and shrunk to its proven minimum, the policy inferred from the model alone.
@Suite struct BlankTabBrowserTests {
    static let policy = GridPolicy.duckduckgoIOS

    /// Twenty seconds (the budget CI affords; a longer one here for a longer campaign).
    @Test func aCampaignUnderItsPolicyRaisesNoFalseAlarm() async {
        let found = await GridCheck.expectAgreement(TabsDriver.self, with: .reference(policy: Self.policy), budget: .seconds(20),
                                                    customProperties: [NeverEmpty()])
        #expect(found == nil)
    }

    /// Each mistake, and the rule the report must name.
    static let mistakes: [(Tabs.Mistake, property: String, rule: String)] = [
        (.nextBecomesCurrent, "activeTab", "A3"),
        (.emptyAfterLastClose, "mapping", "F4"),
        (.clearKeepsStaleIndex, "activeTab", "A3"),
        (.moveForgetsCurrent, "activeTab", "F9"),
        (.addKeepsCurrent, "activeTab", "A2"),
    ]

    @Test(arguments: mistakes.indices)
    func aPlantedMistakeIsFoundAndShrunkToItsMinimum(_ k: Int) throws {
        let (mistake, property, rule) = Self.mistakes[k]
        let planted = GridDriverFactory(name: "blank-tab-\(mistake.rawValue)", summary: "", capabilities: TabsDriver.capabilities) { _ in
            TabsDriver(mistake: mistake)
        }
        let found = try #require(GridCheck.find(planted, with: .reference(policy: Self.policy), sequences: 2_000, maxSteps: 120,
                                                customProperties: [NeverEmpty()]), "\(mistake) was not found")
        let v = found.failure.violation
        #expect(v.property.rawValue == property && v.rule == rule, "\(mistake): \(v)")
        // Minimal: no sequence one step shorter fails, over values drawn from the failure.
        let shorter = GridCheck.shorterFailure(than: found, of: planted, with: .reference(policy: Self.policy), customProperties: [NeverEmpty()])
        #expect(shorter == nil, "\(mistake): shrunk to \(found.shrunk), but \(shorter ?? []) fails too")
    }

    @Test func neverEmptyIsCheckedAndCanFail() {
        let planted = GridDriverFactory(name: "blank-tab-empty", summary: "", capabilities: TabsDriver.capabilities) { _ in
            TabsDriver(mistake: .emptyAfterLastClose)
        }
        let f = GridCheck.failure(of: [.closeDisplayed(0)], implementation: planted, with: .reference(policy: Self.policy),
                                  properties: [NeverEmpty.name], customProperties: [NeverEmpty()])
        #expect(f?.violation.property == NeverEmpty.name && f?.violation.rule == "F5", "\(String(describing: f))")
    }

    @Test func thePolicyIsInferredFromTheModelAlone() {
        let inferred = GridCheck.inferPolicy(of: GridDriverFactory(TabsDriver.self))
        #expect(inferred.preset == "duckduckgo-ios", "\(inferred.rounds)")
    }
}

/// The app's own names beside TabGridTesting's, in one test file that `@testable import`s
/// the app: its `Action` and `Policy`, and a test helper called `Observation`. None is
/// ambiguous — TabGrid's are `GridAction`, `GridPolicy` and `GridObservation` (#38).
struct Observation: Equatable { var titles: [String] }

@Suite struct OwnNamesBesideTabGridTests {
    @Test func theAppsOwnNamesMeanTheAppsTypes() {
        let model = TabsViewModel()
        let actions: [Action] = [.add, .add, .close(0)]
        for a in actions { model.send(a) }
        #expect(Observation(titles: model.titles).titles.count == 2)
        #expect(Policy().restoresTabsOnLaunch)
        // TabGrid's vocabulary, in the same file, by its own names.
        let grid: [GridAction] = [.newTab, .closeDisplayed(0)]
        #expect(GridCheck.failure(of: grid, implementation: GridDriverFactory(TabsDriver.self), with: .reference(policy: GridPolicy.duckduckgoIOS)) == nil)
    }
}
