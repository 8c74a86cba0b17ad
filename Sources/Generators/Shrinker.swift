import Foundation

/// Shrinks a failing action sequence to a locally minimal one: no single deletion of a
/// span and no single simplification of one action's arguments still fails.
///
/// Works on the actions that were executed (not on the seed), so a shrunk sequence is
/// concrete and replays after the generators change. Candidates are tried shortest and
/// simplest first; each accepted candidate restarts the passes (Hypothesis-style
/// greedy descent). A time cap keeps a slow predicate from hiding the failure: the
/// best sequence so far is returned when it runs out.
public struct Shrinker {
    public struct Result: Sendable {
        public let actions: [Action]
        /// Candidates executed.
        public let attempts: Int
        /// Whether the time cap (or `shouldStop`) stopped shrinking before a local minimum.
        public let timedOut: Bool
        /// Whether `shouldStop` did.
        public let interrupted: Bool
        /// Candidates per pass, in `Shrinker.passes` order (where a shrink spends its runs).
        public let attemptsPerPass: [Int]
    }

    /// The passes' names, for `Result.attemptsPerPass`.
    public static let passes = ["0 blocks", "1 spans", "2 renumber", "2b swipe→tap", "3 values", "3b order", "4 collapse"]

    /// Longer than any sequence the default campaign generates (its maximum is 200 steps).
    public static let longSequence = 200

    public let timeLimit: Double
    /// Seconds from an arbitrary origin; injected so generation never reads a clock.
    public let now: () -> Double

    /// Asked before every candidate: true stops at once with the best sequence so far
    /// (an interrupt must not lose the failure).
    public let shouldStop: () -> Bool

    /// A few actions that recreate the state a prefix leaves (a restore of its session, then
    /// its query), or nil where there are none: pass 4 replaces longer prefixes with them.
    /// Nil (the default) skips pass 4.
    public let collapse: (([Action]) -> [Action]?)?

    public init(timeLimit: Double, now: @escaping () -> Double, shouldStop: @escaping () -> Bool = { false },
                collapse: (([Action]) -> [Action]?)? = nil) {
        self.timeLimit = timeLimit
        self.now = now
        self.shouldStop = shouldStop
        self.collapse = collapse
    }

    /// `fails` runs a candidate and says whether it still fails the same way.
    public func shrink(_ original: [Action], fails: ([Action]) -> Bool) -> Result {
        withoutActuallyEscaping(fails) { fails in
            core(original, width: 1) { chunk in fails(chunk[0]) ? 0 : nil }
        }
    }

    /// The same shrink with `jobs` candidates evaluated at once, on as many threads: each
    /// pass takes its next `jobs` candidates, runs them in parallel and accepts the first
    /// (in the pass's own order) that still fails — exactly the candidate sequential
    /// shrinking would have accepted, so the result does not depend on `jobs` (unless the
    /// time cap stops it). `attempts` counts what sequential shrinking would have run.
    public func shrink(_ original: [Action], jobs: Int, fails: @escaping @Sendable ([Action]) -> Bool) -> Result {
        guard jobs > 1 else { return shrink(original, fails: fails) }
        return core(original, width: jobs) { chunk in
            let results = Slots(count: chunk.count, empty: false)
            DispatchQueue.concurrentPerform(iterations: chunk.count) { i in results.set(i, fails(chunk[i])) }
            return results.values.firstIndex(of: true)
        }
    }

