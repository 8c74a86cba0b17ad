import Generators
import ReferenceModel

/// Which policy a model seems to follow (docs/policies.md). Two uses:
///
/// - `explaining(_:runner:)`: a shrunk failure run again under each single-knob change of the
///   runner's policy; the changes under which it passes are what a report suggests ("the
///   model seems to follow activeAfterClose = previousThenNext").
/// - `infer(runner:config:)`: a whole policy by search over the knobs, not over every
///   combination: run a campaign; on a failure, adopt the first single-knob change that
///   explains its shrunk sequence and every earlier round's; again, until a campaign passes or nothing explains the
///   failure (then the failure is a bug, not a choice). Each round changes one knob.
package enum PolicyInference {
    /// One knob of `policy` set to another value.
    package struct Change: Sendable, Equatable, CustomStringConvertible {
        package let knob: String
        package let value: String
        package let policy: Policy
        package var description: String { "\(knob) = \(value)" }
    }

    /// Every policy that differs from `p` in one knob (`Policy.knobs`: each knob's other values).
    package static func changes(of p: Policy) -> [Change] {
        Policy.knobs.flatMap { knob in knob.alternatives(p).map { Change(knob: knob.name, value: $0.value, policy: $0.policy) } }
    }

    /// The single-knob changes under which `actions` pass every property `runner` checks.
    /// `isolated`: each run in a child process of its own (the sequence may trap).
    package static func explaining(_ actions: [Action], runner: Runner, isolated: Bool = false) -> [Change] {
        changes(of: runner.policy).filter { passes(actions, runner.withPolicy($0.policy), isolated: isolated) }
    }

    /// The outcome of `infer`: the policy found (nil when a failure no knob explains
    /// remains), and what each round saw.
    package struct Inferred: Sendable {
        package let policy: Policy?
        package let rounds: [String]
        package let unexplained: Campaign.Found?
        /// Whether `config.shouldStop` ended it before a verdict: `policy` is then nil.
        package var interrupted = false
        /// Whether the rounds ran out, each explained by a change: no verdict, not a bug.
        package var roundsRanOut = false
        /// The policy of the last round: the one `unexplained` was judged by (or, when the rounds
        /// ran out, the one to go on from).
        package var lastPolicy: Policy = .spec
    }

    /// `onRound` hears each round's line as it ends (a round is a campaign: minutes on a slow
    /// model). It starts from `start`'s policy (`tabcheck policy --policy P`). A failure no single
    /// knob explains is tried against every pair of changes (a model may differ from the policy
    /// in two knobs at once, both visible at step 0); a policy met twice ends it (a model whose
    /// choices alternate follows no policy, and rounds would flip one knob back and forth).
    /// `maxRounds` (nil: as many as there are single-knob changes of the start, each round
    /// adopting a policy never met before): a count knob climbs a value a round, the least that
    /// explains the evidence — a model keeping 20 reopen entries, from a start of 5, took 15
    /// rounds and ran out of a fixed 8, called a bug (#54's fifth audit). Rounds that run out
    /// are no verdict, not a bug (`roundsRanOut`).
    package static func infer(runner start: Runner, config: Campaign.Config, maxRounds: Int? = nil,
                             onRound: (String) -> Void = { _ in }) -> Inferred {
        let maxRounds = maxRounds ?? changes(of: start.policy).count
        var runner = start
        var visited: [Policy] = [start.policy]
        var evidence: [[Action]] = []
        var rounds: [String] = [] { didSet { onRound(rounds.last!) } }
        // A round needs a failure to try the knobs on, not the shortest one: one shrink start.
        var config = config
        config.moreStarts = 0
        config.searchShorter = false
        for _ in 0..<maxRounds {
            let result = Campaign(runner: runner, config: config).run()
            if result.interrupted || result.found?.shrinkInterrupted == true {
                // No verdict: the failure found so far (if any) was not tried against the knobs.
                return Inferred(policy: nil, rounds: rounds, unexplained: result.found, interrupted: true, lastPolicy: runner.policy)
            }
            guard let found = result.found else {
                rounds.append("\(PolicyFile.describe(runner.policy)): \(result.sequences) sequences pass")
                return Inferred(policy: runner.policy, rounds: rounds, unexplained: nil)
            }
            let f = found.shrunkFailure.violation
            // A change must explain this failure and every earlier round's too: one that
            // explains this alone may be undone by the next round (#55: a model filtering with
            // localizedCaseInsensitiveContains went characterWise → caseAndDiacriticInsensitive
            // → characterWise, and localizedCaseInsensitive, which explains both, was never tried).
            let earlier = evidence
            let fits: (Change) -> Bool = { c in earlier.allSatisfy { passes($0, runner.withPolicy(c.policy), isolated: config.isolated) } }
            evidence.append(found.shrunk)
            let alone = explaining(found.shrunk, runner: runner, isolated: config.isolated)
            guard let change = alone.first(where: fits) ?? explainingByPairs(found.shrunk, runner: runner, isolated: config.isolated, fits: fits) else {
                if let first = alone.first {
                    rounds.append("\(PolicyFile.describe(runner.policy)): \(f.property.rawValue) broke \(f.rule); it passes with \(first), which an earlier round's failure breaks: the model's choices alternate, and no policy describes them")
                    return Inferred(policy: nil, rounds: rounds, unexplained: found, lastPolicy: runner.policy)
                }
                rounds.append("\(PolicyFile.describe(runner.policy)): \(f.property.rawValue) broke \(f.rule), and no knob, alone or with another, explains it")
                return Inferred(policy: nil, rounds: rounds, unexplained: found, lastPolicy: runner.policy)
            }
            rounds.append("\(PolicyFile.describe(runner.policy)): \(f.property.rawValue) broke \(f.rule) in \(found.shrunk.count) steps; it passes with \(change)")
            guard !visited.contains(change.policy) else {
                rounds.append("\(PolicyFile.describe(change.policy)) was tried in an earlier round: the model's choices alternate, and no policy describes them")
                return Inferred(policy: nil, rounds: rounds, unexplained: found, lastPolicy: runner.policy)
            }
            visited.append(change.policy)
            runner = runner.withPolicy(change.policy)
        }
        rounds.append("stopped after \(maxRounds) rounds, each explained by a change, without a verdict")
        return Inferred(policy: nil, rounds: rounds, unexplained: nil, roundsRanOut: true, lastPolicy: runner.policy)
    }

    /// The first change of two knobs at once under which `actions` pass, when no single one does
    /// (each pair once: the second knob after the first in `Policy.knobs`).
    package static func explainingByPairs(_ actions: [Action], runner: Runner, isolated: Bool, fits: (Change) -> Bool = { _ in true }) -> Change? {
        let order = Policy.knobs.map(\.name)
        for first in changes(of: runner.policy) where Self.sparse(first) {
            let after = order.firstIndex(of: first.knob) ?? 0
            for second in changes(of: first.policy) where (order.firstIndex(of: second.knob) ?? 0) > after && Self.sparse(second) {
                let both = Change(knob: "\(first.knob) = \(first.value) and \(second.knob)", value: second.value, policy: second.policy)
                if passes(actions, runner.withPolicy(second.policy), isolated: isolated) && fits(both) {
                    return both
                }
            }
        }
        return nil
    }

    /// Pairs try a count knob at a few values only: every value up to 64 of one knob against
    /// every value of the others would be thousands of replays (each a process when isolated).
    static func sparse(_ c: Change) -> Bool {
        guard let n = Int(c.value) else { return true }
        return [0, 1, 2, 3, 5, 10, 20, 50, 100, 1_000].contains(n)
    }

    /// Whether `actions` pass every property `runner` checks (`isolated`: in a child process).
    static func passes(_ actions: [Action], _ runner: Runner, isolated: Bool) -> Bool {
        (isolated ? runner.runIsolated(.actions(actions)) : runner.run(.actions(actions), collectCoverage: false)).failure == nil
    }
}
