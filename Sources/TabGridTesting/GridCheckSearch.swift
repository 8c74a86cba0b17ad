import Checker
import Foundation
import Generators
import TabGridCore

/// What a test that expects a failure asks, without recording an issue: a campaign's
/// finding, whether a shorter failure exists, the policy a model follows, and what a pair of
/// drivers is checked on.
extension GridCheck {
    /// A campaign of `driver` against `oracle` in this process, stopped at the first failure
    /// and shrunk; nil when every property held. Nothing is recorded.
    public static func find(_ driver: GridDriverFactory, with oracle: Oracle = .reference, sequences: Int = 2_000, maxSteps: Int = 200,
                            seed: UInt64 = defaultSeed, properties: [GridPropertyName]? = nil,
                            customProperties: [any GridStepProperty] = []) -> Finding? {
        var runner = Runner(implementation: driver, oracle: oracle.factory, properties: properties ?? Property.allCases)
            .withPolicy(oracle.policy())
        runner.customProperties = customProperties
        var config = Campaign.Config()
        config.seed = seed
        config.sequences = sequences
        config.maxSteps = maxSteps
        guard let found = Campaign(runner: runner, config: config).run().found else { return nil }
        return Finding(found, regressionTest: regressionTest(found.shrunk, failure: found.shrunkFailure, id: hex(found.sequenceSeed),
                                                             driver: driver, oracle: oracle, custom: customProperties))
    }

    /// A failing sequence one step shorter than `finding.shrunk`, by exhaustive search over
    /// actions drawn from it (`tabcheck minimal --from`); nil when none of that length fails
    /// the same way — the finding is the shortest over that alphabet.
    public static func shorterFailure(than finding: Finding, of driver: GridDriverFactory, with oracle: Oracle = .reference,
                                      customProperties: [any GridStepProperty] = [], jobs: Int = 2) -> [GridAction]? {
        guard finding.shrunk.count > 1 else { return nil }
        var runner = Runner(implementation: driver, oracle: oracle.factory).withPolicy(oracle.policy())
        runner.customProperties = customProperties
        let shorter = finding.shrunk.count - 1
        let alphabet = ExhaustiveSearch.alphabet(limit: shorter, from: finding.shrunk)
        // The same failure, as the shrinker judged it (another failure on the way is another bug).
        let violation = finding.failure.violation
        return ExhaustiveSearch.search(runner, limit: shorter, alphabet: alphabet, jobs: jobs, isolated: nil, deadline: nil,
                                       fails: { $0.failure?.violation.sameFailure(as: violation) ?? false }, shouldStop: { false }).found
    }

    /// The policy `driver` follows, inferred by campaigns against the reference
    /// (`tabcheck policy`), starting `from` a policy: the policy (nil when a failure no knob
    /// explains remains, or the model's choices alternate), the preset's name when it is one,
    /// and each round.
    public static func inferPolicy(of driver: GridDriverFactory, from start: GridPolicy = .spec, sequences: Int = 1_000, maxSteps: Int = 120,
                                   seed: UInt64 = defaultSeed) -> (policy: GridPolicy?, preset: String?, rounds: [String]) {
        var config = Campaign.Config()
        config.seed = seed
        config.sequences = sequences
        config.maxSteps = maxSteps
        let inferred = PolicyInference.infer(runner: Runner(implementation: driver, oracle: .reference).withPolicy(start), config: config)
        return (inferred.policy, inferred.policy.flatMap(PolicyFile.name(of:)), inferred.rounds)
    }

    /// What `driver` against `oracle` is checked on: the properties checked, those skipped for
    /// a capability one of them lacks, and the capabilities both declare.
    public static func plan(_ driver: GridDriverFactory, with oracle: Oracle = .reference)
        -> (checked: [GridPropertyName], skipped: [GridPropertyName], capabilities: Set<GridCapability>) {
        let runner = Runner(implementation: driver, oracle: oracle.factory).withPolicy(oracle.policy())
        return (runner.checkedProperties, runner.skippedProperties, runner.capabilities)
    }
}