    /// The passes. `evaluate` runs up to `width` candidates and returns the index of the
    /// first that fails, if any.
    func core(_ original: [Action], width: Int, evaluate: ([[Action]]) -> Int?) -> Result {
        let deadline = now() + timeLimit
        var best = original
        var attempts = 0
        var timedOut = false
        var interrupted = false
        var perPass = Array(repeating: 0, count: Self.passes.count)
        var pass = 0
        /// Tries `candidates` in order, `width` at a time; accepts and returns the index of the
        /// first that still fails. A candidate equal to the current best is no progress:
        /// accepting it would let a pass restart forever (every shrink must end on a fixed
        /// point, whatever the values), so it is skipped and not counted.
        func tryCandidates(_ candidates: [[Action]]) -> Int? {
            let fresh = candidates.indices.filter { candidates[$0] != best }
            var k = 0
            while k < fresh.count {
                if shouldStop() { interrupted = true; timedOut = true; return nil }
                if now() > deadline { timedOut = true; return nil }
                let chunk = Array(fresh[k..<min(k + width, fresh.count)])
                if let j = evaluate(chunk.map { candidates[$0] }) {
                    attempts += j + 1
                    perPass[pass] += j + 1
                    best = candidates[chunk[j]]
                    return chunk[j]
                }
                attempts += chunk.count
                perPass[pass] += chunk.count
                k += chunk.count
            }
            return nil
        }
        // Pass 0a, once: the state before the last one, two or three steps, restored in one
        // step, then those steps. Most failures need a state and one action, so a long
        // sequence usually becomes two or three actions at the first candidates, and the
        // passes below work on those instead of on the whole sequence.
        if let collapse {
            pass = 6
            let candidates = (1...3).compactMap { k -> [Action]? in
                guard k < best.count, let state = collapse(Array(best[..<(best.count - k)])), state.count + k < best.count else { return nil }
                return state + best[(best.count - k)...]
            }
            _ = tryCandidates(candidates)
        }
        // Pass 0, for sequences longer than any default run (a large-grid opening, or
        // `--max-steps` above 200): delete aligned blocks, halving the block size, so a long
        // run of new tabs loses most of its length in O(n) candidates rather than pass 1's
        // O(n log n) per round. Shorter sequences skip it and shrink exactly as before.
        var block = best.count / 2
        pass = 0
        while best.count > Self.longSequence && block >= 8 && !timedOut {
            var start = (best.count / block - 1) * block
            while start >= 0 && !timedOut {
                let starts = stride(from: start, through: max(0, start - (width - 1) * block), by: -block).filter { $0 >= 0 }
                let candidates = starts.map { s -> [Action] in
                    var c = best
                    c.removeSubrange(s..<min(s + block, best.count))
                    return c
                }
                if let j = tryCandidates(candidates) { start = min(starts[j], best.count - block) } else { start -= block * starts.count }
            }
            block /= 2
        }
        var improved = true
        while improved && !timedOut {
            improved = false
            // Pass 1: delete spans, large to small, from the end (later steps depend on earlier ones).
            var size = best.count / 2
            pass = 1
            while size >= 1 && !timedOut {
                var start = best.count - size
                while start >= 0 && !timedOut {
                    let starts = Array(stride(from: start, through: max(0, start - width + 1), by: -1))
                    let candidates = starts.map { s -> [Action] in
                        var c = best
                        c.removeSubrange(s..<min(s + size, best.count))
                        return c
                    }
                    if let j = tryCandidates(candidates) { improved = true; start = min(starts[j], best.count - size) } else { start -= starts.count }
                }
                size /= 2
            }
            // Pass 2: delete one action and re-derive the references after it — deleting a
            // `newTab` renumbers later tabs and shifts displayed indices, so a plain
            // deletion rarely reproduces. First every later reference shifted at once,
            // then (on short sequences) one later reference re-targeted to any small value.
            var k = best.count - 1
            pass = 2
            while k >= 0 && !timedOut {
                var base = best
                let removed = base.remove(at: k)
                let created = best[..<k].filter { $0 == .newTab }.count + 1
                var candidates: [[Action]] = []
                if removed == .newTab {
                    candidates.append(base.enumerated().map { $0 >= k ? $1.renumberingIDs(above: created) : $1 })
                }
                candidates.append(base.enumerated().map { $0 >= k ? $1.shiftingIndices() : $1 })
                if removed == .newTab {
                    candidates.append(base.enumerated().map { $0 >= k ? $1.renumberingIDs(above: created).shiftingIndices() : $1 })
                }
                if best.count <= 16 {
                    // Tabs a step can address: new ones and restored ones.
                    let tabsMade = best.reduce(0) { n, a in
                        if a == .newTab { return n + 1 }
                        // (A restored session counts three at most: retargeting tries every index.)
                        if case .restoreData(let text) = a { return n + min(3, SessionText.tabCount(text) ?? 0) }
                        return n
                    }
                    for j in k..<base.count {
                        for alternative in base[j].retargeted(maxIndex: tabsMade, maxID: tabsMade) {
                            var c = base
                            c[j] = alternative
                            candidates.append(c)
                        }
                    }
                }
                let accepted = tryCandidates(candidates) != nil
                if accepted { improved = true }
                k = accepted ? min(k, best.count) - 1 : k - 1
            }
            // Pass 2b: a swipe gesture that deletes is a tap on the close button (G6 starts the
            // same fly-away): swipeBegan(i) … swipeEnded becomes one tapClose(i).
            var g = best.count - 1
            pass = 3
            while g >= 0 && !timedOut {
                if case .swipeBegan(let i, _, _) = best[g],
                   let end = best[(g + 1)...].firstIndex(where: { if case .swipeEnded = $0 { return true }; if case .swipeCancelled = $0 { return true }; return false }) {
                    var c = best
                    c[end] = .tapClose(i)
                    let drop = Set([g] + (g + 1..<end).filter { if case .swipeChanged = best[$0] { return true }; return false })
                    c = c.enumerated().filter { !drop.contains($0.offset) }.map(\.element)
                    if tryCandidates([c]) != nil { improved = true; g = min(g, best.count) - 1; continue }
                }
                g -= 1
            }
            // Pass 3d: a restored session changed together with the steps after it — a run of
            // its tabs removed (longest first, as in pass 1) with later displayed indices
            // shifted down past it, or its ids renamed t1…tn with later references renamed.
            pass = 4
            var p = 0
            while p < best.count && !timedOut {
                guard case .restoreData(let text) = best[p], let count = SessionText.tabCount(text) else { p += 1; continue }
                var changed = false
                var size = max(1, count / 2)
                search: while size >= 1 && !timedOut {
                    guard case .restoreData(let current) = best[p], let parsed = SessionText.parse(current) else { break }
                    let n = parsed.ids.count
                    var start = n - size
                    while start >= 0 {
                        // `width` starts at a time (from the end), so parallel shrinking has
                        // candidates to share; the first that fails is the one a one-by-one
                        // walk would have taken.
                        var candidates: [[Action]] = []
                        var unreadable = false
                        for s in stride(from: start, through: max(0, start - (width - 1)), by: -1) {
                            guard let smaller = SessionText.removing(tabs: s..<(s + size), from: parsed) else { unreadable = true; break }
                            candidates.append(Array(best[..<p] + [.restoreData(smaller)] + best[(p + 1)...].map { $0.shiftingIndices(removing: s..<(s + size)) }))
                        }
                        if tryCandidates(candidates) != nil { changed = true; continue search }
                        if unreadable { break }
                        start -= candidates.count
                    }
                    if size == 1 { break }
                    size /= 2
                }
                if case .restoreData(let current) = best[p], let r = SessionText.renamingIDs(current) {
                    let map = Dictionary(uniqueKeysWithValues: r.old.enumerated().map { ($1, "t\($0 + 1)") })
                    if tryCandidates([best[..<p] + [.restoreData(r.text)] + best[(p + 1)...].map { $0.renamingIDs(map) }]) != nil { changed = true }
                }
                if changed { improved = true }
                p += 1
            }
            // Pass 3: simplify each action's arguments — the same action again after each
            // success (an id lowered one step, then the next), rather than a whole new round
            // of passes per step; simplification is well-founded, so this ends.
            var i = 0, field = 0
            pass = 4
            var variants: (of: Action, groups: [[Action]])?     // worked out again only when the action changed
            while i < best.count && !timedOut {
                if variants?.of != best[i] { variants = (best[i], best[i].simplerVariantGroups()) }
                let groups = variants!.groups
                guard field < groups.count else { i += 1; field = 0; continue }
                let candidates = groups[field].map { simpler -> [Action] in
                    var c = best
                    c[i] = simpler
                    return c
                }
                if tryCandidates(candidates) != nil { improved = true } else { field += 1 }
            }
            // Pass 3b: put adjacent actions in kind order (the order `Action` declares them:
            // newTab before setQuery; within a kind, by their text: swipeBegan(0) before
            // swipeBegan(1)) where the swap still fails — so seeds that found the same steps
            // in another order end on one sequence.
            var j = 0
            pass = 5
            while j + 1 < best.count && !timedOut {
                let (x, y) = (best[j], best[j + 1])
                if x.kind.order > y.kind.order || (x.kind.order == y.kind.order && y.description < x.description) {
                    var c = best
                    c.swapAt(j, j + 1)
                    if tryCandidates([c]) != nil { improved = true; j = max(0, j - 1); continue }
                }
                j += 1
            }
            // Pass 3e, at a local minimum: a string used in several places (a title and the
            // query that finds it) changes everywhere at once, to a plainer letter.
            if !improved && !timedOut {
                pass = 4
                var uses: [String: Int] = [:]
                var order: [String] = []
                for a in best {
                    for t in a.strings where !t.isEmpty {
                        if uses[t] == nil { order.append(t) }
                        uses[t, default: 0] += 1
                    }
                }
                var candidates: [[Action]] = []
                for t in order where uses[t]! >= 2 {
                    let plainer: [String]
                    if t.unicodeScalars.count == 1 {
                        plainer = CharacterRank.plainerLetters(than: t.unicodeScalars.first!).map { String($0) }
                    } else { plainer = t == "a" ? [] : ["a"] }
                    for p in plainer where !order.contains(p) {
                        candidates.append(best.map { $0.replacingString(t, with: p) })
                    }
                }
                if tryCandidates(candidates) != nil { improved = true }
            }
            // Pass 3f, at a local minimum: two changes at once that neither makes alone —
            // one action deleted and another simplified (its three plainest variants), and a
            // save with the restore that reads it replaced by a restore of what it saved.
            if !improved && !timedOut && best.count <= 8 {
                pass = 4
                var candidates: [[Action]] = []
                for k in best.indices.reversed() {
                    var base = best
                    base.remove(at: k)
                    for j in base.indices {
                        for v in base[j].simplerVariants().prefix(3) {
                            var c = base
                            c[j] = v
                            candidates.append(c)
                        }
                    }
                }
                if let collapse {
                    for j in best.indices where best[j] == .restoreSaved {
                        guard let i = best[..<j].lastIndex(of: .save), let state = collapse(Array(best[..<i])),
                              case .restoreData? = state.first else { continue }
                        var c = best
                        c[j] = state[0]
                        c.remove(at: i)
                        candidates.append(c)
                    }
                }
                if tryCandidates(candidates) != nil { improved = true }
            }
            // Pass 3c, at a local minimum: the last action (the failing step) may become the
            // plainest action of a kind declared before its own (`closeAll` → `closeDisplayed(0)`).
            if !improved && !timedOut, let last = best.last {
                pass = 4
                let candidates = Action.simplestOfEachKind.filter { $0.kind.order < last.kind.order }.map { Array(best.dropLast()) + [$0] }
                if tryCandidates(candidates) != nil { improved = true }
            }
            // Pass 4, at a local minimum of the others: replace a prefix of two or more
            // actions by the one action that recreates its state (`newTab ×3, select(1)`
            // becomes one restore of a three-tab session with the second active), longest
            // prefix first. Length is what minimal means; a restore is one step.
            pass = 6
            if !improved && !timedOut, let collapse, best.count > 2 {
                var candidates = stride(from: best.count - 1, through: 2, by: -1).compactMap { k -> [Action]? in
                    guard let state = collapse(Array(best[..<k])), state.count < k else { return nil }
                    return state + best[k...]
                }
                // The first steps kept (a view that must have appeared first), the state
                // before the last step restored after them, then the last step — or not:
                // when the failing step is itself a change of state, the restore may be it.
                let n = best.count
                if let before = collapse(Array(best[..<(n - 1)])) {
                    for i in 1..<(n - 1) {
                        let kept = Array(best[..<i])
                        for c in [kept + before + [best[n - 1]], kept + before] where c.count < n { candidates.append(c) }
                    }
                }
                if tryCandidates(candidates) != nil { improved = true }
            }
        }
        return Result(actions: best, attempts: attempts, timedOut: timedOut, interrupted: interrupted, attemptsPerPass: perPass)
    }
}

