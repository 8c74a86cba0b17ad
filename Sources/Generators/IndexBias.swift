/// Where a valid displayed index is drawn (decisions.md, Generation and values). Uniform choices over hundreds of tabs make the
/// index a rule cares about a 1-in-n event: closing the *active* tab (A3), the first and last
/// displayed (F9's ends), the tab the last step touched, the boundaries where a chunked or paged
/// store splits (powers of two and one less). As swarm testing biases the action kinds, a
/// share of index draws goes to these; the rest stay uniform.
enum IndexBias {
    /// The share of valid index draws that go to a biased place, on grids of three or more.
    static let share = 0.3

    static func index(_ c: inout Choices, count: Int, state s: GenerationState) -> Int {
        guard count > 2, c.bool(share) else { return c.int(in: 0...(count - 1)) }
        switch c.int(in: 0...4) {
        case 0: return 0
        case 1: return count - 1
        case 2:
            if let a = s.active, let i = s.displayed.firstIndex(of: a) { return i }
            return count - 1
        case 3:
            // The last index may be any Int (an invalid one on purpose): clamp before stepping.
            let last = min(count - 1, max(0, s.lastIndex ?? count / 2))
            return min(count - 1, max(0, last + c.int(in: -1...1)))
        default:
            // 2^k or 2^k − 1 for a k with 2^k < count (k ≥ 1).
            var powers: [Int] = []
            var p = 2
            while p < count { powers.append(p); p *= 2 }
            guard !powers.isEmpty else { return count - 1 }
            return c.element(of: powers) - c.int(in: 0...1)
        }
    }
}
