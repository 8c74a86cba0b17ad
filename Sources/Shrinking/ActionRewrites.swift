import Generators
/// Rewrites of one action the shrink passes build candidates from: ids renumbered or
/// renamed, indices shifted past removed tabs, strings replaced, other targets.
extension Action {
    /// This action with every sequential id above `n` lowered by one (`t5` → `t4`).
    func renumberingIDs(above n: Int) -> Action {
        func r(_ id: String) -> String {
            guard let d = id.firstIndex(where: \.isNumber), let k = Int(id[d...]), k > n else { return id }
            return "\(id[..<d])\(k - 1)"
        }
        switch self {
        case .closeID(let id): return .closeID(r(id))
        case .flyAwayFinished(let id): return .flyAwayFinished(r(id))
        case let .setTitle(id, title): return .setTitle(id: r(id), title: title)
        case .willAppear, .newTab, .closeDisplayed, .closeAll, .setQuery, .beginSearch, .endSearch, .cancelSearch,
             .move, .select, .reopen, .setViewport, .swipeBegan, .swipeChanged, .swipeEnded, .swipeCancelled,
             .tapClose, .save, .restoreSaved, .restoreData, .reorder, .beginMove, .updateMove, .endMove, .cancelMove,
             .newBackgroundTab, .runJobs, .advanceClock, .settle, .background, .relaunch: return self
        }
    }

    /// The strings this action carries: a query, a title, a session's titles.
    var strings: [String] {
        switch self {
        case .setQuery(let q): return [q]
        case let .setTitle(_, title): return [title]
        case .restoreData(let text): return SessionText.titles(text)
        case .willAppear, .newTab, .closeDisplayed, .closeID, .closeAll, .beginSearch, .endSearch, .cancelSearch,
             .move, .select, .reopen, .setViewport, .swipeBegan, .swipeChanged, .swipeEnded, .swipeCancelled,
             .tapClose, .flyAwayFinished, .save, .restoreSaved, .reorder, .beginMove, .updateMove, .endMove,
             .cancelMove, .newBackgroundTab, .runJobs, .advanceClock, .settle, .background, .relaunch: return []
        }
    }

    /// This action with the string `old` (as a query, a title, a session's title) replaced by `new`.
    func replacingString(_ old: String, with new: String) -> Action {
        switch self {
        case .setQuery(let q) where q == old: return .setQuery(new)
        case let .setTitle(id, title) where title == old: return .setTitle(id: id, title: new)
        case .restoreData(let text): return SessionText.replacingTitle(old, with: new, in: text).map { .restoreData($0) } ?? self
        case .willAppear, .newTab, .closeDisplayed, .closeID, .closeAll, .setQuery, .beginSearch, .endSearch,
             .cancelSearch, .setTitle, .move, .select, .reopen, .setViewport, .swipeBegan, .swipeChanged,
             .swipeEnded, .swipeCancelled, .tapClose, .flyAwayFinished, .save, .restoreSaved, .reorder, .beginMove,
             .updateMove, .endMove, .cancelMove, .newBackgroundTab, .runJobs, .advanceClock, .settle, .background, .relaunch: return self
        }
    }

    /// This action with its ids renamed by `map` (ids not in it unchanged).
    func renamingIDs(_ map: [String: String]) -> Action {
        switch self {
        case .closeID(let id): return .closeID(map[id] ?? id)
        case .flyAwayFinished(let id): return .flyAwayFinished(map[id] ?? id)
        case let .setTitle(id, title): return .setTitle(id: map[id] ?? id, title: title)
        case .willAppear, .newTab, .closeDisplayed, .closeAll, .setQuery, .beginSearch, .endSearch, .cancelSearch,
             .move, .select, .reopen, .setViewport, .swipeBegan, .swipeChanged, .swipeEnded, .swipeCancelled,
             .tapClose, .save, .restoreSaved, .restoreData, .reorder, .beginMove, .updateMove, .endMove, .cancelMove,
             .newBackgroundTab, .runJobs, .advanceClock, .settle, .background, .relaunch: return self
        }
    }

    /// This action with every positive displayed index lowered by one.
    func shiftingIndices() -> Action { shiftingIndices(removing: 0..<1) }