/// The order characters simplify in (see `Action.simplerStrings`).
enum CharacterRank {
    static let plain: [Unicode.Scalar] = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ".unicodeScalars)
        + (33...126).compactMap { v -> Unicode.Scalar? in
            let u = Unicode.Scalar(UInt8(v))
            return ("a"..."z").contains(u) || ("A"..."Z").contains(u) || ("0"..."9").contains(u) ? nil : u
        }
    static func rank(_ u: Unicode.Scalar) -> Int? {
        if let i = plain.firstIndex(of: u) { return i }
        return plain.count + Int(u.value)
    }
    /// The letters and digits plainer than `u` (a…z, A…Z, 0…9 up to its rank), plainest first.
    static func plainerLetters(than u: Unicode.Scalar) -> [Character] {
        guard let r = rank(u) else { return [] }
        return (0..<min(r, 62)).compactMap(character)
    }
    /// The character of a rank; nil for a rank that names no character of its own.
    static func character(_ rank: Int) -> Character? {
        if rank < plain.count { return Character(plain[rank]) }
        guard let u = Unicode.Scalar(UInt32(rank - plain.count)), !plain.contains(u) else { return nil }
        return Character(u)
    }
}

/// One slot per index, each written by one thread, under a lock: what threads running
/// candidates (here, and in the checker's exhaustive search) share.
public final class Slots<T: Sendable>: @unchecked Sendable {
    private var slots: [T]
    private let lock = NSLock()
    public init(count: Int, empty: T) { slots = Array(repeating: empty, count: count) }
    public func set(_ i: Int, _ value: T) { lock.lock(); slots[i] = value; lock.unlock() }
    public var values: [T] { lock.lock(); defer { lock.unlock() }; return slots }
}

