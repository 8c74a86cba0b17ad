// A test target that checks its own view-model imports TabGridTesting alone: the driver
// protocol, actions, observations and policies its API needs come with it.
@_exported import TabGridCore
import Checker
import Foundation
import Generators
import Testing

/// Checking your own view-model from a Swift Testing test, in one call:
///
/// ```swift
/// import TabGridTesting
///
/// @Test func myGridAgreesWithTheReference() async {
///     await GridCheck.expectAgreement(MyGridDriver.self, with: .reference, budget: .seconds(5))
/// }
/// ```
///
/// It runs a campaign of `MyGridDriver` against the oracle. On a failure it records one
/// `Issue` at the call site — the failing property and rule, the shrunk sequence step by
/// step, the seed to reproduce it — and attaches the replay file (`tabcheck --replay` reads
/// it) and a regression test to paste, so `swift test --attachments-path DIR` leaves both on
/// disk for CI to upload. A summary (what was checked, what was skipped for a missing
/// capability, and where the campaign ran) is attached on every run.
///
/// The campaign runs in a fresh copy of the test binary (an exit test), so a model that
/// traps — an index out of range, a force unwrap — is one issue at the call with the shrunk
/// trapping sequence, not the end of the test process. The drivers get there by name: a
/// `CheckableGridDriver` type, the reference under any policy, or a `GridDriverFactory` with a
/// `recipe` (`.value(MyParameters(…))`, a `GridFactoryRecipe`); custom properties by value when
/// they are `Codable`. A factory made from a
/// closure runs in the test's process instead, and the summary says so and why.
/// `isolated: false` (or `TABGRID_ISOLATED=0`) keeps a campaign in the test's process, for a
/// debugger (docs/reliability.md).
///
/// The environment overrides what the call leaves unset: `TABGRID_SEED` (the master seed),
/// `TABGRID_ITERATIONS` (a number of sequences instead of a time budget),
/// `TABGRID_TIME_LIMIT` (seconds), `TABGRID_PROPERTIES` (comma-separated names),
/// `TABGRID_POLICY` (the reference's policy), `TABGRID_ISOLATED` (0 or 1). A bad value
/// is an issue of its own, saying which and why.
public enum GridCheck {
    /// What the driver is compared with.
    public enum Oracle: Sendable {
        /// The naive reading of the spec (ReferenceModel), under SPEC's policy — or under
        /// `TABGRID_POLICY` (a preset's name or a JSON file) when that is set.
        case reference
        /// The reference under a policy of your own (docs/policies.md): `.reference(policy: …)`.
        case referenceUnder(GridPolicy)
        /// Any other driver: your current implementation, to validate a refactor against it
        /// (`.driver(GridDriverFactory(CurrentDriver.self))`).
        case driver(GridDriverFactory)

        var factory: DriverFactory {
            switch self {
            case .reference: return .reference
            case .referenceUnder(let p): return .reference(p)
            case .driver(let f): return f
            }
        }

        /// The reference under `policy`, judged by every property under it.
        public static func reference(policy: GridPolicy) -> Oracle { .referenceUnder(policy) }

        /// The policy a run with this oracle judges by: the one it names, else `fallback`
        /// (TABGRID_POLICY for `.reference`); SPEC's for another driver.
        func policy(else fallback: Policy = .spec) -> Policy {
            switch self {
            case .referenceUnder(let p): return p
            case .reference: return fallback
            case .driver: return .spec
            }
        }
    }

    /// How long the campaign runs.
    public enum Budget: Sendable, Equatable {
        case seconds(Double)
        case sequences(Int)
    }

    /// The fixed default seed: a test suite is repeatable; `TABGRID_SEED` explores.
    public static let defaultSeed: UInt64 = Campaign.Config().seed

