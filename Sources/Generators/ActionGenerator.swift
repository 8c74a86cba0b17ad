/// What generation may know of the model: read from the reference after every step.
package struct GenerationState: Sendable {
    package var tabIDs: [String] = []
    package var titles: [String] = []
    package var displayedCount = 0
    package var query = ""
    package var pendingFlyAways: [String] = []
    package var swiping = false
    package var hasSaved = false
    /// Every id ever seen, so closes and completions can target tabs closed since.
    package var knownIDs: [String] = []
    /// The displayed ids and the active tab (shared with the observation, not copied), and the
    /// displayed index the last step aimed at: where index choices are biased to (decisions.md, Generation and values).
    package var displayed: [String] = []
    package var active: String?
    package var lastIndex: Int?
    package init() {}
}

/// How sequences are generated: weights per action kind, the share of deliberately invalid
/// actions, and swarm testing.
package struct GeneratorConfig: Sendable {
    package var weights: [ActionKind: Int]
    /// Probability that an index or id is deliberately wrong (error paths).
    package var invalidShare: Double
    /// Swarm testing (Groce et al. 2012): each sequence enables a random subset of kinds.
    package var swarm: Bool
    /// Only displayed indices that exist, and no index-taking action on an empty grid: for a
    /// model whose indices are a precondition (`GridCapability.indicesArePreconditions`).
    package var validIndicesOnly = false

    package init(weights: [ActionKind: Int] = GeneratorConfig.defaultWeights, invalidShare: Double = 0.05, swarm: Bool = true) {
        self.weights = weights; self.invalidShare = invalidShare; self.swarm = swarm
    }

    package static let defaultWeights: [ActionKind: Int] = [
        .willAppear: 2, .newTab: 12, .closeDisplayed: 6, .closeID: 2, .closeAll: 1, .setQuery: 6,
        .search: 3, .setTitle: 6, .move: 4, .select: 3, .reopen: 3, .setViewport: 3, .swipeBegan: 5,
        .swipeChanged: 4, .swipeEnded: 4, .tapClose: 4, .flyAwayFinished: 5, .save: 2, .restoreData: 1, .reorder: 2, .interactiveMove: 3, .newBackgroundTab: 3,
        // The schedule and the app's life (S), drawn only for drivers declaring `appLifecycle`.
        .runJobs: 8, .advanceClock: 4, .settle: 1, .background: 2, .relaunch: 2,
    ]
}