extension Action {
    /// Strictly simpler versions of this action, simplest first: smaller indices, shorter
    /// and plainer strings, round numbers, a phone-sized viewport.
    public func simplerVariants() -> [Action] { Array(simplerVariantGroups().joined()) }

    /// The same variants, one group per field (a swipe's end: cancelled, then its velocity,
    /// then its translation). The shrinker takes a field to its simplest before the next,
    /// so a velocity already at its threshold is not tried again after every step of the
    /// translation.
    public func simplerVariantGroups() -> [[Action]] {
        func ints(_ i: Int) -> [Int] {
            if i == 0 { return [] }
            // Ordered 0, 1, −1, 2, −2, …: a negative index gives way to its positive twin, so
            // `select(-1)` and `select(1)` (both out of range on one tab) end as one.
            if i < 0 { return [0] + (i < -1 ? [-1] : []) + (i == .min ? [] : [-i]) }
            return Array(Set([0, i / 2, i - 1])).filter { $0 < i }.sorted()
        }
        func doubles(_ x: Double, anchors: [Double]) -> [Double] { Self.simplerNumbers(x, anchors) }
        switch self {
        case .closeDisplayed(let i): return [ints(i).map { .closeDisplayed($0) }]
        case .select(let i): return [ints(i).map { .select($0) }]
        case .tapClose(let i): return [ints(i).map { .tapClose($0) }]
        case let .move(f, t): return [ints(f).map { .move(from: $0, to: t) }, ints(t).map { .move(from: f, to: $0) }]
        case .setQuery(let q): return [Self.simplerStrings(q).map { .setQuery($0) }]
        case let .setTitle(id, title):
            return [Self.simplerStrings(title).map { .setTitle(id: id, title: $0) }, lowerIDs(id).map { .setTitle(id: $0, title: title) }]
        case .restoreData(let text):
            // A well-formed session shrinks as one (fewer tabs, plainer titles and ids); cutting
            // its text would only break it.
            let sessions = SessionText.simpler(text, titles: { Self.simplerStrings($0, thorough: false) })
            return [[.newTab, .restoreSaved] + ((sessions.map { [""] + $0 }) ?? Self.simplerStrings(text)).map { .restoreData($0) }]
        case let .swipeBegan(i, vx, vy):
            return [ints(i).map { .swipeBegan($0, vx: vx, vy: vy) },
                    doubles(vy, anchors: []).map { .swipeBegan(i, vx: vx, vy: $0) },
                    doubles(vx, anchors: [-1000, 1000]).map { .swipeBegan(i, vx: $0, vy: vy) }]
        case .swipeChanged(let tx): return [doubles(tx, anchors: [-125, 125]).map { .swipeChanged(tx: $0) }]
        case let .swipeEnded(tx, vx):
            return [[.swipeCancelled], doubles(vx, anchors: [-1000, 1000]).map { .swipeEnded(tx: tx, vx: $0) },
                    doubles(tx, anchors: [-125, 125]).map { .swipeEnded(tx: $0, vx: vx) }]
        case .setViewport(let v):
            // The phone viewport is the simplest of all: nothing is simpler than it (offering
            // the rounded, inset-free version of it made the two simplify into each other
            // forever, and a shrink that met one ran until its time cap).
            // Every other candidate is smaller in |width| + |height| + the insets (numbers move
            // toward zero, never away), so the two kinds of step cannot undo each other.
            guard v != .phone else { return [] }
            var first: [ViewportSpec] = [.phone]
            let bare = ViewportSpec(width: v.width, height: v.height)
            if bare != v { first.append(bare) }
            let widths = doubles(v.width, anchors: []).map { var w = v; w.width = $0; return w }
            let heights = doubles(v.height, anchors: []).map { var w = v; w.height = $0; return w }
            return [first, widths, heights].map { $0.filter { $0 != v }.map { .setViewport($0) } }
        case .flyAwayFinished(let id): return [[.closeID(id)] + lowerIDs(id).map { .flyAwayFinished($0) }]
        case .closeID(let id):
            // Closing by position is the plainer request (and the kind that comes first).
            let n = id.firstIndex(where: \.isNumber).flatMap { Int(id[$0...]) }
            return [[.closeDisplayed(0)] + (n.map { $0 > 1 ? [Action.closeDisplayed($0 - 1)] : [] } ?? []) + lowerIDs(id).map { .closeID($0) }]
        case .cancelSearch, .endSearch: return [[.beginSearch]]
        case .closeAll: return [[.closeDisplayed(0)]]
        default: return []
        }
    }

