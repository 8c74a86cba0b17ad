// A test target that checks its own view-model imports TabGridTesting alone: the driver
// protocol, actions, observations and policies its API needs come with it.
@_exported import Checker
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
/// `CheckableDriver` type, the reference under any policy, or a `DriverFactory` with a
/// `recipe` (`.value(MyParameters(…))`, a `FactoryRecipe`); custom properties by value when
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
        case referenceUnder(Policy)
        /// Any other driver — this repository's production model is `.driver(.production)`
        /// with `import ProductionDriver` (to validate a refactor against it).
        case driver(DriverFactory)

        var factory: DriverFactory {
            switch self {
            case .reference: return .reference
            case .referenceUnder(let p): return .reference(p)
            case .driver(let f): return f
            }
        }

        /// The reference under `policy`, judged by every property under it.
        public static func reference(policy: Policy) -> Oracle { .referenceUnder(policy) }

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
    public static func expectAgreement<D: CheckableDriver>(
        _ driver: D.Type, with oracle: Oracle = .reference, budget: Budget? = nil, properties: [Property]? = nil,
        customProperties: [any StepProperty] = [], seed: UInt64? = nil, maxSteps: Int = 200, shrinkTime: Double = 10, isolated: Bool? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async -> Campaign.Found? {
        await check(DriverFactory(driver), typeName: String(describing: D.self), with: oracle, budget: budget, properties: properties,
              custom: customProperties, seed: seed,
              maxSteps: maxSteps, shrinkTime: shrinkTime, isolated: isolated, sourceLocation: sourceLocation)
    }

    /// The same, for a driver given as a factory.
    @discardableResult
    public static func expectAgreement(
        _ driver: DriverFactory, with oracle: Oracle = .reference, budget: Budget? = nil, properties: [Property]? = nil,
        customProperties: [any StepProperty] = [], seed: UInt64? = nil, maxSteps: Int = 200, shrinkTime: Double = 10, isolated: Bool? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async -> Campaign.Found? {
        await check(driver, typeName: nil, with: oracle, budget: budget, properties: properties, custom: customProperties, seed: seed, maxSteps: maxSteps,
              shrinkTime: shrinkTime, isolated: isolated, sourceLocation: sourceLocation)
    }

    static func check(_ driver: DriverFactory, typeName: String?, with oracle: Oracle, budget: Budget?, properties: [Property]?,
                      custom: [any StepProperty] = [], seed: UInt64?, maxSteps: Int, shrinkTime: Double, isolated: Bool? = nil,
                      sourceLocation: SourceLocation) async -> Campaign.Found? {
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
        let text = """
            \(f.violation.property.rawValue) broke rule \(f.violation.rule) at step \(f.step) (\(runner.implementation.name) vs \(runner.oracle.name)); \
            shrunk \(found.original.count) → \(found.shrunk.count) steps
            \(Report.steps(found.shrunk, failure: f))

            reproduce: sequence seed \(hex(found.sequenceSeed)) (TABGRID_SEED=\(hex(settings.seed)), --max-steps \(maxSteps)); the replay file and a regression test are attached
            \(runner.skippedDescription.map { "skipped: \($0)" } ?? "")\(died.map { "\n\($0)" } ?? "")\(found.nondeterministic.map { "\nnondeterministic: \($0)" } ?? "")
            """
        Issue.record(Comment(rawValue: text), sourceLocation: sourceLocation)
        let replay = ReplayFile(seed: found.sequenceSeed, violation: f.violation, compare: [runner.implementation.name, runner.oracle.name],
                                originalSteps: found.original.count, actions: found.shrunk, policy: runner.policy)
        let name = "\(f.violation.property.rawValue)-\(Report.ruleSlug(f.violation.rule))-\(hex(found.sequenceSeed))"
        Attachment.record(Array(replay.encoded()), named: name + ".replay.json", sourceLocation: sourceLocation)
        Attachment.record(regressionTest(found.shrunk, failure: f, id: hex(found.sequenceSeed), typeName: typeName, driver: driver, oracle: oracle,
                                         custom: custom),
                          named: name + "-regression.swift", sourceLocation: sourceLocation)
        return found
    }

    /// The pasted regression test's one line: replays `actions` through the driver and the
    /// oracle with every property, and records an issue (with the report) if it fails.
    @discardableResult
    public static func expectNoFailure<D: CheckableDriver>(
        _ actions: [Action], _ driver: D.Type, with oracle: Oracle = .reference, properties: [Property] = Property.allCases,
        customProperties: [any StepProperty] = [], sourceLocation: SourceLocation = #_sourceLocation
    ) -> Runner.Failure? {
        let failure = Regression.check(actions, properties: properties, implementation: DriverFactory(driver), oracle: oracle.factory,
                                       policy: oracle.policy(), customProperties: customProperties)
        if let failure {
            Issue.record(Comment(rawValue: Report.steps(Array(actions.prefix(failure.step)), failure: failure)), sourceLocation: sourceLocation)
        }
        return failure
    }

    /// The test to paste: `expectNoFailure` with the driver's type when it is known, else
    /// `Regression.check` with the factories.
    package static func regressionTest(_ actions: [Action], failure: Runner.Failure, id: String, typeName: String?, driver: DriverFactory,
                               oracle: Oracle, custom: [any StepProperty] = []) -> String {
        guard let typeName else {
            return Report.regressionTest(actions, failure: failure, id: id, compare: [driver.name, oracle.factory.name], customProperties: custom) + "\n"
        }
        // A failure of a custom property is judged by it again, or the pasted test would pass on the bug (#36).
        let customCode = custom.isEmpty || Property.allCases.contains(failure.violation.property) ? ""
            : ", customProperties: [\(custom.map { "\(type(of: $0))()" }.joined(separator: ", "))]"
        let name = "regression_\(failure.violation.property.rawValue)_\(Report.ruleSlug(failure.violation.rule))_\(id)"
        let oracleCode: String
        var note = ""
        switch oracle {
        case .reference: oracleCode = ".reference"
        case .referenceUnder(let p): oracleCode = ".reference(policy: \(p.swiftCode))"
        case .driver(let f) where f.name == "reference": oracleCode = ".reference"
        case .driver(let f):
            oracleCode = ".driver(\(f.swiftCode ?? Report.identifier(f.name)))"
            // A factory made from a closure without a `source` has none to write: name it
            // where you paste this (or give it one).
            if f.swiftCode == nil {
                note = "// `\(Report.identifier(f.name))`: the DriverFactory you passed as the oracle (give it `source:` to have it written here).\n"
            }
        }
        if failure.violation.property == .crash && ["trap", "hang"].contains(failure.violation.rule) {
            // A trap ends the process that runs it: an exit test, passing when the sequence
            // neither traps nor fails.
            return """
            // \(failure.violation.property.rawValue), rule \(failure.violation.rule): \(failure.violation.message.prefix(120).replacing("\n", with: " "))
            \(note)@Test func \(name)() async {
                await #expect(processExitsWith: .success) {
                    let failure = Regression.check([
            \(actions.map { "                " + $0.swiftCode + "," }.joined(separator: "\n"))
                    ], implementation: DriverFactory(\(typeName).self), oracle: \(oracleFactoryCode(oracle)), policy: \(oracle.policy().swiftCode)\(customCode))
                    precondition(failure == nil, "\\(failure.map(String.init(describing:)) ?? "")")
                }
            }

            """
        }
        return """
        // \(failure.violation.property.rawValue), rule \(failure.violation.rule): \(failure.violation.message.prefix(120).replacing("\n", with: " "))
        \(note)@Test func \(name)() {
            GridCheck.expectNoFailure([
        \(actions.map { "        " + $0.swiftCode + "," }.joined(separator: "\n"))
            ], \(typeName).self, with: \(oracleCode)\(customCode))
        }

        """
    }

    /// The oracle as a `DriverFactory` expression, for an exit test's `Regression.check`.
    static func oracleFactoryCode(_ oracle: Oracle) -> String {
        switch oracle {
        case .reference: return "DriverFactory.reference"
        case .referenceUnder(let p): return "DriverFactory.reference(\(p.swiftCode))"
        case .driver(let f): return f.swiftCode ?? Report.identifier(f.name)
        }
    }

    /// The regression test attached for `found` (what a user pastes).
    public static func regressionTestText(_ found: Campaign.Found, typeName: String, with oracle: Oracle = .reference,
                                          customProperties: [any StepProperty] = []) -> String {
        regressionTest(found.shrunk, failure: found.shrunkFailure, id: hex(found.sequenceSeed), typeName: typeName,
                       driver: oracle.factory, oracle: oracle, custom: customProperties)
    }

    /// The settings a call would use (for tests of the environment handling).
    public static func settings(budget: Budget?, properties: [Property]?, seed: UInt64?, isolated: Bool? = nil, environment: [String: String])
        throws(InputError) -> (budget: Budget, properties: [Property], seed: UInt64, isolated: Bool?) {
        let s = try Settings(budget: budget, properties: properties, seed: seed, isolated: isolated, environment: environment)
        return (s.budget, s.properties, s.seed, s.isolated)
    }
}
