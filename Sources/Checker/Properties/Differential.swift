import Generators

/// The differential property, a stage of the run loop rather than a `StepProperty`: the
/// implementation and the oracle agree on accept/reject (and the error kind), on the
/// fly-away started and on every observed field both implement. Judges every rule at once,
/// as the oracle reads SPEC.md; a misreading both share is for the `StepProperty`s to catch.
enum Differential {
    /// The differential property: same accept/reject (and error kind), same fly-away, same state.
    static func compare(_ a: StepOutcome, _ ao: Observation, _ b: StepOutcome, _ bo: Observation, _ an: String, _ bn: String) -> Violation? {
        if let v = compare(a, b, an, bn) { return v }
        let d = ao.diff(against: bo, an, bn)
        if let first = d.first {
            return Violation(.differential, "\(first.field) (\(first.rule))", "\(an) and \(bn) disagree (- \(an), + \(bn))", differences: d)
        }
        return nil
    }

    /// The part of the differential property that is not the state: same accept/reject
    /// (and error kind), same fly-away.
    static func compare(_ a: StepOutcome, _ b: StepOutcome, _ an: String, _ bn: String) -> Violation? {
        if a.rejected != b.rejected {
            return Violation(.differential, "accept/reject",
                             "\(an) \(a.rejected.map { "rejected it (\($0))" } ?? "accepted it"), \(bn) \(b.rejected.map { "rejected it (\($0))" } ?? "accepted it")")
        }
        switch (a.flyAwayDuration, b.flyAwayDuration) {
        case (nil, nil): break
        case let (x?, y?) where abs(x - y) <= 1e-9 * max(1, abs(x)): break
        default:
            return Violation(.differential, "G6", "fly-away: \(an) \(a.flyAwayDuration.map { "started one of \($0) s" } ?? "started none"), \(bn) \(b.flyAwayDuration.map { "started one of \($0) s" } ?? "started none")")
        }
        return nil
    }
}
