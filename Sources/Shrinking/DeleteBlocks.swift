import Generators
/// Aligned blocks deleted, halving the block size, for sequences longer than any default run.
///
/// A large-grid opening (129–300 new tabs) or `--max-steps` above 200 makes sequences where
/// `DeleteSpans` would spend O(n log n) candidates per round; aligned blocks lose most of a
/// long run of new tabs in O(n). Shorter sequences skip it and shrink exactly as without it.
/// Runs once. The planted chunk-split bug (scripts/large-grid-shrink.sh) showed the need.
struct DeleteBlocks: ShrinkPass {
    let name = "delete blocks"
    let schedule = ShrinkSchedule.opening

    func run(_ state: ShrinkState) -> Bool {
        var accepted = false
        var block = state.best.count / 2
        while state.best.count > Shrinker.longSequence && block >= 8 && !state.stopped {
            var start = (state.best.count / block - 1) * block
            while start >= 0 && !state.stopped {
                let starts = stride(from: start, through: max(0, start - (state.width - 1) * block), by: -block).filter { $0 >= 0 }
                if let s = state.removeWindow(size: block, starts: starts) {
                    accepted = true
                    start = min(s, state.best.count - block)
                } else {
                    start -= block * starts.count
                }
            }
            block /= 2
        }
        return accepted
    }
}
