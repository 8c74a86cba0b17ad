import Checker
import Generators
import Testing

/// #55: numbers from the whole domain shrink to the same canonical values as the rest. A
/// fraction gives way to the integers either side (mutant 27 ended at `tx: 2.8e-230` on one
/// seed), ±∞ and huge numbers come down a ladder of powers of ten (mutant 45 ended at `vx:
/// -.infinity` on 3 of 20 seeds). (That no chain of variants cycles: `simplerVariantsNeverCycle`.)
@Suite struct WholeDomainShrinkTests {
    @Test func aFractionIsOfferedTheIntegerAwayFromZero() {
        let v = Action.swipeChanged(tx: 2.8386992588774226e-230).simplerVariants()
        #expect(v.contains(.swipeChanged(tx: 1)), "\(v)")
    }

    @Test func infinityComesDownTheLadder() {
        let v = Action.swipeEnded(tx: 0, vx: -.infinity).simplerVariants()
        #expect(v.contains(.swipeEnded(tx: 0, vx: -10_000)), "\(v)")
        #expect(v.contains(.swipeEnded(tx: 0, vx: -1e300)), "\(v)")
    }
}
