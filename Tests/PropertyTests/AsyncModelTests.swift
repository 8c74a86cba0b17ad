import Checker
import Foundation
import Generators
import ProductionDriver
import TabGridTesting
import Testing

/// `@MainActor` models with async work (#53): each rule of S caught by a planted mistake, the
/// production model's `LiveTabs` agreeing with the reference, and a seed's schedule the same on
/// one job or two and under load. None of these tests is `@MainActor`: the checker puts the
/// driver there.
@Suite struct AsyncModelTests {
    static func replay(_ actions: [Action], _ mistake: PlantedAsyncTabs.Mistake?) -> GridCheck.Failure? {
        GridCheck.failure(of: actions, implementation: PlantedAsyncDriver.factory(mistake))
    }

    @Test func S1_aSavesCompletionNeverChangesTheGrid() {
        // Two saves in flight; four jobs oldest first: both tasks start, the store takes the
        // first snapshot, and its completion sets the tabs back to it: t2 is gone.
        let steps: [Action] = [.newTab, .newTab, .runJobs([0, 0, 0, 0])]
        #expect(Self.replay(steps, .saveReloadsItsSnapshot)?.violation.rule == "S1")
        #expect(Self.replay(steps, nil) == nil)
    }

    @Test func S2_aFlushNotAwaitedLosesTheTabsToAKill() {
        let steps: [Action] = [.newTab, .background, .relaunch]
        let f = Self.replay(steps, .flushNotAwaited)
        #expect(f?.violation.rule == "S2" && f?.step == 3, "\(String(describing: f))")
        #expect(Self.replay(steps, nil) == nil)
    }

    @Test func S2_anOlderSnapshotNeverOverwritesANewerOne() {
        // Two saves in flight past a flush; the newer reaches the store first, the older then
        // replaces it, and the throttle's timer writes the older over the flushed session.
        let steps: [Action] = [.newTab, .newTab, .background, .runJobs([1, 1]), .settle, .relaunch]
        let f = Self.replay(steps, .olderSnapshotWins)
        #expect(f?.violation.rule == "S2" && f?.step == 6, "\(String(describing: f))")
        #expect(Self.replay(steps, nil) == nil)
    }

    @Test func S3_aLaunchAwaitingWhatNoJobDoesIsADeadlock() {
        let f = Self.replay([.relaunch], .launchNeverResumes)
        #expect(f?.violation.rule == "S3" && f?.violation.message.contains("waits") == true, "\(String(describing: f))")
    }

    @Test func S3_workThatNeverGoesQuietIsReportedNotAHang() {
        let f = Self.replay([.newTab, .settle], .endlessRefresh)
        #expect(f?.violation.rule == "S3" && f?.step == 2, "\(String(describing: f))")
    }

    /// Each mistake is found by a campaign of generated steps and schedules, under its rule.
    @Test(arguments: PlantedAsyncTabs.Mistake.allCases)
    func aCampaignFindsEachPlantedMistake(_ mistake: PlantedAsyncTabs.Mistake) throws {
        let rule = ["saveReloadsItsSnapshot": "S1", "flushNotAwaited": "S2", "olderSnapshotWins": "S2",
                    "launchNeverResumes": "S3", "endlessRefresh": "S3"][mistake.rawValue]
        let found = try #require(GridCheck.find(PlantedAsyncDriver.factory(mistake), sequences: 5_000, maxSteps: 60), "\(mistake) not found")
        let v = found.failure.violation
        #expect(v.property.rawValue == "lifecycle" && v.rule == rule, "\(mistake): \(v) in \(found.shrunk)")
    }

    /// The production model's async façade raises no false alarm.
    @Test func liveTabsAgreesWithTheReference() {
        #expect(GridCheck.find(GridDriverFactory.productionAsync, sequences: 300, maxSteps: 80) == nil)
    }

    /// The storyboard draws the jobs each step ran, and the kill's dropped ones.
    @Test func theStoryboardShowsTheSchedule() {
        let runner = Runner(implementation: PlantedAsyncDriver.factory(.flushNotAwaited), oracle: .reference)
        let actions: [Action] = [.newTab, .background, .relaunch]
        let failure = runner.run(.actions(actions), collectCoverage: false).failure
        #expect(failure?.violation.rule == "S2")
        var s = HTMLReport.Summary(title: "t", result: "fail", implementation: runner.implementation.name, oracle: runner.oracle.name,
                                   seed: "0x1", sequences: 1, steps: actions.count, elapsed: 0, properties: runner.properties)
        s.capabilities = runner.capabilities
        let page = HTMLReport(summary: s, records: HTMLReport.records(actions, runner, failure: failure), coverage: nil).page()
        #expect(page.contains("⏱ ran in this step: main #"), "no schedule line")
        #expect(page.contains("killed: "), "the kill's dropped jobs are not drawn")
    }

    /// A campaign on `jobs` threads: the failure it finds, and the schedule its shrunk sequence runs.
    static func campaign(jobs: Int) -> (seed: UInt64, shrunk: [Action], original: [Action], schedule: [[String]])? {
        var config = Campaign.Config()
        config.sequences = 400
        config.maxSteps = 60
        config.jobs = jobs
        let runner = Runner(implementation: PlantedAsyncDriver.factory(.saveReloadsItsSnapshot), oracle: .reference)
        guard let found = Campaign(runner: runner, config: config).run().found else { return nil }
        return (found.sequenceSeed, found.shrunk, found.original, schedule(found.original))
    }

    /// The jobs each step of `actions` ran, as the storyboard draws them.
    static func schedule(_ actions: [Action]) -> [[String]] {
        var out: [[String]] = []
        let runner = Runner(implementation: PlantedAsyncDriver.factory(.saveReloadsItsSnapshot), oracle: .reference)
        _ = runner.run(.actions(actions), collectCoverage: false, onStep: { out.append($0.scheduled) })
        return out
    }

    @Test func theSameSeedGivesTheSameScheduleOnOneJobOrTwoAndUnderLoad() throws {
        let one = try #require(Self.campaign(jobs: 1))
        let two = try #require(Self.campaign(jobs: 2))
        #expect(one.seed == two.seed && one.shrunk == two.shrunk)
        #expect(one.schedule == two.schedule)
        #expect(one.schedule.contains { !$0.isEmpty }, "no job ran: the schedule is not being recorded")
        // Under load: four threads replay the same sequence at once, each with its own model,
        // while a fifth runs a whole campaign; every replay runs the jobs the lone one ran.
        final class Runs: @unchecked Sendable { let lock = NSLock(); var all: [[[String]]] = [] }
        let runs = Runs(), original = one.original
        DispatchQueue.concurrentPerform(iterations: 5) { k in
            if k == 4 { _ = Self.campaign(jobs: 2); return }
            let s = Self.schedule(original)
            runs.lock.withLock { runs.all.append(s) }
        }
        #expect(runs.all.count == 4 && runs.all.allSatisfy { $0 == one.schedule })
    }
}
