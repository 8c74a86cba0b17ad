import Checker
import ProductionDriver
import Generators
import Testing

@Suite struct GeneratorTests {
    @Test func splitMix64MatchesThePublishedVector() {
        // Seed 1234567, as in Vigna's splitmix64.c and Java's SplittableRandom.
        var g = SplitMix64(seed: 1_234_567)
        #expect((0..<5).map { _ in g.next() } == [6_457_827_717_110_365_317, 3_203_168_211_198_807_973, 9_817_491_932_198_370_423,
                                                   4_593_380_528_125_082_431, 16_408_922_859_458_223_821])
    }

    @Test func xoshiro256StarStarMatchesTheReferenceImplementation() {
        // State {1, 2, 3, 4} through the reference C code of xoshiro256** 1.0.
        var g = Xoshiro256StarStar(state: (1, 2, 3, 4))
        #expect((0..<4).map { _ in g.next() } == [11520, 0, 1_509_978_240, 1_215_971_899_390_074_240])
    }

    @Test func boundedDrawsStayInRangeAndAreUnbiased() {
        var g = Xoshiro256StarStar(seed: 42)
        var counts = [Int](repeating: 0, count: 6)
        for _ in 0..<60_000 { counts[Int(g.next(upTo: 5))] += 1 }
        #expect(counts.allSatisfy { abs($0 - 10_000) < 500 }, "\(counts)")
        for bound in [0, 1, 2, 3, 1000, UInt64.max - 1, UInt64.max] as [UInt64] {
            for _ in 0..<100 { #expect(g.next(upTo: bound) <= bound) }
        }
    }

    @Test func theSameSeedGivesTheSameSequence() {
        let r = Runner()
        let a = r.run(.choices(Choices(seed: 99), maxSteps: 80))
        let b = r.run(.choices(Choices(seed: 99), maxSteps: 80))
        #expect(a.executed == b.executed && !a.executed.isEmpty)
        #expect(r.run(.choices(Choices(seed: 100), maxSteps: 80)).executed != a.executed)
    }

    @Test func recordedChoicesReplayTheExactCase() {
        let r = Runner()
        let original = r.run(.choices(Choices(seed: 7), maxSteps: 120))
        let replayed = r.run(.choices(Choices(replaying: original.choices), maxSteps: 120))
        #expect(replayed.executed == original.executed)
        #expect(replayed.choices == original.choices)
    }

    @Test func rawBytesDecodeThroughTheSameStream() {
        let bytes: [UInt8] = (0..<512).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        let a = Runner().run(.choices(Choices(bytes: bytes), maxSteps: 50))
        let b = Runner().run(.choices(Choices(bytes: bytes), maxSteps: 50))
        #expect(a.executed == b.executed && !a.executed.isEmpty)
        var empty = Choices(bytes: [])
        #expect(empty.draw(upTo: 10) == 0 && empty.exhausted)
    }

    @Test func aGeneratedRunWrittenAsBytesDecodesToTheSameRun() {
        let original = Runner().run(.choices(Choices(seed: 11), maxSteps: 100))
        let bytes = Choices.bytes(values: original.choices, bounds: original.bounds)
        let decoded = Runner().run(.choices(Choices(bytes: bytes), maxSteps: 100))
        #expect(decoded.executed == original.executed && !original.executed.isEmpty)
    }

    @Test func combinatorsRespectTheirBounds() {
        var c = Choices(seed: 5)
        for _ in 0..<500 {
            #expect((-3...9).contains(c.int(in: -3...9)))
            #expect(c.weighted([0, 3, 0]) == 1)
            let s = Gen<String>.string(["a", "b"], length: 2...4).run(&c)
            #expect((2...4).contains(s.count) && s.allSatisfy { $0 == "a" || $0 == "b" })
            #expect(Gen<Int>.int(1...3).array(0...5).run(&c).count <= 5)
        }
        #expect(c.int(in: Int.min...Int.max) != 0 || true)
        var never = Choices(seed: 1)
        #expect((0..<200).allSatisfy { _ in !never.bool(0) })
    }

    @Test func swarmEnablesDifferentSubsetsOfKinds() {
        let g = ActionGenerator()
        var subsets = Set<[ActionKind]>()
        for seed in 0..<50 as Range<UInt64> {
            var c = Choices(seed: seed)
            let kinds = g.enabledKinds(&c)
            #expect(kinds.contains(.newTab))
            subsets.insert(kinds)
        }
        #expect(subsets.count > 40)
        var c = Choices(seed: 1)
        #expect(ActionGenerator(config: GeneratorConfig(swarm: false)).enabledKinds(&c).count == ActionKind.allCases.count)
    }

    @Test func generatedActionsMostlyMakeSenseForTheState() {
        var s = GenerationState()
        s.tabIDs = ["t1", "t2", "t3"]; s.knownIDs = s.tabIDs; s.titles = ["a", "b", "c"]; s.displayedCount = 2; s.pendingFlyAways = ["t2"]
        let g = ActionGenerator()
        var c = Choices(seed: 3)
        var inRange = 0, indexed = 0
        for _ in 0..<2000 {
            switch g.action(&c, state: s, enabled: ActionKind.allCases) {
            case .closeDisplayed(let i), .select(let i), .tapClose(let i), .swipeBegan(let i, _, _):
                indexed += 1
                if (0..<2).contains(i) { inRange += 1 }
            default: break
            }
        }
        #expect(Double(inRange) / Double(indexed) > 0.9 && inRange < indexed, "valid most of the time, invalid sometimes")
    }

    @Test func printedActionsAreSwiftThatRoundTrips() {
        #expect(Action.setQuery("a\"b\\é").swiftCode == #".setQuery("a\"b\\\u{e9}")"#)
        #expect(Action.swipeEnded(tx: -125, vx: .nan).swiftCode == ".swipeEnded(tx: -125, vx: .nan)")
    }
}

/// The shrinker on sequences longer than any default run (large-grid openings).
@Suite struct LongSequenceShrinkTests {
    @Test func aLongRunOfNewTabsShrinksToWhatTheFailureNeeds() {
        // Fails when at least 129 tabs were opened before a Close All: a large-grid failure
        // in miniature. 300 new tabs, some noise, then the Close All.
        let noise: [Action] = [.select(0), .setQuery("a"), .willAppear]
        let original = Array(repeating: Action.newTab, count: 300) + noise + [.closeAll]
        func fails(_ c: [Action]) -> Bool {
            guard c.last == .closeAll else { return false }
            return c.filter { $0 == .newTab }.count >= 129
        }
        var clock = 0.0
        let r = Shrinker(timeLimit: 1e9, now: { clock += 1e-6; return clock }).shrink(original, fails: fails)
        #expect(r.actions == Array(repeating: .newTab, count: 129) + [.closeAll], "\(r.actions.count) actions left")
        #expect(!r.timedOut)
    }
}
