import Checker
import Testing

/// #56: the four choices DuckDuckGo's macOS `TabCollectionViewModel` makes (docs/policies.md,
/// `duckduckgo-macos`), each in a small model of its own written here (not the reference): it
/// passes under its knob and fails under SPEC's, for the rule the knob replaces.
@Suite struct ChoiceModelTests {
    /// A tab model with no filter (every tab displayed), Close All, moves, the active tab,
    /// reopen and background tabs, making one of the four choices or none.
    struct ChoiceTabs: GridDriver {
        enum Choice { case none, startsWithOne, moveActivates, reopenActivates, backgroundAtEnd }
        let choice: Choice
        var tabs: [(id: String, title: String)] = []
        var active: String?
        var closed: [[(position: Int, id: String, title: String, wasActive: Bool)]] = []
        var made = 0

        init(_ choice: Choice) {
            self.choice = choice
            if choice == .startsWithOne { _ = add(activating: true) }
        }

        mutating func add(activating: Bool) -> String {
            var id = ""
            repeat { made += 1; id = "t\(made)" } while tabs.contains { $0.id == id }
            tabs.append((id, "New Tab"))
            if activating { active = id }
            return id
        }

        mutating func apply(_ action: Action) -> StepOutcome {
            switch action {
            case .willAppear: return StepOutcome(closeAllSent: !tabs.isEmpty)
            case .newTab:
                _ = add(activating: true)
                return StepOutcome(update: .batch(deletes: [], inserts: [tabs.count - 1], moves: []), closeAllSent: true)
            case .newBackgroundTab:
                let id = add(activating: false)
                var at = tabs.count - 1
                if choice != .backgroundAtEnd, let a = active, let p = tabs.firstIndex(where: { $0.id == a }) {
                    at = p + 1
                    tabs.insert(tabs.removeLast(), at: at)
                }
                _ = id
                return StepOutcome(update: .batch(deletes: [], inserts: [at], moves: []), closeAllSent: true)
            case .closeDisplayed(let i):
                guard tabs.indices.contains(i) else { return StepOutcome(rejected: "indexOutOfRange") }
                return close(i)
            case .closeID(let id):
                guard let i = tabs.firstIndex(where: { $0.id == id }) else { return StepOutcome() }
                return close(i)
            case .closeAll:
                guard !tabs.isEmpty else { return StepOutcome() }
                remember(tabs.enumerated().map { ($0.offset, $0.element.id, $0.element.title, $0.element.id == active) })
                tabs = []
                active = nil
                return StepOutcome(update: .reload, closeAllSent: false)
            case .select(let i):
                guard tabs.indices.contains(i) else { return StepOutcome(rejected: "indexOutOfRange") }
                active = tabs[i].id
                return StepOutcome()
            case .move(let i, let j):
                guard tabs.indices.contains(i), tabs.indices.contains(j) else { return StepOutcome(rejected: "indexOutOfRange") }
                if choice == .moveActivates { active = tabs[i].id }
                guard i != j else { return StepOutcome() }
                tabs.insert(tabs.remove(at: i), at: j)
                return StepOutcome(update: .batch(deletes: [], inserts: [], moves: [(from: i, to: j)]))
            case .reopen:
                return reopen()
            default:
                return StepOutcome(crashed: "ChoiceTabs does not do \(action)")
            }
        }

        mutating func close(_ i: Int) -> StepOutcome {
            let gone = tabs.remove(at: i)
            let wasActive = active == gone.id
            remember([(i, gone.id, gone.title, wasActive)])
            if wasActive { active = i < tabs.count ? tabs[i].id : i > 0 ? tabs[i - 1].id : nil }
            return StepOutcome(update: .batch(deletes: [i], inserts: [], moves: []), closeAllSent: !tabs.isEmpty)
        }

        mutating func remember(_ entry: [(position: Int, id: String, title: String, wasActive: Bool)]) {
            closed.append(entry)
            if closed.count > 20 { closed.removeFirst() }
        }

