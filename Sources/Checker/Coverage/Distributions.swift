import Generators

/// What a campaign's sequences looked like, bucketed for the report's charts: lengths,
/// the most tabs open at once, and the viewport class of every step.
package struct Distributions: Sendable, Equatable {
    package static let lengthBuckets: [(label: String, upTo: Int)] = [("1–10", 10), ("11–25", 25), ("26–50", 50), ("51–100", 100), ("101–200", 200), ("201+", .max)]
    package static let tabBuckets: [(label: String, upTo: Int)] = [("0", 0), ("1–2", 2), ("3–5", 5), ("6–10", 10), ("11–25", 25), ("26–100", 100), ("101+", .max)]

    package enum ViewportClass: String, CaseIterable, Sendable {
        case phonePortrait = "phone portrait"
        case phoneLandscape = "phone landscape"
        case tablet = "tablet (shortest side ≥ 600 pt)"
        case tooSmall = "tooSmall (L5)"
        case absurd = "absurd (NaN, ∞, ≤ 0, huge)"

        package init(_ v: ViewportSpec, tooSmall: Bool) {
            if !(v.width.isFinite && v.height.isFinite) || v.width <= 0 || v.height <= 0 || max(v.width, v.height) > 1e7 { self = .absurd }
            else if tooSmall { self = .tooSmall }
            else if min(v.width, v.height) >= 600 { self = .tablet }
            else { self = v.width > v.height ? .phoneLandscape : .phonePortrait }
        }
    }

    /// Counts per bucket, in the bucket order above.
    package private(set) var lengths = [Int](repeating: 0, count: lengthBuckets.count)
    package private(set) var maxTabs = [Int](repeating: 0, count: tabBuckets.count)
    package private(set) var viewports = [Int](repeating: 0, count: ViewportClass.allCases.count)

    package init() {}

    /// Counts read back (CoverageCounts, `tabcheck merge`), in the bucket order above.
    init(lengths: [Int], maxTabs: [Int], viewports: [Int]) {
        self.lengths = lengths; self.maxTabs = maxTabs; self.viewports = viewports
    }

    static func bucket(_ n: Int, _ buckets: [(label: String, upTo: Int)]) -> Int { buckets.firstIndex { n <= $0.upTo } ?? buckets.count - 1 }

    mutating func sequence(length: Int, maxTabs tabs: Int) {
        lengths[Self.bucket(length, Self.lengthBuckets)] += 1
        maxTabs[Self.bucket(tabs, Self.tabBuckets)] += 1
    }

    mutating func step(_ c: ViewportClass) { viewports[ViewportClass.allCases.firstIndex(of: c)!] += 1 }

    package mutating func merge(_ o: Distributions) {
        for i in lengths.indices { lengths[i] += o.lengths[i] }
        for i in maxTabs.indices { maxTabs[i] += o.maxTabs[i] }
        for i in viewports.indices { viewports[i] += o.viewports[i] }
    }
}

/// The rules each action kind and each situation exercises (the report's rule coverage).
package enum RuleCoverage {
    package static func rules(_ k: ActionKind) -> [String] {
        switch k {
        case .willAppear: return ["B2"]
        case .newTab: return ["F2", "A2"]
        case .closeDisplayed: return ["F3", "F10"]
        case .closeID: return ["F4"]
        case .closeAll: return ["F5", "B1"]
        case .setQuery: return ["F6", "F1"]
        case .search: return ["F7"]
        case .setTitle: return ["F8"]
        case .move: return ["F9"]
        case .reorder: return ["D5", "F9"]
        case .interactiveMove: return ["D4", "F9"]
        case .newBackgroundTab: return ["F11"]
        case .select: return ["A1"]
        case .reopen: return ["U2"]
        case .setViewport: return ["L1", "L2", "L3", "L4", "L5", "L6", "L7"]
        case .swipeBegan: return ["G1", "G2"]
        case .swipeChanged: return ["G3"]
        case .swipeEnded: return ["G4", "G5"]
        case .tapClose: return ["G6"]
        case .flyAwayFinished: return ["G6"]
        case .save: return ["P1", "P2", "P4", "P5"]
        case .restoreData: return ["P3"]
        case .runJobs, .advanceClock: return ["S1"]
        case .settle: return ["S1", "S3"]
        case .background, .relaunch: return ["S2"]
        }
    }

    /// Steps that exercised each rule, in rule order (F, B, L, A, G, U, P, D; a family not
    /// listed goes last, never a trap).
    package static func table(_ c: Coverage) -> [(rule: String, count: Int)] {
        var counts: [String: Int] = [:]
        for k in ActionKind.allCases { for r in rules(k) { counts[r, default: 0] += c.kinds[k] ?? 0 } }
        for s in Coverage.Situation.allCases { for r in s.rules { counts[r, default: 0] += c.situations[s] ?? 0 } }
        let order = Array("FBLAGUPD")
        func family(_ r: String) -> Int { r.first.flatMap { order.firstIndex(of: $0) } ?? order.count }
        return counts.keys.sorted { a, b in
            let (fa, fb) = (family(a), family(b))
            return fa != fb ? fa < fb : (Int(a.dropFirst()) ?? 0, a) < (Int(b.dropFirst()) ?? 0, b)
        }.map { ($0, counts[$0]!) }
    }
}