    /// Strictly smaller numbers (in magnitude), simplest first: 0, the anchors (thresholds)
    /// below |x|, then for a non-integer the integer part, for an integer x − x/2, x − x/4,
    /// …, x − 1 (toward zero): accepting the first that still fails walks down to the
    /// smallest failing value in O(log² x) candidates, whatever value the run started from,
    /// so seeds meet on one number (`tx: 1`, not `tx: 103`). Non-finite: 0 and the anchors.
    static func simplerNumbers(_ x: Double, _ anchors: [Double]) -> [Double] {
        guard x != 0 else { return [] }
        var out: [Double] = [0]
        for a in anchors where !x.isFinite || abs(a) < abs(x) { out.append(a) }
        // A negative number gives way to its positive twin (0, 1, −1, 2, −2, … as for indices).
        if x < 0 && x.isFinite { out.append(-x) }
        guard x.isFinite else { return out }
        let t = x.rounded(.towardZero)
        if t != x {
            out.append(t)
        } else if abs(x) > 1e6 {
            out.append((x / 2).rounded(.towardZero))
        } else {
            let sign: Double = x < 0 ? -1 : 1
            var d = (abs(x) / 2).rounded(.down)
            while d >= 1 {
                out.append(x - sign * d)
                d = (d / 2).rounded(.down)
            }
        }
        var seen: [Double] = []
        return out.filter { v in
            guard v != x, !seen.contains(v) else { return false }
            seen.append(v)
            return true
        }
    }

