import Generators

/// The oracle as the run loop keeps it: an `AgreeingDriver` is kept as one, so asking it
/// whether it agrees costs no cast at each step; any other driver as it is.
struct OracleSlot {
    private var plain: (any GridDriver)?
    private var agreeing: (any AgreeingDriver)?

    init(_ driver: any GridDriver) {
        if let a = driver as? any AgreeingDriver { agreeing = a } else { plain = driver }
    }

    mutating func apply(_ action: Action) -> StepOutcome { agreeing != nil ? agreeing!.apply(action) : plain!.apply(action) }
    func observe() -> Observation { agreeing?.observe() ?? plain!.observe() }
    /// Whether the oracle's observation would equal `o`; false when it cannot say.
    func agrees(with o: Observation) -> Bool { agreeing?.agrees(with: o) ?? false }
    /// The driver itself, for `StateText`.
    var driver: any GridDriver { agreeing ?? plain! }
}
