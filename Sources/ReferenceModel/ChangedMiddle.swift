/// Where two arrays of the same length differ: the range between their longest common prefix
/// and their longest common suffix (empty when they are equal). A step that moves one tab, or
/// reorders a few, changes only this much of a long list; the quick paths of the diffable view
/// (`SimulatedDiffableDataSource`, the `snapshot` property) look at it alone.
// `public`, not `package`, for one reason: with Swift 6.3.1 an `@inlinable package` generic is
// not specialized in another module of the package, and D2/D3's quick paths in Checker then ran
// unspecialized — 3.2 % more instructions per step in the default campaign (callgrind,
// decisions.md, Performance). ReferenceModel is no product: no adopter can import it.
public enum ChangedMiddle {
    /// The longest run the quick paths compare element by element (O(m²), no hashing); a
    /// longer one goes to the full computation with sets.
    public static let shortRun = 16

    /// The differing range of `a` and `b` (`a.count == b.count`); it covers the indices where
    /// they differ, and every index outside it holds the same element in both.
    @inlinable public static func of<T: Equatable>(_ a: [T], _ b: [T]) -> Range<Int> {
        precondition(a.count == b.count, "ChangedMiddle.of: lengths \(a.count) and \(b.count) differ")
        // An unchanged list shared from step to step: O(1). This takes `==` to be reflexive, as
        // Equatable's contract says; NaN is the known exception, and every caller passes strings.
        if sameStorage(a, b) { return 0..<0 }
        var lo = 0, hi = a.count
        while lo < hi && a[lo] == b[lo] { lo += 1 }
        while hi > lo && a[hi - 1] == b[hi - 1] { hi -= 1 }
        return lo..<hi
    }

    /// Whether `new` is a reordering of `old`, whose elements are known to be unique: each of
    /// either is in the other (so `new` repeats none). O(m²) with no hashing: for short ranges.
    @inlinable public static func isPermutation<T: Equatable>(_ old: ArraySlice<T>, _ new: ArraySlice<T>) -> Bool {
        old.count == new.count && new.allSatisfy(old.contains) && old.allSatisfy(new.contains)
    }

    /// How `b[r]` reorders `a[r]` when one element moved from one end of the range to the other
    /// (a move or a drag of one tab, however far): the index in `a` of the element that moved;
    /// nil otherwise. O(m), no hashing: the quick paths' answer for a long changed middle.
    /// (A range of two, a swap, is both rotations: its caller's short-run path decides it.)
    @inlinable public static func movedOne<T: Equatable>(_ a: [T], _ b: [T], in r: Range<Int>) -> Int? {
        guard r.count >= 2 else { return nil }
        return moves(a, b, in: r, r.lowerBound) ? r.lowerBound : moves(a, b, in: r, r.upperBound - 1) ? r.upperBound - 1 : nil
    }

    /// Whether `b[r]` is `a[r]` with the element at `k` — one end of `r` — moved to the other
    /// end, the rest in their order. O(m), no hashing.
    @inlinable public static func moves<T: Equatable>(_ a: [T], _ b: [T], in r: Range<Int>, _ k: Int) -> Bool {
        let (lo, hi) = (r.lowerBound, r.upperBound)
        guard r.count >= 2, hi <= a.count, hi <= b.count else { return false }
        if k == lo { return b[hi - 1] == a[lo] && b[lo..<(hi - 1)].elementsEqual(a[(lo + 1)..<hi]) }   // the first went last
        if k == hi - 1 { return b[lo] == a[hi - 1] && b[(lo + 1)..<hi].elementsEqual(a[lo..<(hi - 1)]) }   // the last went first
        return false
    }

    /// Whether `a` and `b` are one buffer — so, both being alive, equal. O(1).
    @inlinable public static func sameStorage<T>(_ a: [T], _ b: [T]) -> Bool {
        a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { y in x.baseAddress == y.baseAddress && x.count == y.count } }
    }
}
