/// When a run asks whether to stop (its deadline, an interrupt): every step while steps are
/// slow, then — while they stay fast — every 2, 4, … up to 256 steps, so a fast run pays for a
/// clock read per 256 steps and a slow one answers within a step. A fixed 256 let a replay of
/// steps that take seconds each (1,000 tabs of 4,096-scalar titles) run for minutes after
/// Ctrl-C or past `--time-limit` (#54).
struct StopChecks {
    private let active: Bool
    private var next = 0
    private var interval = 1
    private var last = 0.0

    init(active: Bool) {
        self.active = active
        if active { last = RunClock.now() }
    }

    /// Whether step `step` asks.
    mutating func due(_ step: Int) -> Bool {
        guard active, step >= next else { return false }
        let now = RunClock.now()
        interval = now - last < 0.005 ? min(interval * 2, 256) : 1
        last = now
        next = step + interval
        return true
    }
}
