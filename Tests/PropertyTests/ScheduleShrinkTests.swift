import Generators
import Shrinking
import Testing

/// The shrinker on schedules (S, GridCapability.appLifecycle): the passes only schedules
/// use, and values drawn from all of `Int` walked down to the smallest that still fails. The
/// predicates are plain functions of the actions, standing for a model whose loss needs a
/// flush, then a throttled write caught half-way by a kill.
@Suite struct ScheduleShrinkTests {
    /// Jobs run by the schedule before the relaunch, counted over every `runJobs` (a settle
    /// runs them all: 99).
    static func jobs(_ c: [Action]) -> Int {
        c.reduce(0) { n, a in
            if case .runJobs(let p) = a { return n + p.count }
            return a == .settle ? n + 99 : n
        }
    }

    @Test func mergeScheduleSteps_twoStepsOfJobsBecomeOne() {
        // Exactly three jobs, in any steps: only a merge makes the three steps one.
        let start: [Action] = [.newTab, .runJobs([0]), .runJobs([0, 0]), .relaunch]
        let fails: ([Action]) -> Bool = { c in c.first == .newTab && c.last == .relaunch && Self.jobs(c) == 3 }
        let r = ShrinkPassTests.both("merge schedule steps", start, fails: fails)
        #expect(r.with == [.newTab, .runJobs([0, 0, 0]), .relaunch])
        #expect(r.without.count == 4)
    }

    @Test func replaceScheduleSpans_aSettleAndARelaunchBecomeABackground() {
        // The loss needs a flush — by a background, or by a settle then a relaunch — then a
        // second tab and one job; no single step's variant turns two steps into one.
        let fails: ([Action]) -> Bool = { c in
            guard let k = c.firstIndex(where: { $0 == .background || $0 == .settle }) else { return false }
            let flushed = c[k] == .background || (k + 1 < c.count && c[k + 1] == .relaunch)
            let after = c[(c[k] == .background ? k + 1 : k + 2)...]
            return c.first == .newTab && flushed && after.first == .newTab && after.contains(.runJobs([0])) && c.last == .relaunch
        }
        let start: [Action] = [.newTab, .settle, .relaunch, .newTab, .runJobs([0]), .relaunch]
        let r = ShrinkPassTests.both("replace schedule spans", start, fails: fails)
        #expect(r.with == [.newTab, .background, .newTab, .runJobs([0]), .relaunch])
        #expect(r.without.count == 6)
    }

    @Test func foldScheduleSteps_jobsRunBeforeTheClockMovedFoldIntoTheJobsAfterIt() {
        // Five jobs in all, the last of them after the clock passed the throttle: the first
        // two may as well run then too, but no deletion or merge of neighbours says so
        // (delete-before-write's finals, seeds 2, 11, 17 of the async catalogue).
        let fails: ([Action]) -> Bool = { c in
            guard let clock = c.firstIndex(of: .advanceClock(milliseconds: 5_000)),
                  let last = c.lastIndex(where: { if case .runJobs = $0 { return true } else { return false } }) else { return false }
            return c.first == .newTab && c.last == .relaunch && clock < last && Self.jobs(c) == 5
        }
        let start: [Action] = [.newTab, .runJobs([0, 0]), .advanceClock(milliseconds: 5_000), .runJobs([0, 1, 0]), .relaunch]
        let r = ShrinkPassTests.both("fold schedule steps", start, fails: fails)
        #expect(r.with == [.newTab, .advanceClock(milliseconds: 5_000), .runJobs([0, 0, 0, 0, 0]), .relaunch])
        #expect(r.without.count == 5)
    }

