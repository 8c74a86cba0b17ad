import Checker
import ProductionDriver
import Foundation
import Generators
import Testing
import TabModel

/// Byte-level mutations (libFuzzer-style) driven by our own PRNG.
struct Mutator {
    var rng: Xoshiro256StarStar
    static let tokens: [[UInt8]] = ["\"", "{", "}", "[", "]", ",", ":", "null", "true", "-1", "1e999", "\\u0000", "\"version\"", "\"tabs\"", "\"id\"", "\u{FEFF}"].map { Array($0.utf8) }

    mutating func mutate(_ input: [UInt8]) -> [UInt8] {
        var b = input
        for _ in 0...Int(rng.next(upTo: 3)) {
            let at = b.isEmpty ? 0 : Int(rng.next(upTo: UInt64(b.count - 1)))
            switch rng.next(upTo: 5) {
            case 0 where !b.isEmpty: b[at] ^= UInt8(1 << rng.next(upTo: 7))
            case 1 where !b.isEmpty: b.removeSubrange(at..<min(b.count, at + 1 + Int(rng.next(upTo: 8))))
            case 2: b.insert(contentsOf: Self.tokens[Int(rng.next(upTo: UInt64(Self.tokens.count - 1)))], at: at)
            case 3 where !b.isEmpty: b = Array(b.prefix(at))
            case 4 where b.count > 2:
                let len = min(b.count - at, 1 + Int(rng.next(upTo: 16)))
                b.insert(contentsOf: b[at..<at + len], at: at)
            default: b.insert(UInt8(truncatingIfNeeded: rng.next()), at: at)
            }
        }
        return b
    }
}

@Suite struct FuzzTests {
    /// `TABGRID_FUZZ_ITERATIONS` (1…10,000,000); a bad value fails the test that reads it.
    static var count: Int {
        switch EnvironmentSettings.count("TABGRID_FUZZ_ITERATIONS", in: ProcessInfo.processInfo.environment, 1...10_000_000) {
        case .success(let n): return n ?? 400
        case .failure(let e): Issue.record("\(e.message)"); return 400
        }
    }

    /// Raw random byte streams through the choice stream — the path libFuzzer uses.
    @Test func rawByteStreamsFindNoFailure() {
        var rng = Xoshiro256StarStar(seed: 0xF022)
        let runner = Runner()
        var steps = 0
        for _ in 0..<Self.count {
            let bytes = (0..<Int(rng.next(upTo: 4096))).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            let out = runner.run(.choices(Choices(bytes: bytes), maxSteps: 200))
            steps += out.executed.count
            #expect(out.failure == nil, "\(out.failure.map(String.init(describing:)) ?? "") — actions: \(out.executed)")
            if out.failure != nil { return }
        }
        #expect(steps > Self.count)
    }

    /// Session snapshots (P3): random and mutated valid files are rejected cleanly or accepted whole.
    @Test func sessionDecoderRejectsCleanlyOrAcceptsWhole() {
        var m = Mutator(rng: Xoshiro256StarStar(seed: 0x5E55))
        var base = TabGrid(ids: .sequential(prefix: "t"))
        for t in ["Apple", "Café", "👩‍👩‍👧", ""] { _ = base.newTab(); _ = base.setTitle(t, for: base.tabs.last!.id) }
        _ = base.setQuery("a")
        let valid = Array(base.encodedSession())
        var accepted = 0, rejected = 0
        for i in 0..<(Self.count * 5) {
            let input = i % 10 == 0 ? (0..<Int(m.rng.next(upTo: 64))).map { _ in UInt8(truncatingIfNeeded: m.rng.next()) } : m.mutate(valid)
            var grid = base
            do {
                _ = try grid.restore(from: Data(input))
                // Accepted whole: exactly what the data says, validated.
                let snapshot = try SessionSnapshot.decode(Data(input))
                #expect(grid.tabs.map(\.id) == snapshot.tabs.map(\.id) && grid.tabs.map(\.title) == snapshot.tabs.map(\.title))
                #expect(grid.activeTabID == snapshot.activeTabID && grid.query.isEmpty)
                #expect(Set(grid.tabs.map(\.id)).count == grid.count)
                accepted += 1
            } catch {
                #expect(grid.tabs == base.tabs && grid.query == base.query && grid.activeTabID == base.activeTabID, "a rejected restore changed the grid")
                #expect(!"\(error)".isEmpty)
                rejected += 1
            }
        }
        #expect(accepted > 0 && rejected > 0, "accepted \(accepted), rejected \(rejected)")
    }

    /// Replay files: mutated valid files are rejected with a message naming the file, or
    /// accepted whole (they re-encode to the same actions).
    @Test func replayDecoderRejectsCleanlyOrAcceptsWhole() throws {
        let actions: [Action] = [.newTab, .setTitle(id: "t1", title: "é\"x"), .setQuery("a"), .closeDisplayed(0),
                                 .setViewport(ViewportSpec(width: .nan, height: .infinity)), .swipeEnded(tx: -125, vx: 1000), .restoreData("{")]
        let valid = Array(ReplayFile(seed: 42, violation: nil, compare: ["production", "reference"], originalSteps: 9, actions: actions).encoded())
        let back = try ReplayFile.decode(Data(valid), name: "f.json")
        #expect(back.actions.count == actions.count && back.seed == "0x2a")
        var m = Mutator(rng: Xoshiro256StarStar(seed: 0xEE))
        var rejected = 0
        for _ in 0..<(Self.count * 5) {
            let input = m.mutate(valid)
            do {
                let f = try ReplayFile.decode(Data(input), name: "f.json")
                let again = try ReplayFile.decode(f.encoded(), name: "again")
                #expect(again.actions.count == f.actions.count)
                _ = Regression.check(f.actions)   // any accepted file replays without trapping
            } catch {
                #expect(error.message.hasPrefix("f.json"), "\(error.message)")
                rejected += 1
            }
        }
        #expect(rejected > 0)
    }

    /// Long generated sequences (up to 1,000 steps): the engine and both models stay in step.
    @Test func longSequencesStayInStep() {
        var c = Campaign.Config()
        c.seed = 0x10_000
        c.sequences = max(4, Self.count / 40)
        c.maxSteps = 1_000
        let r = Campaign(runner: Runner(), config: c).run()
        #expect(r.found == nil, "\(r.found.map { Report.steps($0.shrunk, failure: $0.shrunkFailure) } ?? "")")
    }
}
