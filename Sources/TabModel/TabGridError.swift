/// Why an event was rejected. A rejected event changes nothing.
public enum TabGridError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A displayed index outside `0..<displayedCount` (F3, F9, A1, G1, G6).
    case displayedIndexOutOfRange(index: Int, displayedCount: Int, event: String)
    /// Session data that cannot be restored (P3).
    case invalidSession(SessionError)
    /// A reorder transaction that does not start from the displayed tabs, or is not one
    /// move (D5): the model and the view no longer agree.
    case staleTransaction(displayed: Int, initial: Int, final: Int)

    public var description: String {
        switch self {
        case let .displayedIndexOutOfRange(index, count, event):
            let valid = count == 0 ? "no items are displayed" : "valid indices are 0…\(count - 1)"
            return "\(event): displayed index \(index) is out of range (\(valid)); nothing changed"
        case .invalidSession(let e):
            return "restore: \(e); the current session was kept"
        case let .staleTransaction(displayed, initial, final):
            return "didReorder: the transaction (\(initial) items before, \(final) after) is not one move of the \(displayed) displayed tabs; nothing changed"
        }
    }
}
