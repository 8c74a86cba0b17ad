import ReferenceModel

extension Array where Element: Hashable {
    /// Whether the two arrays hold the same elements, repeats and order aside: `Set(self) ==
    /// Set(other)`. Short arrays (what a step's closes and reconfigures are) are compared
    /// element by element with no hashing.
    func sameSet(as other: [Element]) -> Bool {
        guard count <= ChangedMiddle.shortRun && other.count <= ChangedMiddle.shortRun else { return Set(self) == Set(other) }
        return allSatisfy(other.contains) && other.allSatisfy(contains)
    }
}
