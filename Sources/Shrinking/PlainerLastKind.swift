import Generators
/// The last step (the failing one) becomes the plainest step of a kind declared before its
/// own: `closeAll` → `closeDisplayed(0)`.
///
/// Two seeds that fail on the same state through different final steps then end on one
/// sequence (mutants 19 and 23 gave two finals each before it). At a local minimum only;
/// one candidate per earlier kind.
struct PlainerLastKind: ShrinkPass {
    let name = "plainer last kind"
    let schedule = ShrinkSchedule.atLocalMinimum

    func run(_ state: ShrinkState) -> Bool {
        guard let last = state.best.last else { return false }
        let kept = Array(state.best.dropLast())
        let candidates = Action.simplestOfEachKind.filter { $0.kind.order < last.kind.order }.map { kept + [$0] }
        return state.attempt(candidates) != nil
    }
}
