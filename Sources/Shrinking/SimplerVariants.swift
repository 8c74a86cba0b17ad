import Generators
extension Action {
    /// Strictly simpler versions of this action, simplest first: smaller indices, shorter
    /// and plainer strings, round numbers, a phone-sized viewport.
    package func simplerVariants() -> [Action] { Array(simplerVariantGroups().joined()) }

    /// The same variants, one group per field (a swipe's end: cancelled, then its velocity,
    /// then its translation). The shrinker takes a field to its simplest before the next,
    /// so a velocity already at its threshold is not tried again after every step of the
    /// translation.
    package func simplerVariantGroups() -> [[Action]] {
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
        case .runJobs(let picks):
            // Fewer jobs run (one pick left out), then each pick toward 0 (the oldest job, in
            // order) by halving steps: a pick of 2⁶² lands on the smallest one naming the same job.
            let fewer: [Action] = picks.count > 1 ? picks.indices.map { i in .runJobs(Array(picks[..<i] + picks[(i + 1)...])) } : []
            return [fewer] + picks.indices.map { i in Self.pickVariants(picks[i]).map { v in var p = picks; p[i] = v; return .runJobs(p) } }
        case .advanceClock(let ms):
            // No clock step at all, then toward 0 by halving steps: `Int.max` ends on the
            // throttle's own interval (5000), with no number chosen here.
            return [[.settle], Self.towardZero(ms).map { .advanceClock(milliseconds: $0) }]
        case .background:
            // A flush by going to the background is the app's doing; running every job is the
            // schedule's plainest (seeds that flushed either way end on one sequence).
            return [[.settle]]
        case .willAppear, .newTab, .beginSearch, .reopen, .swipeCancelled, .save, .restoreSaved, .reorder,
             .beginMove, .updateMove, .endMove, .cancelMove, .newBackgroundTab, .settle, .relaunch: return []
        }
    }

    /// Integers strictly nearer 0, nearest first: 0, a negative's positive twin, then i − i/2,
    /// i − i/4, …, i − 1. Accepting the first that still fails walks to the smallest failing
    /// value in O(log² i) candidates from anywhere in `Int`'s range (the schedule's picks and
    /// milliseconds, drawn from all of it).
    package static func towardZero(_ i: Int) -> [Int] {
        guard i != 0 else { return [] }
        var out = [0]
        if i < 0 && i != .min { out.append(-i) }
        var d = i / 2
        while d != 0 {
            out.append(i - d)
            d /= 2
        }
        var seen: [Int] = []
        return out.filter { v in
            guard v != i, !seen.contains(v) else { return false }
            seen.append(v)
            return true
        }
    }

    /// Simpler picks, smallest first: a pick names a job modulo the number ready, so the
    /// residues modulo 2…16 (the pick naming the same job when that many are ready), then
    /// `towardZero`'s halving steps. Halving alone can stall (from 8 with three ready: 0, 4, 6
    /// and 7 name other jobs); a residue names the same one at once.
    static func pickVariants(_ i: Int) -> [Int] {
        let residues = (2...16).map { m in ((i % m) + m) % m }.filter { $0.magnitude < i.magnitude }
        var seen: [Int] = []
        return (residues.sorted() + towardZero(i)).filter { v in
            guard !seen.contains(v) else { return false }
            seen.append(v)
            return true
        }
    }

    /// Simpler numbers, simplest first: 0, the anchors (thresholds) below |x|, then for a
    /// non-integer the integers either side (an integer is simpler than a fraction; from an
    /// integer only smaller ones follow, so no cycle), for an integer x − x/2, x − x/4,
    /// …, x − 1 (toward zero): accepting the first that still fails walks down to the
    /// smallest failing value in O(log² x) candidates, whatever value the run started from,
    /// so seeds meet on one number (`tx: 1`, not `tx: 103`). Non-finite: 0, the anchors, and for ±∞ the ladder of powers of ten.
    static let ladder: [Double] = [1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e8, 1e10, 1e12, 1e15, 1e20, 1e30, 1e50, 1e100, 1e200, 1e300]

    static func simplerNumbers(_ x: Double, _ anchors: [Double]) -> [Double] {
        guard x != 0 else { return [] }
        var out: [Double] = [0]
        for a in anchors where !x.isFinite || abs(a) < abs(x) { out.append(a) }
        // A negative number gives way to its positive twin (0, 1, −1, 2, −2, … as for indices).
        if x < 0 && x.isFinite { out.append(-x) }
        // ±∞ comes down the same ladder as a huge number: −∞ that fails as −8,001 does ends there
        // (mutant 45 ended at −∞ on 3 seeds of 20 when only 0 and the anchors were offered).
        if x.isInfinite { for e in Self.ladder { out.append(x < 0 ? -e : e) } }
        guard x.isFinite else { return out }
        // A number from the whole domain (NumberDomain: 7e+123) meets a bound of a few
        // thousand through a ladder of powers of ten, not hundreds of halvings.
        if abs(x) >= 1e4 {
            let sign: Double = x < 0 ? -1 : 1
            for e in Self.ladder where e < abs(x) { out.append(sign * e) }
        }
        let t = x.rounded(.towardZero)
        if t != x {
            // An integer is simpler than any fraction (Hypothesis orders floats so too): the one
            // toward zero, and the one beside it away from zero — a fraction drawn from the whole
            // domain (tx: 2.8e−230) that fails as well at 1 ends at 1, as every other seed does.
            out.append(t)
            out.append(t + (x < 0 ? -1 : 1))
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
}
