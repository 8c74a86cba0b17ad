import Checker
import Generators
import ProductionDriver
import TabGridCore
import Testing

/// Every numeric field draws its type's whole domain (#55): the default campaign puts a share of
/// each field's values in every class its type holds (`Coverage.numberShortfalls`: NaN, ±∞, ±0,
/// fractions, ordinary, large, huge, negative), the list of fields is read off `GridAction` by
/// `Mirror` (a new field without a domain fails here), and a generator that clamps one range
/// falls under the floor.
@Suite struct NumberFloorTests {
    /// Every numeric leaf of an action, by path: the case's name, then each payload element's
    /// label (or `.0` for an unlabelled one beside others), arrays as `[]`, structs by property.
    static func numericPaths(_ action: Action) -> [String] {
        var out: [String] = []
        func walk(_ value: Any, _ path: String) {
            switch value {
            case is Int, is Double, is Float, is Int64, is Int32, is UInt, is UInt64, is UInt32: out.append(path); return
            default: break
            }
            let m = Mirror(reflecting: value)
            for (n, child) in m.children.enumerated() {
                switch m.displayStyle {
                case .collection?, .set?: walk(child.value, path + "[]")
                case .tuple?: walk(child.value, path + "." + (child.label.map { $0.hasPrefix(".") ? String($0.dropFirst()) : $0 } ?? String(n)))
                default: walk(child.value, child.label.map { path.isEmpty ? $0 : path + "." + $0 } ?? path)
                }
            }
        }
        walk(action, "")
        return out
    }

    /// Actions of every kind, as the generator draws them on a grid of five tabs.
    static func drawn(_ n: Int, seed: UInt64) -> [Action] {
        var c = Choices(seed: seed)
        var s = GenerationState()
        s.tabIDs = ["t1", "t2", "t3", "t4", "t5"]; s.knownIDs = s.tabIDs; s.displayed = s.tabIDs
        s.titles = ["a", "b", "ab", "New Tab", "é"]; s.displayedCount = 5; s.active = "t3"
        let generator = ActionGenerator(config: GeneratorConfig(swarm: false))
        let kinds = ActionKind.allCases
        let weights = generator.weights(of: kinds)
        return (0..<n).map { _ in generator.action(&c, state: s, enabled: kinds, weights: weights) }
    }

    @Test func everyNumericFieldOfGridActionHasADomainAndAFloor() {
        var seen: Set<String> = []
        var cases: Set<String> = []
        for a in Self.drawn(20_000, seed: 3) {
            seen.formUnion(Self.numericPaths(a))
            cases.insert(Mirror(reflecting: a).children.first?.label ?? "\(a)")
        }
        // Every case with a payload was drawn, so every numeric field was walked.
        #expect(cases.count >= ActionKind.allCases.count, "drew \(cases.count) cases")
        let known = Set(NumericField.allCases.map(\.path))
        #expect(seen.subtracting(known).isEmpty, "numeric fields with no domain floor (add them to NumericField): \(seen.subtracting(known).sorted())")
        #expect(known.subtracting(seen).isEmpty, "NumericField names fields GridAction does not have: \(known.subtracting(seen).sorted())")
    }

    @Test func theDefaultCampaignDrawsEveryFieldsWholeDomain() {
        let r = SituationFloorTests.result
        let short = r.coverage.numberShortfalls(schedule: false)
        #expect(short.isEmpty, "under the number floor (\(Coverage.numberFloorShare) of a field's values):\n\(short.joined(separator: "\n"))")
    }

    /// The schedule's fields, on a campaign of the async model (drawn only for `appLifecycle`).
    @Test func anAsyncCampaignDrawsTheScheduleFieldsWholeDomain() {
        var c = Campaign.Config()
        c.seed = 1; c.sequences = 150; c.largeGrids = false
        let r = Campaign(runner: Runner(implementation: .productionAsync, oracle: .reference), config: c).run()
        #expect(r.found == nil)
        let short = r.coverage.numberShortfalls(schedule: true).filter { s in NumericField.allCases.contains { $0.isSchedule && s.hasPrefix($0.path + " ") } }
        #expect(short.isEmpty, "under the number floor:\n\(short.joined(separator: "\n"))")
    }

    /// The floor is a real check: the same draws with release velocities clamped to ±3,000 pt/s
    /// (a hand-chosen range) fall under it, and only for that field.
    @Test func aGeneratorThatClampsOneRangeFallsUnderTheFloor() {
        func counted(_ clamp: Bool) -> Coverage {
            var coverage = Coverage()
            for a in Self.drawn(60_000, seed: 5) {
                if clamp, case let .swipeEnded(tx, vx) = a {
                    coverage.observeNumbers(.swipeEnded(tx: tx, vx: vx.isNaN ? 0 : min(3000, max(-3000, vx))))
                } else {
                    coverage.observeNumbers(a)
                }
            }
            return coverage
        }
        #expect(counted(false).numberShortfalls(schedule: true).isEmpty, "\(counted(false).numberShortfalls(schedule: true))")
        let short = counted(true).numberShortfalls(schedule: true)
        #expect(!short.isEmpty && short.allSatisfy { $0.hasPrefix("swipeEnded.vx ") }, "\(short)")
    }
}
