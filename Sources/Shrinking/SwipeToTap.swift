import Generators
/// A swipe gesture becomes a tap on the close button: `swipeBegan(i) … swipeEnded` becomes
/// one `tapClose(i)`.
///
/// A G4 delete starts the same fly-away as the close button (G6), so a failure about the
/// fly-away needs no gesture; spans alone cannot remove the gesture's three steps while
/// keeping the close. One candidate per gesture.
struct SwipeToTap: ShrinkPass {
    let name = "swipe to tap"
    let schedule = ShrinkSchedule.everyRound

    func run(_ state: ShrinkState) -> Bool {
        var accepted = false
        var g = state.best.count - 1
        while g >= 0 && !state.stopped {
            let best = state.best
            if case .swipeBegan(let i, _, _) = best[g],
               let end = best[(g + 1)...].firstIndex(where: { if case .swipeEnded = $0 { return true }; if case .swipeCancelled = $0 { return true }; return false }) {
                var c = best
                c[end] = .tapClose(i)
                let drop = Set([g] + (g + 1..<end).filter { if case .swipeChanged = best[$0] { return true }; return false })
                c = c.enumerated().filter { !drop.contains($0.offset) }.map(\.element)
                if state.attempt([c]) != nil { accepted = true; g = min(g, state.best.count) - 1; continue }
            }
            g -= 1
        }
        return accepted
    }
}