        mutating func reopen() -> StepOutcome {
            guard let entry = closed.popLast() else { return StepOutcome() }
            var back: [String] = [], wasActive = false
            for item in entry.sorted(by: { $0.position < $1.position }) where !tabs.contains(where: { $0.id == item.id }) {
                tabs.insert((item.id, item.title), at: min(item.position, tabs.count))
                if item.wasActive { active = item.id; wasActive = true }
                back.append(item.id)
            }
            if choice == .reopenActivates, !wasActive, let first = back.first { active = first }
            let inserts = tabs.indices.filter { back.contains(tabs[$0].id) }
            return StepOutcome(update: inserts.isEmpty ? .none : .batch(deletes: [], inserts: inserts, moves: []), closeAllSent: !tabs.isEmpty)
        }

        func observe() -> Observation {
            var o = Observation()
            o.tabIDs = tabs.map(\.id); o.titles = tabs.map(\.title); o.displayed = o.tabIDs
            o.active = active; o.closeAllEnabled = !tabs.isEmpty
            o.closedCount = closed.count; o.newestClosed = closed.last?.map(\.id) ?? []
            return o
        }
        func roundTrip() -> Result<Observation, RoundTripError>? { nil }
    }

    static func factory(_ choice: ChoiceTabs.Choice) -> DriverFactory {
        DriverFactory(name: "choice-tabs", summary: "a small model making one choice", capabilities: [.activeTab, .move, .reopen, .closeAll, .backgroundTabs]) { _ in
            ChoiceTabs(choice)
        }
    }

    /// 1,000 sequences where nothing may fail; 300 where each choice is met within a few.
    static func campaign(_ choice: ChoiceTabs.Choice, _ policy: Policy, sequences: Int = 1_000) -> Campaign.Result {
        var config = Campaign.Config(); config.sequences = sequences; config.jobs = 1
        return Campaign(runner: Runner(implementation: factory(choice), oracle: .reference).withPolicy(policy), config: config).run()
    }

    @Test func theModelWithNoChoicePassesUnderSpec() {
        let r = Self.campaign(.none, .spec)
        #expect(r.found == nil, "\(String(describing: r.found?.shrunkFailure.violation))")
    }

    @Test(arguments: [
        (ChoiceTabs.Choice.startsWithOne, { var p = Policy.spec; p.emptyGrid = .startsWithOne; return p }(), "differential"),
        (.moveActivates, { var p = Policy.spec; p.moveSelection = .activatesMoved; return p }(), "activeTab"),
        (.reopenActivates, { var p = Policy.spec; p.reopenSelection = .activatesReopened; return p }(), "reopen"),
        (.backgroundAtEnd, { var p = Policy.spec; p.backgroundTabPlacement = .atEnd; return p }(), "tabList"),
    ])
    func eachChoicePassesUnderItsKnobAndFailsUnderSpec(_ choice: ChoiceTabs.Choice, _ knob: Policy, _ property: String) {
        let under = Self.campaign(choice, knob)
        #expect(under.found == nil, "\(choice) under \(knob): \(String(describing: under.found?.shrunkFailure.violation))")
        let spec = Self.campaign(choice, .spec, sequences: 300)
        #expect(spec.found?.shrunkFailure.violation.property.rawValue == property,
                "\(choice) under SPEC: \(String(describing: spec.found?.shrunkFailure.violation))")
    }

    /// The macOS preset holds the four choices at once.
    @Test func theMacOSPresetIsTheFourChoices() {
        let p = Policy.duckduckgoMacOS
        #expect(p.emptyGrid == .startsWithOne && p.moveSelection == .activatesMoved && p.reopenSelection == .activatesReopened
                && p.backgroundTabPlacement == .atEnd)
        #expect(Policy.presets.contains { $0.name == "duckduckgo-macos" && $0.policy == p })
    }
}
