/// The values of the schedule's own steps (S, `GridCapability.appLifecycle`): which pending jobs
/// run and how far the test clock moves — drawn from the same choice stream as every other
/// value, so a seed gives the same interleaving anywhere and the shrinker simplifies a schedule
/// as it does any number (toward 0: the oldest job first; no clock step).
package enum ScheduleValues {
    /// Picks for `runJobs`: one to four jobs, each by its place among the ready ones (modulo
    /// their count). Mostly the first few places (0 is the oldest: jobs in order), sometimes any
    /// `Int` at all (`NumberDomain`: every magnitude; the modulo takes every value somewhere).
    package static func picks(_ c: inout Choices) -> [Int] {
        let n = c.int(in: 1...4)
        var out: [Int] = []
        out.reserveCapacity(n)
        for _ in 0..<n {
            switch c.weighted([4, 5, 1]) {
            case 0: out.append(0)
            case 1: out.append(c.int(in: 1...7))
            default: out.append(NumberDomain.int(&c))
            }
        }
        return out
    }

    /// Milliseconds for `advanceClock`: weighted near where throttles and debounces change
    /// their minds (a millisecond either side of 300 ms, 1 s and 5 s, and 30 s, the time iOS
    /// gives a backgrounded app), anywhere up to a minute, and the whole `Int` range beyond
    /// (`NumberDomain`; negative amounts move nothing; the clock saturates).
    package static func milliseconds(_ c: inout Choices) -> Int {
        switch c.weighted([4, 4, 1]) {
        case 0:
            let edge = c.element(of: [300, 1_000, 5_000, 30_000])
            return edge + c.int(in: -1...1)
        case 1: return c.int(in: 0...60_000)
        default: return c.bool(0.5) ? c.element(of: [Int.min, -1, Int.max, Int(Int32.max)]) : NumberDomain.int(&c)
        }
    }
}