    /// Runs the campaign; returns the (shrunk) failure, if any, after recording it.
    @discardableResult
    public static func expectAgreement<D: CheckableGridDriver>(
        _ driver: D.Type, with oracle: Oracle = .reference, budget: Budget? = nil, properties: [GridPropertyName]? = nil,
        customProperties: [any GridStepProperty] = [], seed: UInt64? = nil, maxSteps: Int = 200, shrinkTime: Double = 10, isolated: Bool? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async -> Finding? {
        await check(GridDriverFactory(driver), with: oracle, budget: budget, properties: properties,
              custom: customProperties, seed: seed,
              maxSteps: maxSteps, shrinkTime: shrinkTime, isolated: isolated, sourceLocation: sourceLocation)
    }

    /// The same, for a driver given as a factory.
    @discardableResult
    public static func expectAgreement(
        _ driver: GridDriverFactory, with oracle: Oracle = .reference, budget: Budget? = nil, properties: [GridPropertyName]? = nil,
        customProperties: [any GridStepProperty] = [], seed: UInt64? = nil, maxSteps: Int = 200, shrinkTime: Double = 10, isolated: Bool? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async -> Finding? {
        await check(driver, with: oracle, budget: budget, properties: properties, custom: customProperties, seed: seed, maxSteps: maxSteps,
              shrinkTime: shrinkTime, isolated: isolated, sourceLocation: sourceLocation)
    }

    static func check(_ driver: GridDriverFactory, with oracle: Oracle, budget: Budget?, properties: [Property]?,
                      custom: [any GridStepProperty] = [], seed: UInt64?, maxSteps: Int, shrinkTime: Double, isolated: Bool? = nil,
                      sourceLocation: SourceLocation) async -> Finding? {
        let settings: Settings
        do {
            settings = try Settings(budget: budget, properties: properties, seed: seed, isolated: isolated, environment: ProcessInfo.processInfo.environment)
        } catch {
            Issue.record(Comment(rawValue: error.message), sourceLocation: sourceLocation)
            return nil
        }
        var runner = Runner(implementation: driver, oracle: oracle.factory, properties: settings.properties)
            .withPolicy(oracle.policy(else: settings.policy))
        runner.customProperties = custom
        var config = Campaign.Config()
        config.seed = settings.seed
        config.maxSteps = maxSteps
        config.shrinkTime = shrinkTime
        switch settings.budget {
        case .seconds(let s): config.sequences = Int.max / 2; config.timeLimit = s
        case .sequences(let n): config.sequences = n
        }
        let campaign = Campaign(runner: runner, config: config)
        guard let (result, died, place) = await run(campaign, isolated: settings.isolated, sourceLocation: sourceLocation) else { return nil }
        let checked = "\(runner.implementation.name) vs \(runner.oracle.name), seed \(hex(settings.seed)): \(result.sequences) sequences, \(result.steps) steps; "
            + "checked \(runner.checkedProperties.map(\.rawValue).joined(separator: ", "))"
            + (runner.skippedDescription.map { "; skipped \($0)" } ?? "") + "; ran \(place)"
        Attachment.record(checked + "\n", named: "tabcheck-summary.txt", sourceLocation: sourceLocation)
        guard let found = result.found else {
            if let died { Issue.record(Comment(rawValue: died), sourceLocation: sourceLocation) }
            return nil
        }
        let f = found.shrunkFailure
        let headline = "\(f.violation.property.rawValue) broke rule \(f.violation.rule) at step \(f.step) (\(runner.implementation.name) vs \(runner.oracle.name)); "
            + "shrunk \(found.original.count) → \(found.shrunk.count) steps"
        let stopped = Finding(found, regressionTest: "").shrinkStopped.map {
            "\nthe shrink stopped \($0): a shorter failing sequence may exist (shrinkTime: raises the cap)"
        } ?? ""
        let text = """
            \(headline)
            \(Report.steps(found.shrunk, failure: f))

            reproduce: \(reproduce(settings.seed)) (sequence seed \(hex(found.sequenceSeed)), --max-steps \(maxSteps)); the replay file and the regression test below are attached
            \(runner.skippedDescription.map { "skipped: \($0)" } ?? "")\(died.map { "\n\($0)" } ?? "")\(found.nondeterministic.map { "\nnondeterministic: \($0)" } ?? "")\(stopped)
            """
        let test = regressionTest(found.shrunk, failure: f, id: hex(found.sequenceSeed), driver: driver, oracle: oracle, policy: runner.policy,
                                  custom: custom)
        // As an error, so the issue's first line is the failure itself, not "Issue recorded".
        Issue.record(Headline(headline), Comment(rawValue: text + "\n\nregression test to paste:\n" + test), sourceLocation: sourceLocation)
        let replay = ReplayFile(seed: found.sequenceSeed, violation: f.violation, compare: [runner.implementation.name, runner.oracle.name],
                                originalSteps: found.original.count, actions: found.shrunk, policy: runner.policy)
        let name = "\(f.violation.property.rawValue)-\(Report.ruleSlug(f.violation.rule))-\(hex(found.sequenceSeed))"
        Attachment.record(Array(replay.encoded()), named: name + ".replay.json", sourceLocation: sourceLocation)
        Attachment.record(test, named: name + "-regression.swift", sourceLocation: sourceLocation)
        return Finding(found, regressionTest: test)
    }

    /// The pasted regression test's one line: replays `actions` through the driver and the
    /// oracle with every property (or `properties`), and records an issue with the report if
    /// it fails.
    @discardableResult
    public static func expectNoFailure<D: CheckableGridDriver>(
        _ actions: [GridAction], _ driver: D.Type, with oracle: Oracle = .reference, policy: GridPolicy? = nil,
        properties: [GridPropertyName]? = nil, customProperties: [any GridStepProperty] = [], sourceLocation: SourceLocation = #_sourceLocation
    ) -> Failure? {
        expectNoFailure(actions, implementation: GridDriverFactory(driver), with: oracle, policy: policy, properties: properties,
                        customProperties: customProperties, sourceLocation: sourceLocation)
    }

    /// The same, for a driver given as a factory.
    @discardableResult
    public static func expectNoFailure(
        _ actions: [GridAction], implementation: GridDriverFactory, with oracle: Oracle = .reference, policy: GridPolicy? = nil,
        properties: [GridPropertyName]? = nil, customProperties: [any GridStepProperty] = [], sourceLocation: SourceLocation = #_sourceLocation
    ) -> Failure? {
        let failure = self.failure(of: actions, implementation: implementation, with: oracle, policy: policy, properties: properties,
                                   customProperties: customProperties)
        if let failure {
            let v = failure.violation
            Issue.record(Headline("\(v.property.rawValue) broke rule \(v.rule) at step \(failure.step)"), Comment(rawValue: failure.report),
                         sourceLocation: sourceLocation)
        }
        return failure
    }

    /// The failure of `actions` through the driver and the oracle, or nil when every
    /// property holds — without recording anything (what a test that expects a failure asks).
    /// `policy`: the one the run judges by (default: the oracle's, SPEC's for a driver).
    public static func failure(
        of actions: [GridAction], implementation: GridDriverFactory, with oracle: Oracle = .reference, policy: GridPolicy? = nil,
        properties: [GridPropertyName]? = nil, customProperties: [any GridStepProperty] = []
    ) -> Failure? {
        Regression.check(actions, properties: properties ?? Property.allCases, implementation: implementation, oracle: oracle.factory,
                         policy: policy ?? oracle.policy(), customProperties: customProperties)
            .map { Failure(Array(actions.prefix($0.step)), $0) }
    }

    /// The test to paste (`Report.regressionTest`: the one printer the console, the HTML
    /// report and this attachment share).
    package static func regressionTest(_ actions: [Action], failure: Runner.Failure, id: String, driver: GridDriverFactory,
                               oracle: Oracle, policy: GridPolicy? = nil, custom: [any GridStepProperty] = []) -> String {
        Report.regressionTest(actions, failure: failure, id: id, implementation: driver, oracle: oracle.factory,
                              policy: policy ?? oracle.policy(), customProperties: custom) + "\n"
    }

    /// The settings a call would use (for tests of the environment handling).
    package static func settings(budget: Budget?, properties: [Property]?, seed: UInt64?, isolated: Bool? = nil, environment: [String: String])
        throws(InputError) -> (budget: Budget, properties: [Property], seed: UInt64, isolated: Bool?) {
        let s = try Settings(budget: budget, properties: properties, seed: seed, isolated: isolated, environment: environment)
        return (s.budget, s.properties, s.seed, s.isolated)
    }
}

/// The command that runs the failing test again with the same master seed.
func reproduce(_ seed: UInt64) -> String {
    let name = Test.current.map { String($0.name.prefix { $0 != "(" }) }
    return "TABGRID_SEED=\(hex(seed)) swift test" + (name.map { " --filter \($0)" } ?? "")
}

/// A recorded failure's first line: Swift Testing prints an error's description where a
/// bare comment would print "Issue recorded".
struct Headline: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
