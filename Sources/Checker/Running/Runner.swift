import Foundation
import Generators
import ReferenceModel

/// Runs one action sequence against an implementation and an oracle, comparing them and
/// checking the invariants after every step.
package struct Runner: Sendable {
    package var implementation: DriverFactory
    package var oracle: DriverFactory
    /// The properties chosen, in the order they are checked (`differential` after the rest).
    package var properties: [Property]
    /// Properties of your own, beside the built-in ones (`GridStepProperty`): checked when
    /// `properties` names them, or is the default (every built-in property).
    package var customProperties: [any GridStepProperty] = []

    /// The properties a run checks: `properties`, and with the default every custom one too.
    package var selected: [Property] {
        customProperties.isEmpty || properties != Property.allCases ? properties : properties + customProperties.map(\.name)
    }
    /// The choices both drivers are expected to make where tab models differ (docs/policies.md);
    /// the properties judge by it. `withPolicy(_:)` also puts the reference under it.
    package var policy: Policy = .spec
    package var generator: ActionGenerator
    package var startViewport: ViewportSpec

    /// (`Runner()` and `Runner(properties:)`, production against the reference, come with
    /// the ProductionDriver module.)
    package init(implementation: DriverFactory, oracle: DriverFactory = .reference,
                properties: [Property] = Property.allCases, generator: ActionGenerator = ActionGenerator(),
                startViewport: ViewportSpec = .phone) {
        self.implementation = implementation; self.oracle = oracle; self.properties = properties
        self.generator = generator; self.startViewport = startViewport
    }

    /// The same runner with freshly allocated buffers for what every step reads (the
    /// properties, the generator's weights), so threads running copies share no reference
    /// counts.
    package func isolatedCopy() -> Runner {
        var copy = self
        copy.properties = properties.map { $0 }
        copy.customProperties = customProperties.map { $0 }
        let c = generator.config
        copy.generator = ActionGenerator(config: GeneratorConfig(weights: Dictionary(uniqueKeysWithValues: c.weights.map { ($0.key, $0.value) }),
                                                                 invalidShare: c.invalidShare, swarm: c.swarm))
        return copy
    }

    /// What both drivers support: the only actions drawn, the only fields compared.
    package var capabilities: Set<Capability> { implementation.capabilities.intersection(oracle.capabilities) }
    /// The chosen properties both drivers can be judged by.
    package var checkedProperties: [Property] { let c = capabilities; return selected.filter { allows($0, c) } }
    /// The chosen properties skipped because a driver lacks what they need — every report
    /// names them.
    /// A property of the diffable view is not "skipped" for a grid fed by batch updates: that
    /// is another kind of view, not a missing part.
    package var skippedProperties: [Property] {
        let c = capabilities
        let chosen = selected.count < Property.allCases.count   // named with --property: always said when skipped
        let newer: Set<Capability> = Capability.allFeatures.subtracting(Capability.all)   // declared on top of `all`
        // A synchronous implementation has no app life to skip: `lifecycle` is named only when
        // asked for, or when the implementation declares it and the oracle does not.
        let synchronous = !implementation.capabilities.contains(.appLifecycle)
        return selected.filter { !allows($0, c) && (chosen || !c.isDisjoint(with: newer) || needs($0).isDisjoint(with: newer))
            && (chosen || !synchronous || !needs($0).contains(.appLifecycle)) }
    }

    /// "activeTab (needs activeTab), reopen (needs reopen)" — or nil when none is skipped.
    package var skippedDescription: String? {
        let skipped = skippedProperties
        guard !skipped.isEmpty else { return nil }
        return skipped.map { "\($0.rawValue) (needs \(needs($0).subtracting(capabilities).names))" }.joined(separator: ", ")
    }

    /// This runner judging by `policy`, with the reference (as implementation or oracle) put
    /// under it too.
    package func withPolicy(_ policy: Policy) -> Runner {
        var r = self
        r.policy = policy
        if implementation.name == "reference" { r.implementation = .reference(policy) }
        if oracle.name == "reference" { r.oracle = .reference(policy) }
        return r
    }

    /// Every property this runner knows: the built-in ones, then the custom ones.
    package var knownProperties: [Property] { Property.allCases + customProperties.map(\.name) }

    /// The oracle-free check of that name: a custom one, else a built-in one; nil for the
    /// run loop's own stages (`differential`, `crash`).
    package func check(named name: Property) -> (any StepProperty)? {
        customProperties.first { $0.name == name }.map(CustomProperty.init) ?? Property.builtInNames.firstIndex(of: name).map { Property.builtInChecks[$0] }
    }

    /// What a property needs of both drivers.
    package func needs(_ p: Property) -> Set<Capability> { check(named: p)?.needs ?? [] }

    func allows(_ p: Property, _ capabilities: Set<Capability>) -> Bool { needs(p).isSubset(of: capabilities) }

    /// Where a run's actions come from.
    package enum Source {
        /// Fixed actions (replay, shrinking, regression tests).
        case actions([Action])
        /// Generated from a choice stream, up to `maxSteps` actions (length drawn too),
        /// after `opening` new tabs (checked like every other step).
        case choices(Choices, maxSteps: Int, opening: Int = 0)

        /// A sequence from its seed, as campaigns and `--sequence-seed` run it, after the
        /// opening `openings` gives that seed (`Openings`: by default one seed in 128 first
        /// opens 129–300 tabs).
        package static func seeded(_ seed: UInt64, maxSteps: Int, openings: Openings = .occasional) -> Source {
            .choices(Choices(seed: seed), maxSteps: maxSteps, opening: openings.opening(seed: seed))
        }
    }

    package struct Outcome: Sendable {
        /// The actions executed, up to and including a failing one.
        package var executed: [Action] = []
        package var failure: Failure?
        package var coverage = Coverage()
        /// The choices drawn (for a generated run), and the bound of each.
        package var choices: [UInt64] = []
        package var bounds: [UInt64] = []
        /// Fixed actions not run because a driver does not support them.
        package var skippedActions = 0
        /// Whether the run stopped before its last action because `deadline` passed or
        /// `shouldStop` said so (no failure is implied either way).
        package var stoppedEarly = false
        /// The whole state after the run (see `stateKey(after:keying:)`), when asked for and
        /// nothing failed.
        package var stateKey: StateHash?
    }

    /// One step as the storyboard draws it: the action (nil for the state before the first),
    /// both drivers' observations after it, the viewport, and the failure at the last step.
    package struct StepRecord: Sendable {
        package let step: Int
        package let action: Action?
        package let implementation: Observation
        package let oracle: Observation
        package let viewport: ViewportSpec
        package let outcome: StepOutcome?
        package let violation: Violation?
        /// The simulated collection view's items after the step's update (F10), when the
        /// run loop recorded them.
        package var viewItems: [String]? = nil
        /// The model's held jobs that ran in the step, the clock's moves and a kill's dropped
        /// jobs, in order (S, `GridCapability.appLifecycle`; empty otherwise).
        package var scheduled: [String] = []
    }

    package struct Failure: Error, Sendable, CustomStringConvertible {
        /// 1-based step of the failing action; 0 when the two drivers differ before any
        /// step (their initial states), and then `action` is nil.
        package let step: Int
        package let action: Action?
        package let violation: Violation
        package var description: String { "step \(step) (\(action.map(\.description) ?? "before the first step")): \(violation)" }
        package init(step: Int, action: Action?, violation: Violation) {
            self.step = step; self.action = action; self.violation = violation
        }
    }

    /// `start`: drivers already in some state (e.g. 1,000 tabs open, for a benchmark), made
    /// with `startViewport`; by default both start empty. Copies of a driver may share what
    /// stands for the outside world (the production driver's disk), so runs from one pair
    /// share it too: give each run its own (as `tabcheck-bench scaling` does). `deadline` (`RunClock` seconds) and
    /// `shouldStop` are checked every 256 steps, so a very long sequence cannot overrun a
    /// campaign's time limit or ignore an interrupt.
    /// Whether a driver runs in another process (the wire protocol's work is done only then).
    var hasRemote: Bool { implementation.inAnotherProcess || oracle.inAnotherProcess }

    /// For a driver in another process beside one in this process: the actions a generated run
    /// will draw, from a run of the local driver in both places. Generation reads the oracle's
    /// observations, which the local driver predicts while the two agree; the other process
    /// gets the list in one exchange and answers from it only while the real run draws the same
    /// (docs/wire-protocol.md, `run`), so a wrong prediction costs time, never a result. Not for
    /// app-life schedules: a relaunch's oracle adopts the implementation's state.
    func predictedActions(_ source: Source) -> [Action]? {
        guard hasRemote, case .choices = source, implementation.inAnotherProcess != oracle.inAnotherProcess,
              !capabilities.contains(.appLifecycle) else { return nil }
        let local = implementation.inAnotherProcess ? oracle : implementation
        var shadow = self
        // The same capabilities as the real pair, so generation enables the same kinds.
        shadow.implementation = DriverFactory(name: local.name, summary: local.summary, capabilities: implementation.capabilities, make: local.make)
        shadow.oracle = DriverFactory(name: local.name, summary: local.summary, capabilities: oracle.capabilities, make: local.make)
        shadow.properties = []
        shadow.customProperties = []
        return shadow.run(source, collectCoverage: false).executed
    }

    package func run(_ source: Source, collectCoverage: Bool = true, from start: (any GridDriver, any GridDriver)? = nil,
                    deadline: Double? = nil, shouldStop: (@Sendable () -> Bool)? = nil,
                    onStep: ((StepRecord) -> Void)? = nil, keyingState: Bool = false) -> Outcome {
        var loop = RunLoop(self, source, start: start, collectCoverage: collectCoverage, onStep: onStep,
                           predicted: start == nil ? predictedActions(source) : nil)
        // The states before the first step (decisions.md, Reports) are compared too; a model that starts with
        // a tab differs here, not at step 1 as if its first step misbehaved.
        if start == nil && loop.remoteStartFailed() { return loop.finish(keyingState: keyingState) }
        let initial = start == nil ? loop.compareInitialStates() : nil
        onStep?(StepRecord(step: 0, action: nil, implementation: loop.implObs, oracle: loop.refObs, viewport: loop.viewport,
                           outcome: nil, violation: initial))
        if let initial {
            loop.out.failure = Failure(step: 0, action: nil, violation: initial)
            return loop.finish(keyingState: keyingState)
        }
        // `loop.length` grows while a titled opening runs (each title is one more step): read
        // at every step, not once (a `for` over `0..<length` cut a titled opening short of
        // its new tabs and dropped every generated step after it).
        var step = 0
        var stops = StopChecks(active: deadline != nil || shouldStop != nil)
        while step < loop.length {
            defer { step += 1 }
            if stops.due(step), deadline.map({ RunClock.now() >= $0 }) == true || shouldStop?() == true {
                loop.out.stoppedEarly = true
                break
            }
            let action = loop.nextAction(step)
            guard let (applied, refOut) = loop.apply(action, step) else { loop.forgiveRemoteInterrupt(); break }
            let implPost = loop.impl.observe()
            let implOut = loop.acceptingSilentGuard(applied, refOut, implPost)
            let refPost = loop.observeOracle(step, agreeingWith: implPost)
            let facts = loop.facts(action, implOut, implPost)
            loop.count(action, implOut, implPost)
            let violation = loop.checkProperties(facts, implPost) ?? loop.compare(implOut, implPost, refOut, refPost)
            guard loop.record(step, action, implOut, implPost, refPost, facts, violation) else { break }
        }
        return loop.finish(keyingState: keyingState)
    }

    /// Runs `actions` (no coverage) and says whether they fail and, if not and `keying`, the
    /// hash of the whole state they leave — what exhaustive search merges prefixes by.
    package func stateKey(after actions: [Action], keying: Bool = true) -> (failed: Bool, key: StateHash?) {
        let out = run(.actions(actions), collectCoverage: false, keyingState: keying)
        return (out.failure != nil, out.stateKey)
    }

    /// What generation knows after `last` (nil: before the first action). The arrays are
    /// shared with the observation, not copied.
    func updateGenerationState(_ s: inout GenerationState, _ o: Observation, after last: Action?, _ known: inout Set<String>) {
        s.tabIDs = o.tabIDs
        s.titles = o.titles
        s.displayedCount = o.displayed.count
        s.query = o.query
        s.pendingFlyAways = o.pending
        s.swiping = o.swipeHolder != nil
        s.displayed = o.displayed
        s.active = o.active
        switch last {
        case .closeDisplayed(let i)?, .select(let i)?, .move(_, let i)?, .swipeBegan(let i, _, _)?, .tapClose(let i)?: s.lastIndex = i
        default: break
        }
        // New ids enter only through a new tab (appended last) or a restore (a reopen brings
        // back ids seen before): the other steps cannot bring one, so only these are scanned.
        switch last {
        case .newTab?:
            if let id = s.tabIDs.last, known.insert(id).inserted { s.knownIDs.append(id) }
        case nil, .restoreSaved?, .restoreData?, .newBackgroundTab?:   // a background tab: after the active one
            for id in s.tabIDs where known.insert(id).inserted { s.knownIDs.append(id) }
        default: break
        }
    }

    /// Every this many steps the oracle is observed and compared in full even when it agrees
    /// (and at the last step of every sequence).
    package static let fullComparisonEvery = 8
}
