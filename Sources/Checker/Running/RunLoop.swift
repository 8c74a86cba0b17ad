import Foundation
import Generators
import ReferenceModel

/// One sequence in progress: both drivers, the simulated collection view, what generation
/// knows, and the outcome so far. `Runner.run` makes one and drives it step by step through
/// its stages — next action, apply, observe, check properties, compare, record — each a
/// method here, in the order a step runs them.
struct RunLoop {
    let runner: Runner
    let capabilities: Set<Capability>
    /// Whether both drivers implement everything (no action or property to filter out).
    let everything: Bool
    /// What the differential compares: the shared capabilities, less the layout when the
    /// policy lets the model choose its own columns (`Policy.gridColumns`).
    let compared: Set<Capability>
    /// Whether it compares every field (nothing to mask: the usual case).
    let comparesEverything: Bool
    /// The oracle-free properties asked after every step, in the order chosen.
    var checks: [any StepProperty]
    let differential: Bool
    /// Whether `mapping` is checked (before the first step, too: `compareInitialStates`).
    let checksMapping: Bool
    let roundTrips: Bool
    let collectCoverage: Bool
    /// The oracle's agreement stands in for its observation only when the drivers are
    /// compared on every field and no step record (which shows both) is asked for.
    let skimming: Bool
    let onStep: ((Runner.StepRecord) -> Void)?
    /// The runner's generator; for a model whose indices are a precondition, drawing valid ones only.
    let generator: ActionGenerator
    /// `GridCapability.indicesArePreconditions`: an out-of-range index may be ignored silently.
    let preconditions: Bool
    /// `GridCapability.appLifecycle`: the implementation's work is scheduled (S3 read each step).
    let lifecycle: Bool

    var impl: any GridDriver
    var ref: OracleSlot
    var implObs: Observation
    /// The oracle's state before the step: its own observation, or — when it agreed with the
    /// implementation's (`refIsImpl`) — that one, read in place rather than kept twice.
    var refObs: Observation { refIsImpl ? implObs : refObsOwn }
    /// `body` of `refObs`, lent rather than copied (a step's hot path reads it so).
    @inline(__always) func withRefObs<R>(_ body: (Observation) -> R) -> R { refIsImpl ? body(implObs) : body(refObsOwn) }
    private(set) var refObsOwn: Observation
    private(set) var refIsImpl = false
    var view: SimulatedCollectionView
    /// The diffable data source the implementation feeds, when it declares one (DiffableView.swift).
    var diffableSource: SimulatedDiffableDataSource?
    var appeared = false
    var viewport: ViewportSpec
    var saved = false
    var out = Runner.Outcome()
    var genState = GenerationState()
    var known = Set<String>()
    var queryChangedSincePending = false
    var oracleSkipped = false
    var mostTabs: Int

    var choices: Choices?
    var fixed: [Action] = []
    var enabled: [ActionKind] = []
    var weights: [Int] = []
    var length = 0
    var opening = 0
    /// Whether the opening gives its new tabs titles (`openingAction`).
    var titledOpening = false