    /// Strictly simpler strings, simplest first: empty, shorter (half, without the last or
    /// the first character), and for short strings (up to 4 characters) one character
    /// replaced by a plainer one. Characters are ranked a…z, A…Z, 0…9, space, the other
    /// printable ASCII, then everything else by code point; a character moves to rank 0
    /// (`a`), half its rank, or one below (a single letter or digit to any plainer one), so
    /// a query that needs "some letter not in the titles" lands on the first such letter
    /// whatever letter it started as.
    static func simplerStrings(_ s: String, thorough: Bool = true) -> [String] {
        if s.isEmpty { return [] }
        var out = [""]
        if s.count > 1 {
            out.append(String(s.prefix(s.count / 2)))
            out.append(String(s.dropLast()))
            out.append(String(s.dropFirst()))
        }
        if s.count <= 4 {
            let chars = Array(s)
            // A short string may only need "some letter the titles lack": one letter of the
            // first sixteen (a…p) stands in for all of it. (Not for a session's titles: a
            // session has several, and pass 3e changes a title with its query.)
            if s.count > 1 && thorough { out += CharacterRank.plain.prefix(16).map { String(Character($0)) } }
            for (i, c) in chars.enumerated() {
                guard c.unicodeScalars.count == 1, let r = CharacterRank.rank(c.unicodeScalars.first!), r > 0 else {
                    // A character of several scalars (e + a combining accent, an emoji family)
                    // ranks above every single one: alone it may become any letter or digit.
                    if c.unicodeScalars.count > 1 {
                        for plain in CharacterRank.plain.prefix(chars.count == 1 ? 62 : 1) {
                            var x = chars
                            x[i] = Character(plain)
                            out.append(String(x))
                        }
                    }
                    continue
                }
                // A lone letter or digit tries every plainer one, so it ends on the plainest
                // that fails (`A`, whichever capital the run started with); longer strings
                // take the three-step ladder.
                // Beyond the letters, also the first of each class (A, 0, space).
                let lowers = chars.count == 1 && r < 62 ? CharacterRank.plainerLetters(than: c.unicodeScalars.first!)
                    : [0, 26, 52, 62, r / 2, r - 1].filter { $0 < r }.compactMap(CharacterRank.character)
                for l in lowers {
                    var x = chars
                    x[i] = l
                    out.append(String(x))
                }
            }
        }
        var seen: [String] = []
        return out.filter { x in
            guard x != s, x.count <= s.count, !seen.contains(x) else { return false }
            seen.append(x)
            return true
        }
    }

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
        default: return self
        }
    }

    /// The strings this action carries: a query, a title, a session's titles.
    var strings: [String] {
        switch self {
        case .setQuery(let q): return [q]
        case let .setTitle(_, title): return [title]
        case .restoreData(let text): return SessionText.titles(text)
        default: return []
        }
    }

    /// This action with the string `old` (as a query, a title, a session's title) replaced by `new`.
    func replacingString(_ old: String, with new: String) -> Action {
        switch self {
        case .setQuery(let q) where q == old: return .setQuery(new)
        case let .setTitle(id, title) where title == old: return .setTitle(id: id, title: new)
        case .restoreData(let text): return SessionText.replacingTitle(old, with: new, in: text).map { .restoreData($0) } ?? self
        default: return self
        }
    }

    /// This action with its ids renamed by `map` (ids not in it unchanged).
    func renamingIDs(_ map: [String: String]) -> Action {
        switch self {
        case .closeID(let id): return .closeID(map[id] ?? id)
        case .flyAwayFinished(let id): return .flyAwayFinished(map[id] ?? id)
        case let .setTitle(id, title): return .setTitle(id: map[id] ?? id, title: title)
        default: return self
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
        default: return self
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
        default: return []
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
