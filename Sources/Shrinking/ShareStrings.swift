import Generators
/// A string used in several places (a title and the query that finds it) changed everywhere
/// at once, to a plainer letter.
///
/// `SimplifyValues` changes one place at a time, and a title simplified without its query
/// (or a query without its title) no longer matches: `setTitle(t1, "é"), setQuery("é")` can
/// only become plainer in both places at once. At a local minimum only.
struct ShareStrings: ShrinkPass {
    let name = "share strings"
    let schedule = ShrinkSchedule.atLocalMinimum

    func run(_ state: ShrinkState) -> Bool {
        let best = state.best
        var uses: [String: Int] = [:]
        var order: [String] = []
        for a in best {
            for t in a.strings where !t.isEmpty {
                if uses[t] == nil { order.append(t) }
                uses[t, default: 0] += 1
            }
        }
        var candidates: [[Action]] = []
        for t in order where uses[t]! >= 2 {
            let plainer: [String]
            if t.unicodeScalars.count == 1 {
                plainer = CharacterRank.plainerLetters(than: t.unicodeScalars.first!).map { String($0) }
            } else { plainer = t == "a" ? [] : ["a"] }
            for p in plainer where !order.contains(p) {
                candidates.append(best.map { $0.replacingString(t, with: p) })
            }
        }
        return state.attempt(candidates) != nil
    }
}