    init(_ runner: Runner, _ source: Runner.Source, start: (any GridDriver, any GridDriver)?, collectCoverage: Bool,
         onStep: ((Runner.StepRecord) -> Void)?, predicted: [Action]? = nil) {
        self.runner = runner
        let capabilities = runner.capabilities
        self.capabilities = capabilities
        everything = capabilities.isSuperset(of: Capability.all)
        compared = runner.policy.gridColumns == .spec ? capabilities : capabilities.subtracting([.layout])
        comparesEverything = compared.isSuperset(of: Capability.all)
        // What both drivers can be judged by (no shortcut: one let `lifecycle` into sync runs).
        let chosen = runner.selected.filter { runner.allows($0, capabilities) }
        checks = chosen.compactMap { runner.check(named: $0) }
        differential = chosen.contains(.differential)
        checksMapping = runner.selected.contains(MappingProperty.name) && runner.allows(MappingProperty.name, capabilities)
        roundTrips = chosen.contains(.session)
        self.collectCoverage = collectCoverage
        skimming = comparesEverything && onStep == nil && differential
        self.onStep = onStep
        preconditions = runner.implementation.capabilities.contains(.indicesArePreconditions)
        lifecycle = capabilities.contains(.appLifecycle)
        if preconditions {
            var config = runner.generator.config
            config.validIndicesOnly = true
            generator = ActionGenerator(config: config)
        } else {
            generator = runner.generator
        }
        impl = start?.0 ?? runner.implementation.make(runner.startViewport)
        ref = OracleSlot(start?.1 ?? runner.oracle.make(runner.startViewport))
        implObs = impl.observe()
        refObsOwn = ref.observe()
        view = SimulatedCollectionView(items: implObs.displayed)
        if runner.implementation.capabilities.contains(.diffable) { diffableSource = SimulatedDiffableDataSource(items: implObs.snapshotIdentifiers) }
        viewport = runner.startViewport
        mostTabs = implObs.tabIDs.count
        switch source {
        case .actions(let a):
            fixed = capabilities.keeping(a)   // an action a driver does not support is never run, so never fails
            out.skippedActions = a.count - fixed.count
            length = fixed.count
        case .choices(var c, let maxSteps, let newTabs):
            enabled = generator.enabledKinds(&c, without: Set(ActionKind.declaredOnTop.filter { !capabilities.allows($0) }))
            if !everything {
                enabled = enabled.filter { capabilities.allows($0) }
                if enabled.isEmpty { enabled = [.newTab] }
            }
            weights = generator.weights(of: enabled)
            opening = max(0, newTabs)
            length = opening + c.int(in: 1...max(1, maxSteps))
            titledOpening = opening > 0 && capabilities.allows(.setTitle(id: "", title: "")) && c.bool(0.75)
            choices = c
        }
        if start == nil { planRemote(predicted ?? fixed) }   // a fixed run's actions, or a generated one's prediction
    }

    // MARK: The stages of a step

