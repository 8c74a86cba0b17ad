import Checker
import ProductionDriver
import Generators
import TabGridTesting
import Testing

/// The recipe in docs/architecture.md ("Add a property"), followed to the letter: a property
/// of one's own, judged from the implementation's observations alone, selected by name,
/// reported, shrunk and replayed like the built-in ones.
@Suite struct CustomPropertyTests {
    /// F2, read one way: a new tab is appended last, titled "New Tab".
    struct NewTabIsLast: GridStepProperty {
        static let name = Property("newTabIsLast")
        let rules = ["F2"]
        let needs: Set<Capability> = [.titles]
        func check(_ step: GridStepFacts, _ pre: Observation, _ post: Observation) -> Violation? {
            guard case .newTab = step.action, step.outcome.rejected == nil else { return nil }
            guard post.tabIDs.count == pre.tabIDs.count + 1, post.tabIDs.starts(with: pre.tabIDs), post.titles.last == "New Tab" else {
                return Violation(Self.name, "F2", "a new tab must be appended last, titled \"New Tab\": tabs went from \(pre.tabIDs) to \(post.tabIDs)")
            }
            return nil
        }
    }

    /// Production, except that the third new tab is inserted first.
    struct ThirdTabFirst: GridDriver {
        var base = TabModelDriver(viewport: .phone)
        var made = 0
        mutating func apply(_ action: Action) -> StepOutcome {
            guard case .newTab = action else { return base.apply(action) }
            made += 1
            guard made == 3 else { return base.apply(action) }
            let out = base.apply(.newTab)
            let o = base.observe()
            _ = base.apply(.move(from: o.displayed.count - 1, to: 0))
            return out
        }
        func observe() -> Observation { base.observe() }
        func roundTrip() -> Result<Observation, RoundTripError>? { base.roundTrip() }
    }

    static let planted = DriverFactory(name: "third-tab-first", summary: "production with the third new tab inserted first") { _ in ThirdTabFirst() }

    @Test func aCustomPropertyCatchesABugWithNothingElseOn() {
        var runner = Runner(implementation: Self.planted, properties: [NewTabIsLast.name])
        runner.customProperties = [NewTabIsLast()]
        let r = Budget.campaign(runner, sequences: 500, seed: 1)
        let f = try! #require(r.found, "the custom property must catch the planted bug")
        #expect(f.shrunkFailure.violation.property == NewTabIsLast.name)
        #expect(f.shrunkFailure.violation.rule == "F2")
        #expect(f.shrunk == [.newTab, .newTab, .newTab], "shrunk to \(f.shrunk)")
        // Replayed: the same failure from the shrunk actions.
        #expect(runner.run(.actions(f.shrunk)).failure?.violation.property == NewTabIsLast.name)
    }

    @Test func theDefaultSelectionIncludesCustomPropertiesAndNamesThemInReports() {
        var runner = Runner()
        runner.customProperties = [NewTabIsLast()]
        #expect(runner.selected.last == NewTabIsLast.name)
        #expect(runner.checkedProperties.contains(NewTabIsLast.name))
        #expect(runner.knownProperties.contains(NewTabIsLast.name))
        #expect(Budget.campaign(runner, sequences: 200, seed: 3).found == nil, "production breaks no property, custom or built-in")
        // A driver without titles: skipped, and named as skipped.
        runner.implementation = DriverFactory(name: "no-titles", summary: "", capabilities: Capability.all.subtracting([.titles])) { TabModelDriver(viewport: $0) }
        #expect(runner.skippedProperties == [NewTabIsLast.name])
        #expect(runner.skippedDescription == "newTabIsLast (needs titles)")
    }
}

/// The same property through the Swift Testing API: `customProperties:` on expectAgreement.
@Suite struct CustomPropertyGridCheckTests {
    @Test func expectAgreementChecksACustomProperty() async {
        await withKnownIssue {
            _ = await GridCheck.expectAgreement(CustomPropertyTests.planted, with: .reference, budget: .sequences(500),
                                                properties: [CustomPropertyTests.NewTabIsLast.name],
                                                customProperties: [CustomPropertyTests.NewTabIsLast()])
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().hasPrefix("newTabIsLast broke rule F2")
        }
    }
}
