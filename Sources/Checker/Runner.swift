import Foundation
import Generators
import ReferenceModel

/// Runs one action sequence against an implementation and an oracle, comparing them and
/// checking the invariants after every step.
public struct Runner: Sendable {
    public var implementation: DriverFactory
    public var oracle: DriverFactory
    public var properties: [Property]
    public var generator: ActionGenerator
    public var startViewport: ViewportSpec

    public init(implementation: DriverFactory = DriverFactory.builtIn[0], oracle: DriverFactory = DriverFactory.builtIn[1],
                properties: [Property] = Property.allCases, generator: ActionGenerator = ActionGenerator(),
                startViewport: ViewportSpec = .phone) {
        self.implementation = implementation; self.oracle = oracle; self.properties = properties
        self.generator = generator; self.startViewport = startViewport
    }

    /// The same runner with freshly allocated buffers for what every step reads (the
    /// properties, the generator's weights), so threads running copies share no reference
    /// counts.
    public func isolatedCopy() -> Runner {
        var copy = self
        copy.properties = properties.map { $0 }
        let c = generator.config
        copy.generator = ActionGenerator(config: GeneratorConfig(weights: Dictionary(uniqueKeysWithValues: c.weights.map { ($0.key, $0.value) }),
                                                                 invalidShare: c.invalidShare, swarm: c.swarm))
        return copy
    }

    /// What both drivers support: the only actions drawn, the only fields compared.
    public var capabilities: Set<Capability> { implementation.capabilities.intersection(oracle.capabilities) }
    /// The chosen properties both drivers can be judged by.
    public var checkedProperties: [Property] { let c = capabilities; return properties.filter { c.allows($0) } }
    /// The chosen properties skipped because a driver lacks what they need — every report
    /// names them.
    public var skippedProperties: [Property] { let c = capabilities; return properties.filter { !c.allows($0) } }

    /// "activeTab (needs activeTab), reopen (needs reopen)" — or nil when none is skipped.
    public var skippedDescription: String? {
        let skipped = skippedProperties
        guard !skipped.isEmpty else { return nil }
        return skipped.map { "\($0.rawValue) (needs \(Capability.needed(by: $0).subtracting(capabilities).names))" }.joined(separator: ", ")
    }

    /// Where a run's actions come from.
    public enum Source {
        /// Fixed actions (replay, shrinking, regression tests).
        case actions([Action])
        /// Generated from a choice stream, up to `maxSteps` actions (length drawn too),
        /// after `opening` new tabs (checked like every other step).
        case choices(Choices, maxSteps: Int, opening: Int = 0)

        /// A sequence from its seed, as campaigns and `--sequence-seed` run it. One seed in
        /// 128 first opens 129–300 tabs: ordinary sequences hold a few dozen tabs, so without
        /// these production's chunked tab list would never split a chunk (it does above 128
        /// tabs in one chunk) and a bug there would go unseen. Derived from the seed alone,
        /// so a failure's sequence seed still reproduces it. `largeGrids: false` skips it.
        public static func seeded(_ seed: UInt64, maxSteps: Int, largeGrids: Bool = true) -> Source {
            let opening = largeGrids && seed % 128 == 0 ? 129 + Int((seed >> 7) % 172) : 0
            return .choices(Choices(seed: seed), maxSteps: maxSteps, opening: opening)
        }
    }

    public struct Outcome: Sendable {
        /// The actions executed, up to and including a failing one.
        public var executed: [Action] = []
        public var failure: Failure?
        public var coverage = Coverage()
        /// The choices drawn (for a generated run), and the bound of each.
        public var choices: [UInt64] = []
        public var bounds: [UInt64] = []
        /// Fixed actions not run because a driver does not support them.
        public var skippedActions = 0
        /// Whether the run stopped before its last action because `deadline` passed or
        /// `shouldStop` said so (no failure is implied either way).
        public var stoppedEarly = false
        /// The whole state after the run (see `stateKey(after:keying:)`), when asked for and
        /// nothing failed.
        public var stateKey: StateHash?
    }

    /// One step as the storyboard draws it: the action (nil for the state before the first),
    /// both drivers' observations after it, the viewport, and the failure at the last step.
    public struct StepRecord: Sendable {
        public let step: Int
        public let action: Action?
        public let implementation: Observation
        public let oracle: Observation
        public let viewport: ViewportSpec
        public let outcome: StepOutcome?
        public let violation: Violation?
    }

    public struct Failure: Error, Sendable, CustomStringConvertible {
        /// 1-based step of the failing action.
        public let step: Int
        public let action: Action
        public let violation: Violation
        public var description: String { "step \(step) (\(action)): \(violation)" }
    }