/// State-aware action generation: looks at the current state so most actions make sense
/// (an index that is displayed, a fly-away that is pending), with a tunable share of
/// invalid ones.
package struct ActionGenerator: Sendable {
    package let config: GeneratorConfig
    package init(config: GeneratorConfig = GeneratorConfig()) { self.config = config }

    /// The kinds whose actions name a displayed index.
    static func takesIndex(_ kind: ActionKind) -> Bool {
        switch kind {
        case .closeDisplayed, .move, .reorder, .select, .swipeBegan, .tapClose, .interactiveMove: true
        case .willAppear, .newTab, .closeID, .closeAll, .setQuery, .search, .setTitle, .reopen, .setViewport, .swipeChanged,
             .swipeEnded, .flyAwayFinished, .save, .restoreData, .newBackgroundTab, .runJobs, .advanceClock, .settle,
             .background, .relaunch: false
        }
    }

    /// Draws the sequence's enabled kinds (swarm) — once, at the start of a sequence.
    /// Each kind is on with probability 1/2; `newTab` is always on so tabs exist.
    /// `without`: kinds no driver of the run has, left out before any draw (`reorder` is one when
    /// neither view is diffable: the choices of runs without it stay as they were before it came).
    package func enabledKinds(_ c: inout Choices, without: Set<ActionKind> = []) -> [ActionKind] {
        let all = ActionKind.allCases.filter { (config.weights[$0] ?? 0) > 0 && !without.contains($0) }
        guard config.swarm else { return all }
        let on = all.filter { $0 == .newTab || c.bool(0.5) }
        return on
    }

    /// One action for `state`, of one of the `enabled` kinds.
    package func action(_ c: inout Choices, state s: GenerationState, enabled: [ActionKind]) -> Action {
        action(&c, state: s, enabled: enabled, weights: weights(of: enabled))
    }

    /// The weight of each enabled kind, in order: compute once per sequence and pass it to
    /// `action(_:state:enabled:weights:)`.
    package func weights(of enabled: [ActionKind]) -> [Int] { enabled.map { config.weights[$0] ?? 0 } }

    /// One action, with `weights` precomputed by `weights(of: enabled)`.
    package func action(_ c: inout Choices, state s: GenerationState, enabled: [ActionKind], weights: [Int]) -> Action {
        let kind = enabled[c.weighted(weights)]
        let invalid = c.bool(config.invalidShare) && !config.validIndicesOnly
        if config.validIndicesOnly && s.displayedCount == 0 && Self.takesIndex(kind) { return .newTab }
        func index(_ count: Int) -> Int {
            if invalid || count == 0 {
                // Just past either end, or anywhere in `Int` (`NumberDomain`).
                return c.weighted([5, NumberDomain.share]) == 0 ? c.element(of: [-1, count, count + 1, Int.max, Int.min]) : NumberDomain.int(&c)
            }
            return IndexBias.index(&c, count: count, state: s)
        }
        func id() -> String {
            if invalid || s.knownIDs.isEmpty { return c.element(of: ["nope", "", "t0"]) }
            return c.bool(0.8) && !s.tabIDs.isEmpty ? c.element(of: s.tabIDs) : c.element(of: s.knownIDs)
        }
        switch kind {
        case .willAppear: return .willAppear
        case .newTab: return .newTab
        case .newBackgroundTab: return .newBackgroundTab
        case .closeDisplayed: return .closeDisplayed(index(s.displayedCount))
        case .closeID: return .closeID(id())
        case .closeAll: return .closeAll
        case .setQuery: return .setQuery(Values.query(titles: s.titles, current: s.query).run(&c))
        case .search: return c.element(of: [.beginSearch, .endSearch, .cancelSearch])
        case .setTitle:
            // A page's title often grows or shrinks by a little as it loads: a quarter are typed
            // onto the tab's current title.
            let target = id()
            if c.bool(0.25), let at = s.tabIDs.firstIndex(of: target) {
                return .setTitle(id: target, title: Typing.edit(s.titles[at], titles: []).run(&c))
            }
            return .setTitle(id: target, title: Values.title(query: s.query).run(&c))
        case .move: return .move(from: index(s.displayedCount), to: index(s.displayedCount))
        case .reorder: return .reorder(from: index(s.displayedCount), to: index(s.displayedCount))
        case .interactiveMove:
            // Begin, then drag over several places, then drop or cancel: updates the most.
            switch c.weighted([2, 5, 2, 1]) {
            case 0: return .beginMove(index(s.displayedCount))
            case 1: return .updateMove(index(s.displayedCount))
            case 2: return .endMove
            default: return .cancelMove
            }
        case .select: return .select(index(s.displayedCount))
        case .reopen: return .reopen
        case .setViewport: return .setViewport(Values.viewport.run(&c))
        case .swipeBegan:
            let vx = Values.velocity.run(&c)
            // Mostly horizontal; sometimes more vertical than horizontal (G1 cancels); sometimes
            // anything at all (`NumberDomain`).
            let vy: Double
            switch c.weighted([16, 4, NumberDomain.share]) {
            case 0: vy = vx / 4
            case 1: vy = vx * 2 + 1
            default: vy = NumberDomain.double(&c)
            }
            return .swipeBegan(index(s.displayedCount), vx: vx, vy: vy)
        case .swipeChanged: return .swipeChanged(tx: Values.translation.run(&c))
        case .swipeEnded:
            if c.bool(0.2) { return .swipeCancelled }
            return .swipeEnded(tx: Values.translation.run(&c), vx: Values.velocity.run(&c))
        case .tapClose: return .tapClose(index(s.displayedCount))
        case .flyAwayFinished:
            if !invalid && !s.pendingFlyAways.isEmpty { return .flyAwayFinished(c.element(of: s.pendingFlyAways)) }
            return .flyAwayFinished(id())
        case .save: return s.hasSaved && c.bool(0.5) ? .restoreSaved : .save
        case .restoreData: return .restoreData(SessionText.generate(&c, state: s))
        case .runJobs: return .runJobs(ScheduleValues.picks(&c))
        case .advanceClock: return .advanceClock(milliseconds: ScheduleValues.milliseconds(&c))
        case .settle: return .settle
        case .background: return .background
        case .relaunch: return .relaunch
        }
    }
}
