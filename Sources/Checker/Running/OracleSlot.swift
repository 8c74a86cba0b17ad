import Generators

/// The oracle as the run loop keeps it: the reference (the usual oracle) as itself, so a step
/// calls it directly — no existential to copy or dispatch through; another `AgreeingDriver`
/// as one, so asking it whether it agrees costs no cast at each step; any other driver as it is.
/// (Three optionals rather than an enum: a driver in an enum's payload would be copied out to
/// be changed and put back — its arrays copied at every step.)
struct OracleSlot {
    private var reference: ReferenceDriver?
    private var plain: (any GridDriver)?
    private var agreeing: (any AgreeingDriver)?

    init(_ driver: any GridDriver) {
        if let r = driver as? ReferenceDriver { reference = r }
        else if let a = driver as? any AgreeingDriver { agreeing = a } else { plain = driver }
    }

    mutating func apply(_ action: Action) -> StepOutcome {
        if reference != nil { return reference!.apply(action) }
        return agreeing != nil ? agreeing!.apply(action) : plain!.apply(action)
    }
    func observe() -> Observation {
        if let reference { return reference.observe() }
        return agreeing?.observe() ?? plain!.observe()
    }
    /// Whether the oracle's observation would equal `o`; false when it cannot say.
    func agrees(with o: Observation) -> Bool {
        if reference != nil { return reference!.agrees(with: o) }
        return agreeing?.agrees(with: o) ?? false
    }
    /// S2: the reference follows the implementation's relaunch (it has no storage of its own);
    /// any other oracle relaunches itself when the action comes.
    mutating func relaunch(as restored: Observation) {
        if reference != nil { reference!.relaunch(as: restored) }
    }
    /// A fixed sequence, for an oracle that can take it whole (`PlannedDriver`).
    mutating func plan(_ actions: [Action], viewport: ViewportSpec) {
        if var p = plain as? any PlannedDriver { p.plan(actions, viewport: viewport); plain = p }
    }
    /// The driver itself, for `StateText`.
    var driver: any GridDriver { reference ?? agreeing ?? plain! }
}