    /// `start`: drivers already in some state (e.g. 1,000 tabs open, for a benchmark), made
    /// with `startViewport`; by default both start empty. `deadline` (`Clock` seconds) and
    /// `shouldStop` are checked every 256 steps, so a very long sequence cannot overrun a
    /// campaign's time limit or ignore an interrupt.
    public func run(_ source: Source, collectCoverage: Bool = true, from start: (any GridDriver, any GridDriver)? = nil,
                    deadline: Double? = nil, shouldStop: (@Sendable () -> Bool)? = nil,
                    onStep: ((StepRecord) -> Void)? = nil, keyingState: Bool = false) -> Outcome {
        let capabilities = self.capabilities
        let everything = capabilities == Capability.all     // nothing to mask or filter (the usual case)
        let properties = everything ? self.properties : self.properties.filter { capabilities.allows($0) }
        var impl = start?.0 ?? implementation.make(startViewport)
        var ref = start?.1 ?? oracle.make(startViewport)
        var implObs = impl.observe(), refObs = ref.observe()
        var view = SimulatedCollectionView(items: implObs.displayed)
        var appeared = false
        var viewport = startViewport
        var out = Outcome()
        var genState = GenerationState()
        var known = Set<String>()
        var queryChangedSincePending = false
        var saved = false
        var filterMemo = Invariants.FilterMemo()
        // The oracle's agreement stands in for its observation only when the drivers are
        // compared on every field and no step record (which shows both) is asked for.
        let skimming = everything && onStep == nil && properties.contains(.differential)
        var oracleSkipped = false

        var choices: Choices?
        var fixed: [Action] = []
        var enabled: [ActionKind] = []
        var weights: [Int] = []
        var length: Int
        var opening = 0
        switch source {
        case .actions(let a):
            // An action a driver does not support is never run, so it can never fail.
            fixed = everything ? a : a.filter { capabilities.allows($0) }
            out.skippedActions = a.count - fixed.count
            length = fixed.count
        case .choices(var c, let maxSteps, let newTabs):
            enabled = generator.enabledKinds(&c)
            if !everything {
                enabled = enabled.filter { capabilities.allows($0) }
                if enabled.isEmpty { enabled = [.newTab] }
            }
            weights = generator.weights(of: enabled)
            opening = max(0, newTabs)
            length = opening + c.int(in: 1...max(1, maxSteps))
            choices = c
        }

        onStep?(StepRecord(step: 0, action: nil, implementation: implObs, oracle: refObs, viewport: viewport, outcome: nil, violation: nil))
        var mostTabs = implObs.tabIDs.count
        for step in 0..<length {
            if step & 255 == 255 && (deadline.map { Clock.now() >= $0 } == true || shouldStop?() == true) {
                out.stoppedEarly = true
                break
            }
            let action: Action
            if step < opening {
                action = .newTab
            } else if choices != nil {
                // After an opening, every id is new to generation: scan them all (`after: nil`).
                updateGenerationState(&genState, refObs, after: step == opening ? nil : out.executed.last, &known)
                // In place (`&choices!`): copying the stream out and back would copy its
                // record of every draw so far on each step — quadratic in the length.
                action = generator.action(&choices!, state: genState, enabled: enabled, weights: weights)
            } else {
                action = fixed[step]
            }
            out.executed.append(action)
            if case .save = action { genState.hasSaved = true }
            if case .setViewport(let v) = action { viewport = v }
            if case .willAppear = action { appeared = true }

            let implOut = impl.apply(action)
            let refOut = ref.apply(action)
            // A crash is a failure of its own kind, whatever properties were chosen; the
            // crashed model's state means nothing after it, so the run stops here.
            if let message = implOut.crashed ?? refOut.crashed {
                let who = implOut.crashed != nil ? "\(implementation.name) (the implementation)" : "\(oracle.name) (the oracle)"
                out.failure = Failure(step: step + 1, action: action, violation: Violation(.crash, "crash", "\(who) crashed: \(message)"))
                onStep?(StepRecord(step: step + 1, action: action, implementation: implObs, oracle: refObs, viewport: viewport,
                                   outcome: implOut, violation: out.failure!.violation))
                break
            }
            let implPost = impl.observe()
            // The oracle's state: when it says it agrees with the implementation's
            // observation, that observation stands for it; else it is observed in full — and
            // in full every `fullComparisonEvery` steps and at the last step whatever it says.
            let refPost: Observation
            if skimming && (step + 1) % Self.fullComparisonEvery != 0 && step != length - 1,
               ref.agrees(with: implPost) == true {
                refPost = implPost
                oracleSkipped = true
            } else {
                refPost = ref.observe()
                oracleSkipped = false
            }

            var viewError: InvalidUpdate?
            if implOut.rejected == nil {
                do { try view.apply(implOut.update, dataSource: implPost.displayed) } catch { viewError = error }
            }
            if let sent = implOut.closeAllSent { view.receiveCloseAllState(sent) }

            let needsRoundTrip: Bool = { if case .save = action { return properties.contains(.session) } else { return false } }()
            let facts = StepFacts(action: action,
                                  gone: StepFacts.gone(from: implObs.tabIDs, to: implPost.tabIDs), outcome: implOut,
                                  viewport: viewport, appeared: appeared,
                                  viewCloseAll: view.closeAllEnabled, viewError: viewError, viewItems: view.items,
                                  roundTrip: needsRoundTrip ? impl.roundTrip() : nil, savedBefore: saved,
                                  storageProblem: needsRoundTrip ? impl.storageProblem() : nil)
            if case .save = action { saved = true }
            mostTabs = max(mostTabs, implPost.tabIDs.count)
            if collectCoverage {
                out.coverage.distributions.step(Distributions.ViewportClass(viewport, tooSmall: implPost.layout.tooSmall))
                out.coverage.observe(action, pre: implObs, post: implPost, outcome: implOut, queryChangedSincePending: queryChangedSincePending)
            }
            if case .setQuery = action, !implPost.pending.isEmpty { queryChangedSincePending = true }
            if implPost.pending.isEmpty { queryChangedSincePending = false }

            var violation: Violation?
            for p in properties where p != .differential {
                if let v = Invariants.check(p, facts, implObs, implPost, &filterMemo) { violation = v; break }
            }
            if violation == nil && properties.contains(.differential) {
                violation = oracleSkipped ? Self.compare(implOut, refOut, implementation.name, oracle.name)
                    : everything ? Self.compare(implOut, implPost, refOut, refPost, implementation.name, oracle.name)
                    : Self.compare(implOut, implPost.masked(to: capabilities), refOut, refPost.masked(to: capabilities),
                                   implementation.name, oracle.name)
            }
            onStep?(StepRecord(step: step + 1, action: action, implementation: implPost, oracle: refPost, viewport: viewport,
                               outcome: implOut, violation: violation))
            if let violation {
                out.failure = Failure(step: step + 1, action: action, violation: violation)
                break
            }
            implObs = implPost
            refObs = refPost
            // After a view error the view is out of sync; resync so later steps are judged fairly.
            if viewError != nil { view = SimulatedCollectionView(items: implPost.displayed) }
        }
        if oracleSkipped && out.failure == nil, let last = out.executed.last {
            // Stopped early after a step the oracle only agreed with: the end of a sequence
            // is always compared in full.
            let implNow = impl.observe()
            if let d = Self.compare(StepOutcome(), implNow, StepOutcome(), ref.observe(), implementation.name, oracle.name) {
                out.failure = Failure(step: out.executed.count, action: last, violation: d)
            }
        }
        if collectCoverage { out.coverage.distributions.sequence(length: out.executed.count, maxTabs: mostTabs) }
        if keyingState && out.failure == nil {
            // Everything a later step's verdict can depend on: both drivers whole (every
            // stored property, private ones too), the view, and the runner's own flags —
            // read through `StateText`, a `dump` with dictionaries and sets in sorted order.
            out.stateKey = StateHash(StateText.of((impl, ref, view, appeared, viewport, saved)))
        }
        out.choices = choices?.recorded ?? []
        out.bounds = choices?.bounds ?? []
        return out
    }

