/// A collection-view update as UIKit receives it (SPEC vocabulary "update").
/// In a batch, `deletes` and move sources index the old list, `inserts` and move
/// destinations the new one.
public enum GridViewUpdate: Equatable, Sendable, CustomStringConvertible {
    case none
    case reload
    case reloadItems([Int])
    case batch(deletes: [Int], inserts: [Int], moves: [(from: Int, to: Int)])

    public static func == (a: GridViewUpdate, b: GridViewUpdate) -> Bool {
        switch (a, b) {
        case (.none, .none), (.reload, .reload): return true
        case let (.reloadItems(x), .reloadItems(y)): return x == y
        case let (.batch(d1, i1, m1), .batch(d2, i2, m2)):
            return d1 == d2 && i1 == i2 && m1.map { [$0.from, $0.to] } == m2.map { [$0.from, $0.to] }
        default: return false
        }
    }

    public var description: String {
        switch self {
        case .none: return "none"
        case .reload: return "reload"
        case .reloadItems(let i): return "reloadItems(\(i))"
        case let .batch(d, i, m): return "batch(delete: \(d), insert: \(i), move: \(m.map { "\($0.from)→\($0.to)" }))"
        }
    }
}
