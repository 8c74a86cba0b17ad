import Checker
import Foundation
import Generators
import Testing

/// The extension points are complete or fail here (#38): a new action kind or policy knob
/// that misses a place the compiler cannot see is a failing test, never a silent gap.
/// (The places the compiler sees — `GridAction.==`, `kind`, `swiftCode`, `RuleCoverage.rules`,
/// `Capability.needed(by:)`, the drivers' switches — have no `default:`.)
@Suite struct ExtensionPointTests {
    /// Every kind is in `tabcheck minimal`'s alphabet (the newer kinds' for drivers that have them).
    @Test func everyActionKindIsInTheExhaustiveAlphabet() {
        let kinds = Set((ExhaustiveSearch.alphabet + ExhaustiveSearch.newerActions(Capability.allFeatures)).map(\.kind))
        #expect(Set(ActionKind.allCases).subtracting(kinds).isEmpty, "missing from ExhaustiveSearch.alphabet: \(Set(ActionKind.allCases).subtracting(kinds))")
    }

    /// Every kind has a plainest step the shrinker may put in place of a later kind's, or is
    /// listed as having none, with the reason there.
    @Test func everyActionKindHasAPlainestStepOrSaysWhyNot() {
        let listed = Set(Action.simplestOfEachKind.map(\.kind))
        let missing = Set(ActionKind.allCases).subtracting(listed).subtracting(Action.kindsWithoutPlainestStep)
        #expect(missing.isEmpty, "add to GridAction.simplestOfEachKind or kindsWithoutPlainestStep: \(missing)")
        #expect(listed.isDisjoint(with: Action.kindsWithoutPlainestStep))
        // In kind order: the shrinker reads "plainer" off the position.
        let orders = Action.simplestOfEachKind.map(\.kind.order)
        #expect(orders == orders.sorted())
    }

    /// Every kind exercises a rule the coverage table counts, and each such rule is one of SPEC's.
    @Test func everyActionKindHasItsRules() throws {
        let spec = try String(contentsOfFile: #filePath.replacing("Tests/PropertyTests/ExtensionPointTests.swift", with: "docs/SPEC.md"), encoding: .utf8)
        for k in ActionKind.allCases {
            #expect(!RuleCoverage.rules(k).isEmpty, "\(k) exercises no rule")
            for r in RuleCoverage.rules(k) { #expect(spec.contains("**\(r)"), "\(k): \(r) is not a rule of docs/SPEC.md") }
        }
    }

    /// Every kind's arguments are drawn from a failure into the alphabet of `minimal --from`.
    @Test func aFailuresOwnActionsAreInItsAlphabet() {
        let failing: [Action] = Action.simplestOfEachKind + [.updateMove(3), .reorder(from: 4, to: 0), .setViewport(.phone), .restoreData("{}")]
        let alphabet = ExhaustiveSearch.alphabet(limit: 3, from: failing)
        for a in failing { #expect(alphabet.contains(a), "\(a)") }
        #expect(alphabet.contains(.closeDisplayed(4)), "the largest index a failure uses is drawn for every kind")
    }
}

/// The knob table (`Policy.knobs`) against `Policy` itself: a stored property with no row,
/// a row that does not round-trip, a knob the docs do not name, fail here.
@Suite struct PolicyKnobTests {
    @Test func everyStoredPropertyIsAKnob() {
        let stored = Mirror(reflecting: Policy.spec).children.compactMap(\.label)
        #expect(stored == Policy.knobs.map(\.name), "GridPolicy's stored properties and GridPolicy.knobs differ")
    }

    /// Each knob's every value survives the policy file, Codable, and names itself in Swift and in words.
    @Test func everyValueOfEveryKnobRoundTrips() throws {
        for knob in Policy.knobs {
            let values = knob.alternatives(.spec).map(\.policy) + [.spec]
            #expect(values.count >= 2, "\(knob.name) has one value")
            for p in values {
                let file = try PolicyFile.parse(Data(PolicyFile.json(p).utf8), source: "test")
                #expect(file == p, "\(knob.name): \(PolicyFile.json(p))")
                #expect(try JSONDecoder().decode(Policy.self, from: JSONEncoder().encode(p)) == p)
                #expect(p.swiftCode.contains("\(knob.name): \(knob.swift(p))") && p.description.contains("\(knob.name)=\(knob.word(p))"))
            }
            #expect(PolicyInference.changes(of: .spec).contains { $0.knob == knob.name }, "inference never tries \(knob.name)")
        }
    }

    @Test func aValueOutsideAKnobIsRefusedByName() {
        for knob in Policy.knobs {
            #expect(throws: InputError.self) { try PolicyFile.parse(Data("{\"\(knob.name)\": true}".utf8), source: "test") }
        }
    }

    /// docs/policies.md has a row for each knob, with the rule it replaces.
    @Test func theDocsNameEveryKnob() throws {
        let docs = try String(contentsOfFile: #filePath.replacing("Tests/PropertyTests/ExtensionPointTests.swift", with: "docs/policies.md"), encoding: .utf8)
        for knob in Policy.knobs {
            let row = docs.split(separator: "\n").first { $0.hasPrefix("|") && $0.contains("`\(knob.name)`") }
            #expect(row?.contains(knob.rule) == true, "docs/policies.md: no table row for \(knob.name) naming \(knob.rule)")
        }
    }
}
