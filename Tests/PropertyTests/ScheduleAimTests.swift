import Checker
import Foundation
import Generators
import Shrinking
import TabGridTesting
import Testing

/// The shrinker's passes for schedules on a real scheduled model (`PlantedAsyncDriver`, #53):
/// `ReaimSchedule`, which deletes steps with every step of jobs running the same jobs by
/// lineage (`JobBirth`), and `ShortlexPicks`, one pick list per failure. Each case is where the
/// other passes stop: its `without` shows the pass is what reaches the result.
@Suite struct ScheduleAimTests {
    /// Shrinks `start` against `mistake` with the checker's aiming, with every pass or without `pass`.
    static func shrink(_ start: [Action], _ mistake: PlantedAsyncTabs.Mistake, without pass: String? = nil) throws -> [Action] {
        let runner = Runner(implementation: PlantedAsyncDriver.factory(mistake), oracle: .reference, properties: Property.allCases)
        let first = try #require(runner.run(.actions(start), collectCoverage: false).failure, "the case must fail to begin with")
        let same: @Sendable (Runner.Outcome) -> Bool = { $0.failure.map { $0.violation.sameFailure(as: first.violation) } ?? false }
        var calls = 0
        var shrinker = Shrinker(timeLimit: 1e9, now: { Double(calls) }, passes: Shrinker.standardPasses.filter { $0.name != pass })
        shrinker.aiming = Campaign.aiming(runner, isolated: false, same: same)
        #expect(shrinker.aiming != nil)
        return shrinker.shrink(start) { c in calls += 1; return same(runner.run(.actions(c), collectCoverage: false)) }.actions
    }

    @Test func reaimedDeletionsReachTheShortestWhereTheOtherPassesStop() throws {
        // Older-snapshot-wins as a campaign finds it (seed 4): without re-aimed deletions the
        // shrink stops at 9 steps, every deletion there turning the last step's picks towards
        // other jobs; with them it reaches 6, the shortest.
        let found = try #require(GridCheck.find(PlantedAsyncDriver.factory(.olderSnapshotWins), sequences: 5_000, maxSteps: 60, seed: 4))
        let without = try Self.shrink(found.original, .olderSnapshotWins, without: "re-aim schedule")
        #expect(without.count == 9, "\(without)")
        let shrunk = found.shrunk   // the campaign's own shrink, which aims
        #expect(shrunk == [.newTab, .newTab, .background, .advanceClock(milliseconds: 1_000), .runJobs([0, 1, 2, 1]), .relaunch], "\(shrunk)")
    }

    @Test func oneFailureOneSchedule() throws {
        // A save's completion reloading its snapshot: [1, 0, 0, 1] and [0, 0, 0, 0] (four jobs)
        // and [0, 1, 1] (three) all lose t2; shortlex order keeps the three.
        let start: [Action] = [.newTab, .newTab, .runJobs([1, 0, 0, 1])]
        #expect(try Self.shrink(start, .saveReloadsItsSnapshot, without: "shortlex picks") == start)
        #expect(try Self.shrink(start, .saveReloadsItsSnapshot) == [.newTab, .newTab, .runJobs([0, 1, 1])])
    }

    @Test func anAimRunsTheJobsItNamesAndRecordsTheirPlaces() throws {
        // Two new tabs: each event's job enqueues a save task (its child: lineage step.0.0);
        // aimed at the second's first, the step of jobs runs it from place 1, then the first's from place 0.
        let runner = Runner(implementation: PlantedAsyncDriver.factory(nil), oracle: .reference, properties: Property.allCases)
        let aim = ScheduleAim(aims: [2: [JobBirth(step: 1, path: [0, 0]), JobBirth(step: 0, path: [0, 0])]])
        let out = aim.with { runner.run(.actions([.newTab, .newTab, .runJobs([0, 0])]), collectCoverage: false) }
        #expect(out.failure == nil)
        #expect(aim.ran[2]?.prefix(2) == [JobBirth(step: 1, path: [0, 0]), JobBirth(step: 0, path: [0, 0])], "\(aim.ran)")
        #expect(aim.picks[2]?.prefix(2) == [1, 0], "\(aim.picks)")
        // Unaimed, the same step records what its picks ran.
        let plain = ScheduleAim()
        _ = plain.with { runner.run(.actions([.newTab, .newTab, .runJobs([0, 0])]), collectCoverage: false) }
        #expect(plain.ran[2] == [JobBirth(step: 0, path: [0, 0]), JobBirth(step: 1, path: [0, 0])] && plain.picks[2] == [0, 0], "\(plain.ran) \(plain.picks)")
    }
}
