import Checker
import Foundation
@testable import Generators
import ProductionDriver
import Testing

/// #35: values drawn from whole classes, queries typed on, sessions spelt otherwise, index draws
/// biased to where rules look, a shrink bounded in candidates. The campaign-level floors of each
/// value class are in `SituationFloorTests` (docs/situations.md).
@Suite struct ValueGenerationTests {
    /// Every class is drawn, each draw belongs to its class (or to one listed before it, where
    /// ranges overlap: ß is both Latin-1 and a hard case), and the simplest draw is "a".
    @Test func everyTextClassIsDrawnAndEachDrawIsOfItsClass() {
        var drawn = Set<Int>()
        for seed in 0..<3000 as Range<UInt64> {
            var c = Choices(seed: seed)
            let k = TextClass.allCases[Int(seed) % TextClass.allCases.count]
            let u = k.scalar(&c)
            let found = TextClass.of(u)
            // ASCII letters other than a, b, A, B belong to no class (the hard-case list holds i and I).
            if u.value < 0x80 && u.properties.isAlphabetic && found == nil { continue }
            #expect(found != nil && found!.rawValue <= k.rawValue, "U+\(String(u.value, radix: 16)) drawn for \(k) is classed \(String(describing: found))")
            drawn.insert(k.rawValue)
            var any = Choices(seed: seed)
            Values.classChar.run(&any).unicodeScalars.forEach { if let f = TextClass.of($0) { drawn.insert(f.rawValue) } }
        }
        #expect(drawn.count == TextClass.allCases.count)
        var zeros = Choices(replaying: [])
        #expect(Values.classChar.run(&zeros) == "a", "the simplest draw is plain \"a\"")
    }

    /// One keystroke: the edit adds or removes at most one character or joining scalar, at an end.
    @Test func aTypedEditIsOneKeystroke() {
        var joined = 0
        for seed in 0..<2000 as Range<UInt64> {
            var c = Choices(seed: seed)
            let current = Values.title.run(&c)
            let next = Typing.edit(current, titles: ["Apple pie", "e\u{301}", "\r\n"]).run(&c)
            let a = Array(current.unicodeScalars), b = Array(next.unicodeScalars)
            let typedOn = b.count > a.count && b.starts(with: a) && b.count - a.count <= 4
            let deleted = b.count < a.count && (a.starts(with: b) || a.reversed().starts(with: b.reversed()))
            let flipped = b.count <= a.count + 3 && current.dropLast() == next.dropLast()
            #expect(typedOn || deleted || flipped || current == next, "\(current.debugDescription) → \(next.debugDescription)")
            if typedOn && next.count == current.count { joined += 1 }
        }
        #expect(joined > 20, "a typed scalar joins the last character now and then (\(joined) of 2000)")
        var c = Choices(seed: 1)
        #expect(("e" + Typing.joiner(after: "e", &c)).count == 1)
        #expect(("\r" + Typing.joiner(after: "\r", &c)) == "\r\n")
    }

    /// Session texts spelt otherwise are still sessions to JSON, and every shape is drawn.
    @Test func oddlySpeltSessionsAreDrawnInEveryShape() {
        var escapes = 0, numbers = 0, duplicates = 0, spaced = 0
        for seed in 0..<600 as Range<UInt64> {
            var c = Choices(seed: seed)
            let text = SessionText.oddlySpelt(&c, ids: ["s1", "s2"], titles: ["a\u{1F}/é", "👩"], active: c.bool(0.5) ? "s1" : nil)
            if text.contains("\\u") { escapes += 1 }
            if text.contains(where: { $0 == " " || $0 == "\n" || $0 == "\t" }) { spaced += 1 }
            if let r = text.range(of: "\"version\":"), !text[r.upperBound...].hasPrefix("1") || text[r.upperBound...].hasPrefix("1.")
                || text[r.upperBound...].hasPrefix("1e") || text[r.upperBound...].hasPrefix("18") { numbers += 1 }
            if text.components(separatedBy: "\"version\"").count > 2 || text.components(separatedBy: "\"id\"").count > 3
                || text.components(separatedBy: "\"title\"").count > 3 || text.components(separatedBy: "\"tabs\"").count > 2
                || text.components(separatedBy: "\"activeTabID\"").count > 2 { duplicates += 1 }
        }
        #expect(escapes > 100 && numbers > 100 && duplicates > 100 && spaced > 30, "\(escapes) \(numbers) \(duplicates) \(spaced)")
    }