    @Test func foldScheduleSteps_aDeletedEventReaimsThePickAfterIt() {
        // The failure needs the newest of at least two pending jobs run first (each new tab
        // leaves one; a pick counts among them, oldest first): a new tab deleted alone makes
        // the pick name no job or an older one, so only a deletion that re-aims it shrinks
        // (older-snapshot-wins' finals, seeds 5, 8, 17 of the async catalogue, which no other
        // pass reached; on this plain predicate coordinated pairs reach it too).
        let fails: ([Action]) -> Bool = { c in
            guard let j = c.firstIndex(where: { if case .runJobs = $0 { return true } else { return false } }),
                  case .runJobs(let picks) = c[j], picks.count == 1 else { return false }
            let tabs = c[..<j].filter { $0 == .newTab }.count
            return tabs >= 2 && picks[0] == tabs - 1 && c[(j + 1)...].contains(.background) && c.last == .relaunch
        }
        let start: [Action] = [.newTab, .newTab, .newTab, .runJobs([2]), .background, .relaunch]
        #expect(FoldScheduleSteps.reaimed(start).contains([.newTab, .newTab, .runJobs([1]), .background, .relaunch]))
        #expect(ShrinkPassTests.shrink(start, fails: fails) == [.newTab, .newTab, .runJobs([1]), .background, .relaunch])
    }

    /// The jobs `picks` run from `ready`, each a place among those still ready (modulo their count), oldest first.
    static func ran(_ picks: [Int], _ ready: [String]) -> [String] {
        var ready = ready, out: [String] = []
        for p in picks where !ready.isEmpty { out.append(ready.remove(at: ((p % ready.count) + ready.count) % ready.count)) }
        return out
    }

    @Test func shortlexPicks_manyListsRunningTheFailingJobsBecomeOne() {
        // Four jobs ready; the loss needs A and C run and D not. [2, 0] (C, A) and [0, 1] (A, C)
        // both do it, and no single pick's simplification turns one into the other (delete-
        // before-write's seeds ended on four such lists): shortlex order picks [0, 1].
        let fails: ([Action]) -> Bool = { c in
            guard c.count == 3, c.first == .newTab, c.last == .relaunch, case .runJobs(let p) = c[1] else { return false }
            let r = Self.ran(p, ["A", "B", "C", "D"])
            return r.contains("A") && r.contains("C") && !r.contains("D")
        }
        let r = ShrinkPassTests.both("shortlex picks", [.newTab, .runJobs([2, 0, 0]), .relaunch], fails: fails)
        #expect(r.with == [.newTab, .runJobs([0, 1]), .relaunch])
        #expect(r.without == [.newTab, .runJobs([2, 0]), .relaunch])
        #expect(ShortlexPicks.smaller(than: [0, 1]) == [[0], [1], [2], [0, 0]])
    }

    @Test func aClockStepFromTheEndOfIntLandsOnTheThreshold() {
        // A throttle of 5000 ms: any step of at least that fails. From Int.max, halving steps
        // reach 5000 exactly, a number no list of anchors named.
        let start: [Action] = [.newTab, .advanceClock(milliseconds: .max), .relaunch]
        let r = ShrinkPassTests.shrink(start) { c in
            c.count == 3 && c.last == .relaunch && { if case .advanceClock(let ms) = c[1] { return ms >= 5_000 } else { return false } }()
        }
        #expect(r == [.newTab, .advanceClock(milliseconds: 5_000), .relaunch])
    }

    @Test func aPickFromAnywhereInIntLandsOnTheSmallestNamingTheJob() {
        // Three jobs ready: picks 2, 5, 8, … (Int.max − 2 among them) name the newest; the shrunk pick is 2.
        let start: [Action] = [.newTab, .runJobs([Int.max - 2]), .relaunch]
        let r = ShrinkPassTests.shrink(start) { c in
            c.count == 3 && c.last == .relaunch && { if case .runJobs(let p) = c[1], p.count == 1 { return (p[0] % 3 + 3) % 3 == 2 } else { return false } }()
        }
        #expect(r == [.newTab, .runJobs([2]), .relaunch])
    }

    @Test func towardZeroIsStrictlyNearerAndEnds() {
        for i in [1, 2, 7, 5_001, -1, -9, Int.max, Int.min] {
            let t = Action.towardZero(i)
            #expect(t.first == 0 && t.allSatisfy { $0.magnitude <= i.magnitude && $0 != i }, "\(i): \(t)")
        }
        #expect(Action.towardZero(0).isEmpty)
    }
}
