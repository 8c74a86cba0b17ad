import Generators
/// Each step of jobs given the smallest pick list that still fails, in shortlex order: fewer
/// jobs first, then the earliest pick lowest (0 is the oldest ready job, so the list that runs
/// the fewest jobs out of order the latest). Every shorter list of picks 0…2, and every list of
/// the same length lexicographically smaller, up to `lengths` long, is tried in that order.
///
/// Picks are places among the ready jobs, and many lists run the same failing jobs:
/// delete-before-write ended at its shortest length on seeds that ran `[0, 0, 0, 1, 0]`,
/// `[1, 0, 0, 0, 0]`, `[0, 0, 0, 0, 0, 2]` or eight 0s — one failure, four finals — as no single
/// pick's simplification turns one into another. At a local minimum, only on sequences with
/// steps of jobs: at most 3 + 9 + … + 3^`lengths` candidates per step.
package struct ShortlexPicks: ShrinkPass {
    package let name = "shortlex picks"
    package let schedule = ShrinkSchedule.atLocalMinimum
    /// The longest lists tried: 5 (363 lists at most, shorter ones first).
    static let lengths = 5

    package func run(_ state: ShrinkState) -> Bool {
        var accepted = false
        var j = state.best.count - 1
        while j >= 0 && !state.stopped {
            if case .runJobs(let picks) = state.best[j] {
                let smaller = Self.smaller(than: picks).map { p -> [Action] in
                    var c = state.best
                    c[j] = .runJobs(p)
                    return c
                }
                if state.attempt(smaller) != nil { accepted = true; continue }   // the same step again, from its new list
            }
            j -= 1
        }
        return accepted
    }

    /// Pick lists of 0…2 before `picks` in shortlex order, at most `lengths` long, in that order.
    package static func smaller(than picks: [Int]) -> [[Int]] {
        var out: [[Int]] = []
        for length in 1...min(max(1, picks.count), lengths) {
            var list = [Int](repeating: 0, count: length)
            while true {
                if length == picks.count && !list.lexicographicallyPrecedes(picks) { break }
                out.append(list)
                var k = length - 1
                while k >= 0 && list[k] == 2 { list[k] = 0; k -= 1 }
                if k < 0 { break }
                list[k] += 1
            }
        }
        return out
    }
}