    /// On a large grid, index draws land on the active tab, the ends and the power-of-two
    /// boundaries far more often than uniform draws would.
    @Test func indexDrawsFindTheTabsRulesCareAbout() {
        var s = GenerationState()
        s.displayed = (0..<300).map { "t\($0 + 1)" }
        s.active = "t100"
        s.displayedCount = 300
        s.tabIDs = s.displayed
        s.knownIDs = s.displayed
        var active = 0, ends = 0, boundaries = 0
        let generator = ActionGenerator(config: GeneratorConfig(weights: [.select: 1], invalidShare: 0, swarm: false))
        for seed in 0..<3000 as Range<UInt64> {
            var c = Choices(seed: seed)
            guard case .select(let i) = generator.action(&c, state: s, enabled: [.select]) else { continue }
            if i == 99 { active += 1 }
            if i == 0 || i == 299 { ends += 1 }
            if [63, 64, 127, 128, 255, 256].contains(i) { boundaries += 1 }
        }
        // Uniform: 10 of 3000 for one index. Biased: about 3000 × 0.3 / 5 = 180.
        #expect(active > 100 && ends > 150 && boundaries > 50, "active \(active), ends \(ends), boundaries \(boundaries)")
    }
}

/// The shrink's result depends on the failure alone: bounded in candidates, it stops at the
/// same sequence whatever the clock says and however many candidates run at once (#35.2).
@Suite struct ShrinkBudgetTests {
    /// A failure needing five new tabs and a close of the fifth, in 120 noisy steps.
    static let original: [Action] = (0..<120).map { i in i % 3 == 0 ? .newTab : i % 3 == 1 ? .setQuery("ab") : .select(i % 7) } + [.closeDisplayed(4)]
    static func fails(_ a: [Action]) -> Bool { a.last == .closeDisplayed(4) && a.filter { $0 == .newTab }.count >= 5 }

    static func shrink(budget: Int, tick: Double, timeLimit: Double = 1e9, jobs: Int = 1) -> Shrinker.Result {
        let clock = Clock(tick: tick)
        var s = Shrinker(timeLimit: timeLimit, now: { clock.read() })
        s.candidateBudget = budget
        return jobs == 1 ? s.shrink(original, fails: fails) : s.shrink(original, jobs: jobs, fails: { Self.fails($0) })
    }

    final class Clock: @unchecked Sendable {
        var t = 0.0
        let tick: Double
        init(tick: Double) { self.tick = tick }
        func read() -> Double { t += tick; return t }
    }

    @Test func aSlowMachineShrinksToTheSameSequence() {
        let idle = Self.shrink(budget: 10_000, tick: 1e-7), loaded = Self.shrink(budget: 10_000, tick: 0.5)
        #expect(idle.actions == loaded.actions && idle.attempts == loaded.attempts)
        #expect(idle.actions.count == 6 && !idle.timedOut && !idle.budgetSpent)
    }

    @Test func theBudgetStopsEveryWidthAtTheSameCandidate() {
        for budget in [7, 40, 150] {
            let one = Self.shrink(budget: budget, tick: 0), three = Self.shrink(budget: budget, tick: 0, jobs: 3)
            #expect(one.actions == three.actions && one.attempts == budget && three.attempts == budget, "budget \(budget)")
            #expect(one.budgetSpent && !one.timedOut)
        }
    }

    /// The safety net still fires, and says it was the clock.
    @Test func theTimeCapIsASafetyNetThatSaysSo() {
        let r = Self.shrink(budget: 10_000, tick: 1, timeLimit: 20)
        #expect(r.timedOut && !r.budgetSpent && r.actions.count > 6)
    }
}