    /// The step's action: an opening new tab, the next generated one, or the next fixed one.
    @inline(__always) mutating func nextAction(_ step: Int) -> Action {
        let action: Action
        if step < opening {
            action = openingAction()
        } else if choices != nil {
            // After an opening, every id is new to generation: scan them all (`after: nil`).
            let last = step == opening ? nil : out.executed.last
            // (Not `withRefObs`: its closure would change `genState` while `self` is lent to it.)
            if refIsImpl { runner.updateGenerationState(&genState, implObs, after: last, &known) }
            else { runner.updateGenerationState(&genState, refObsOwn, after: last, &known) }
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
        return action
    }

    /// A step of a large grid's opening: a new tab, or — in three generated openings of four,
    /// after half of their new tabs — a title for the tab just opened, so a query hides some of
    /// a large grid and not all or none (decisions.md, Generation and values). A title step lengthens the opening by one.
    mutating func openingAction() -> Action {
        guard choices != nil, titledOpening, case .newTab? = out.executed.last, let id = withRefObs({ $0.tabIDs.last }),
              choices!.bool(0.5) else { return .newTab }
        opening += 1
        length += 1
        return .setTitle(id: id, title: Values.title.run(&choices!))
    }

    /// Applies the action to both drivers. A crash is a failure of its own kind, whatever
    /// properties were chosen; the crashed model's state means nothing after it, so the run
    /// stops there (the failure is in `out`).
    @inline(__always) mutating func apply(_ action: Action, _ step: Int) -> (impl: StepOutcome, ref: StepOutcome)? {
        let implOut = impl.apply(action)
        if case .relaunch = action { ref.relaunch(as: impl.observe()) }   // S2: the reference adopts what was restored
        let refOut = ref.apply(action)
        guard let message = implOut.crashed ?? refOut.crashed else { return (implOut, refOut) }
        let who = implOut.crashed != nil ? "\(runner.implementation.name) (the implementation)" : "\(runner.oracle.name) (the oracle)"
        out.failure = Runner.Failure(step: step + 1, action: action, violation: Violation(.crash, "crash", "\(who) crashed: \(message)"))
        if let onStep {
            var record = Runner.StepRecord(step: step + 1, action: action, implementation: implObs, oracle: refObs, viewport: viewport,
                                           outcome: implOut, violation: out.failure!.violation)
            if lifecycle { record.scheduled = (impl as? any ScheduledWork)?.takeScheduleLog() ?? [] }
            onStep(record)
        }
        return nil
    }

    /// Under `indicesArePreconditions`, a model that ignored an out-of-range index silently
    /// (no rejection, no update, nothing changed) is taken to have rejected it as the oracle did.
    @inline(__always) func acceptingSilentGuard(_ implOut: StepOutcome, _ refOut: StepOutcome, _ implPost: Observation) -> StepOutcome {
        guard preconditions, implOut.rejected == nil, refOut.rejected == "indexOutOfRange", implOut.update == .none,
              implPost == implObs else { return implOut }
        var out = implOut
        out.rejected = refOut.rejected
        return out
    }

    /// The oracle's state after the step: when it says it agrees with the implementation's
    /// observation, nil — that observation stands for it; else it is observed in full — and in
    /// full every `fullComparisonEvery` steps and at the last step whatever it says.
    @inline(__always) mutating func observeOracle(_ step: Int, agreeingWith implPost: Observation) -> Observation? {
        if skimming && (step + 1) % Runner.fullComparisonEvery != 0 && step != length - 1, ref.agrees(with: implPost) {
            oracleSkipped = true
            return nil
        }
        oracleSkipped = false
        return ref.observe()
    }

    /// What the properties see of the step: the simulated view after the update, a
    /// save's round trip, the runner's flags. Updates the view and those flags.
    @inline(__always) mutating func facts(_ action: Action, _ implOut: StepOutcome, _ implPost: Observation) -> StepFacts {
        var viewError: InvalidUpdate?
        // The view moved first (D5): a reorder, or the drop of an interactive movement (D4).
        if let (from, to) = viewMove(action) { view.userMoved(from: from, to: to) }
        if implOut.rejected == nil {
            do { try view.apply(implOut.update, dataSource: implPost.displayed) } catch { viewError = error }
        }
        if let sent = implOut.closeAllSent { view.receiveCloseAllState(sent) }
        let needsRoundTrip: Bool = { if case .save = action { return roundTrips } else { return false } }()
        // Most steps leave the tabs alone: compared once here, for every property to read.
        let idsUnchanged = implObs.tabIDs == implPost.tabIDs
        let appended = idsUnchanged ? nil : StepFacts.appended(to: implObs.tabIDs, giving: implPost.tabIDs)
        var gone = idsUnchanged || appended != nil ? [] : StepFacts.gone(from: implObs.tabIDs, to: implPost.tabIDs)
        // A tab that replaced the last one may carry a closed tab's id (a counter restarted
        // after a restore): every tab of before is gone all the same.
        if implPost.tabIDs.count == 1, runner.policy.emptyGrid == .replacedByNewTab, gone.count < implObs.tabIDs.count, implOut.rejected == nil,
           [.closeAll, .closeDisplayed, .closeID, .flyAwayFinished].contains(action.kind),
           let r = implPost.replacement(of: implObs, closingAll: action.kind == .closeAll), implObs.tabIDs.contains(r) {
            gone = implObs.tabIDs
        }
        let diffable = diffableSource != nil ? diffableStep(action, implOut, implPost) : nil
        var facts = StepFacts(action: action, gone: gone,
                              tabsUnchanged: idsUnchanged && implObs.titles == implPost.titles, appended: appended, outcome: implOut,
                              viewport: viewport, appeared: appeared, viewCloseAll: view.closeAllEnabled, viewError: viewError,
                              viewItems: view.items, roundTrip: needsRoundTrip ? impl.roundTrip() : nil, savedBefore: saved,
                              storageProblem: needsRoundTrip ? impl.storageProblem() : nil, policy: runner.policy, diffable: diffable)
        if case .save = action { saved = true }
        if lifecycle { facts.scheduleProblem = (impl as? any ScheduledWork)?.scheduleProblem }
        return facts
    }

    /// Coverage and the distributions' counts for the step.
    @inline(__always) mutating func count(_ action: Action, _ implOut: StepOutcome, _ implPost: Observation) {
        mostTabs = max(mostTabs, implPost.tabIDs.count)
        if collectCoverage {
            out.coverage.distributions.step(Distributions.ViewportClass(viewport, tooSmall: implPost.layout.tooSmall))
            out.coverage.observe(action, pre: implObs, post: implPost, outcome: implOut, queryChangedSincePending: queryChangedSincePending)
        }
        if case .setQuery = action, !implPost.pending.isEmpty { queryChangedSincePending = true }
        if implPost.pending.isEmpty { queryChangedSincePending = false }
    }

    /// Each oracle-free property in turn; the first violation.
    @inline(__always) mutating func checkProperties(_ facts: StepFacts, _ implPost: Observation) -> Violation? {
        for i in checks.indices {
            if let v = checks[i].check(facts, implObs, implPost) { return v }
        }
        return nil
    }

    /// The differential property: implementation and oracle agree (on what both implement).
    @inline(__always) func compare(_ implOut: StepOutcome, _ implPost: Observation, _ refOut: StepOutcome, _ refPost: Observation?) -> Violation? {
        guard differential else { return nil }
        let (a, b) = (runner.implementation.name, runner.oracle.name)
        guard let refPost else { return Differential.compare(implOut, refOut, a, b) }   // it agreed
        if comparesEverything { return Differential.compare(implOut, implPost, refOut, refPost, a, b) }
        return Differential.compare(implOut, implPost.masked(to: compared), refOut, refPost.masked(to: compared), a, b)
    }

    /// Before any step (step 0): the implementation's tab ids are unique (`mapping`, whose
    /// later checks and the quick paths take it for granted of a step's "before"), then the
    /// differential property on the two drivers' states.
    func compareInitialStates() -> Violation? {
        if checksMapping, Set(implObs.tabIDs).count != implObs.tabIDs.count {
            return Violation(MappingProperty.name, "F", "tab ids are not unique before the first step: \(implObs.tabIDs)")
        }
        guard differential else { return nil }
        let (a, b) = (runner.implementation.name, runner.oracle.name)
        if comparesEverything { return Differential.compare(StepOutcome(), implObs, StepOutcome(), refObs, a, b) }
        return Differential.compare(StepOutcome(), implObs.masked(to: compared), StepOutcome(), refObs.masked(to: compared), a, b)
    }

    /// Records the step (for the storyboard) and moves on: its failure ends the run; else
    /// its observations become the next step's "before".
    /// (The observations are handed over, not lent: they become the next step's "before"
    /// without a copy of each of their arrays.)
    @inline(__always) mutating func record(_ step: Int, _ action: Action, _ implOut: StepOutcome, _ implPost: consuming Observation,
                                           _ refPost: consuming Observation?, _ facts: StepFacts, _ violation: Violation?) -> Bool {
        if let onStep {
            var record = Runner.StepRecord(step: step + 1, action: action, implementation: copy implPost, oracle: copy refPost ?? copy implPost,
                                           viewport: viewport, outcome: implOut, violation: violation, viewItems: view.items)
            if lifecycle { record.scheduled = (impl as? any ScheduledWork)?.takeScheduleLog() ?? [] }
            onStep(record)
        }
        if let violation {
            out.failure = Runner.Failure(step: step + 1, action: action, violation: violation)
            return false
        }
        // After a view error the view is out of sync; resync so later steps are judged fairly.
        if facts.viewError != nil { view = SimulatedCollectionView(items: implPost.displayed) }
        implObs = implPost
        switch consume refPost {
        case .some(let own): refObsOwn = own; refIsImpl = false
        case .none: refIsImpl = true
        }
        return true
    }
}
