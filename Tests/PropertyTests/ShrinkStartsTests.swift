import Checker
import Foundation
import Generators
import Shrinking
import Testing

/// More than one start for a shrink (`Campaign+Restarts.swift`, #53/#55): the campaign shrinks
/// later failures of the first one's rule too and keeps the shortest. On the planted
/// older-snapshot-wins model, where a first `background` can leave a shape the passes cannot
/// leave, a single start stops above the shortest on some seeds.
@Suite struct ShrinkStartsTests {
    static let runner = Runner(implementation: PlantedAsyncDriver.factory(.olderSnapshotWins), oracle: .reference, properties: Property.allCases)

    static func config(seed: UInt64, starts: Int, jobs: Int = 1) -> Campaign.Config {
        var c = Campaign.Config()
        c.seed = seed; c.sequences = 5_000; c.maxSteps = 60; c.largeGrids = false; c.moreStarts = starts; c.jobs = jobs
        return c
    }

    @Test func laterStartsReachTheShortestTheSameForAnyJobsAndReproduceAlone() throws {
        // Seed 7: a single start stops at 7 steps; the later starts reach 6.
        let one = try #require(Campaign(runner: Self.runner, config: Self.config(seed: 7, starts: 0)).run().found)
        let several = try #require(Campaign(runner: Self.runner, config: Self.config(seed: 7, starts: 4)).run().found)
        #expect(one.shrinkStarts == 1 && one.firstFailureSeed == nil && one.shrunk.count == 7, "\(one.shrunk)")
        #expect(several.shrunk.count == 6, "the later starts no longer reach the shortest: \(several.shrunk)")
        #expect(several.shrinkStarts > 1 && several.firstFailureSeed == one.sequenceSeed && several.sequenceSeed != one.sequenceSeed)
        // What its `--sequence-seed` line does: that failure's shrink alone gives the same sequence.
        let alone = Campaign(runner: Self.runner, config: Self.config(seed: 7, starts: 0))
            .shrink(several.original, several.originalFailure, seed: several.sequenceSeed, index: several.sequenceIndex)
        #expect(alone.shrunk == several.shrunk)
        // Two threads: the same starts, candidates and result.
        let two = try #require(Campaign(runner: Self.runner, config: Self.config(seed: 7, starts: 4, jobs: 2)).run().found)
        #expect(two.shrunk == several.shrunk && two.sequenceSeed == several.sequenceSeed && two.shrinkStarts == several.shrinkStarts
                && two.shrinkAttempts == several.shrinkAttempts)
    }
}