    /// Runs `actions` (no coverage) and says whether they fail and, if not and `keying`, the
    /// hash of the whole state they leave — what exhaustive search merges prefixes by.
    public func stateKey(after actions: [Action], keying: Bool = true) -> (failed: Bool, key: StateHash?) {
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
        // New ids enter only through a new tab (appended last) or a restore (a reopen brings
        // back ids seen before): the other steps cannot bring one, so only these are scanned.
        switch last {
        case .newTab?:
            if let id = s.tabIDs.last, known.insert(id).inserted { s.knownIDs.append(id) }
        case nil, .restoreSaved?, .restoreData?:
            for id in s.tabIDs where known.insert(id).inserted { s.knownIDs.append(id) }
        default: break
        }
    }

    /// Every this many steps the oracle is observed and compared in full even when it agrees
    /// (and at the last step of every sequence).
    public static let fullComparisonEvery = 8

    /// The differential property: same accept/reject (and error kind), same fly-away, same state.
    static func compare(_ a: StepOutcome, _ ao: Observation, _ b: StepOutcome, _ bo: Observation, _ an: String, _ bn: String) -> Violation? {
        if let v = compare(a, b, an, bn) { return v }
        let d = ao.diff(against: bo, an, bn)
        if let first = d.first {
            return Violation(.differential, "\(first.field) (\(first.rule))", "\(an) and \(bn) disagree (- \(an), + \(bn))", differences: d)
        }
        return nil
    }

    /// The part of the differential property that is not the state: same accept/reject
    /// (and error kind), same fly-away.
    static func compare(_ a: StepOutcome, _ b: StepOutcome, _ an: String, _ bn: String) -> Violation? {
        if a.rejected != b.rejected {
            return Violation(.differential, "accept/reject",
                             "\(an) \(a.rejected.map { "rejected it (\($0))" } ?? "accepted it"), \(bn) \(b.rejected.map { "rejected it (\($0))" } ?? "accepted it")")
        }
        switch (a.flyAwayDuration, b.flyAwayDuration) {
        case (nil, nil): break
        case let (x?, y?) where abs(x - y) <= 1e-9 * max(1, abs(x)): break
        default:
            return Violation(.differential, "G6", "fly-away: \(an) \(a.flyAwayDuration.map { "started one of \($0) s" } ?? "started none"), \(bn) \(b.flyAwayDuration.map { "started one of \($0) s" } ?? "started none")")
        }
        return nil
    }
}