    /// This action with its displayed indices moved as if the tabs at `removed` were gone:
    /// past them, lowered by their count; inside them, to the first of them.
    func shiftingIndices(removing removed: Range<Int>) -> Action {
        func d(_ i: Int) -> Int { i >= removed.upperBound ? i - removed.count : (i > removed.lowerBound ? removed.lowerBound : i) }
        switch self {
        case .closeDisplayed(let i): return .closeDisplayed(d(i))
        case .select(let i): return .select(d(i))
        case .tapClose(let i): return .tapClose(d(i))
        case let .swipeBegan(i, vx, vy): return .swipeBegan(d(i), vx: vx, vy: vy)
        case let .move(f, t): return .move(from: d(f), to: d(t))
        case .willAppear, .newTab, .closeID, .closeAll, .setQuery, .beginSearch, .endSearch, .cancelSearch,
             .setTitle, .reopen, .setViewport, .swipeChanged, .swipeEnded, .swipeCancelled, .flyAwayFinished, .save,
             .restoreSaved, .restoreData, .reorder, .beginMove, .updateMove, .endMove, .cancelMove, .newBackgroundTab, .runJobs, .advanceClock, .settle, .background, .relaunch: return self
        }
    }

    /// The same action aimed at another small index or sequential id.
    func retargeted(maxIndex: Int, maxID: Int) -> [Action] {
        let indices = Array(0...max(0, maxIndex))
        func ids(_ id: String) -> [String] {
            guard let d = id.firstIndex(where: \.isNumber) else { return [] }
            return (1...max(1, maxID)).map { "\(id[..<d])\($0)" }.filter { $0 != id }
        }
        switch self {
        case .closeDisplayed(let i): return indices.filter { $0 != i }.map { .closeDisplayed($0) }
        case .select(let i): return indices.filter { $0 != i }.map { .select($0) }
        case .tapClose(let i): return indices.filter { $0 != i }.map { .tapClose($0) }
        case let .swipeBegan(i, vx, vy): return indices.filter { $0 != i }.map { .swipeBegan($0, vx: vx, vy: vy) }
        case let .move(f, t): return indices.filter { $0 != f }.map { .move(from: $0, to: t) } + indices.filter { $0 != t }.map { .move(from: f, to: $0) }
        case .closeID(let id): return ids(id).map { .closeID($0) }
        case .flyAwayFinished(let id): return ids(id).map { .flyAwayFinished($0) }
        case let .setTitle(id, title): return ids(id).map { .setTitle(id: $0, title: title) }
        case .willAppear, .newTab, .closeAll, .setQuery, .beginSearch, .endSearch, .cancelSearch, .reopen,
             .setViewport, .swipeChanged, .swipeEnded, .swipeCancelled, .save, .restoreSaved, .restoreData, .reorder,
             .beginMove, .updateMove, .endMove, .cancelMove, .newBackgroundTab, .runJobs, .advanceClock, .settle, .background, .relaunch: return []
        }
    }

    /// Sequential ids (`t7`) with smaller numbers (`t1`, `t3`, `t6`): deleting an earlier
    /// `newTab` renumbers later tabs, so references must be able to follow.
    func lowerIDs(_ id: String) -> [String] {
        guard let digits = id.firstIndex(where: \.isNumber), let n = Int(id[digits...]), n > 1 else { return [] }
        let prefix = id[..<digits]
        return [1, n / 2, n - 1].filter { $0 >= 1 && $0 < n }.reduce(into: [Int]()) { if !$0.contains($1) { $0.append($1) } }
            .map { "\(prefix)\($0)" }
    }
}

extension Array where Element == Action {
    /// These steps with the session restored at `p` losing the tabs at `gone`, and the later
    /// displayed indices shifted past them; nil when that session cannot be rewritten.
    /// (What `ShrinkSessions` and `CoordinatedSessions` offer.)
    func removingTabs(_ gone: Range<Int>, fromSessionAt p: Int,
                      parsed: (ids: [String], titles: [String], active: String?)) -> [Action]? {
        guard let smaller = SessionText.removing(tabs: gone, from: parsed) else { return nil }
        return Array(self[..<p] + [.restoreData(smaller)] + self[(p + 1)...].map { $0.shiftingIndices(removing: gone) })
    }

    /// These steps with one step other than `skipped` replaced by one of its three plainest
    /// variants, step by step: half of a coordinated change (`CoordinatedPairs`,
    /// `CoordinatedSessions`).
    func withOneStepPlainer(skipping skipped: Int? = nil) -> [[Action]] {
        var out: [[Action]] = []
        for j in indices where j != skipped {
            for v in self[j].simplerVariants().prefix(3) {
                var c = self
                c[j] = v
                out.append(c)
            }
        }
        return out
    }
}
