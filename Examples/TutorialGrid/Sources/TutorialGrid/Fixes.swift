/// The fixes applied to the tutorial's code, one flag each, in the order the checker led to
/// them (docs/tutorial-findings.md). `TutorialDriver` runs the code with none; `FixedTutorialDriver`
/// with all. Every fix is an `if` around the tutorial's own line, which stays in place.
public struct Fixes: OptionSet, Sendable, CaseIterable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// F2, tutorial bug 1: insert the new tab's *displayed* index, or nothing when the
    /// filter hides it (the tutorial inserts `tabs.count - 1`: UIKit raises).
    public static let insertDisplayedIndex = Fixes(rawValue: 1 << 0)
    /// G4, tutorial bug 6: a gesture cancelled by the cell itself (vertical, or blocked by
    /// the lock) or by the system flies back; it is never judged as a release.
    public static let cancelledFliesBack = Fixes(rawValue: 1 << 1)
    /// G4, tutorial bug 6: a net rightward drag never deletes, however fast the release.
    public static let rightwardNeverDeletes = Fixes(rawValue: 1 << 2)
    /// G6, tutorial bug 5: the fly-left speed is positive, so durations are not negative.
    public static let positiveFlyLeftDuration = Fixes(rawValue: 1 << 3)
    /// G6/F4, tutorial bug 4: a fly-away completes by the tab's identity — closes that tab
    /// if it is still open, nothing otherwise — instead of the cell's index path (which is
    /// gone: `fatalError`, or now shows another tab).
    public static let completeByIdentity = Fixes(rawValue: 1 << 4)
    /// G5, tutorial bug 7: a swipe whose cell stops being displayed (a reload, a close) is
    /// released at once; the lock is per app, not per process.
    public static let releaseLockWithCell = Fixes(rawValue: 1 << 5)
    /// L5/L6, tutorial bug 9: no item narrower than 44 pt; fewer columns, else nothing shown.
    public static let minimumItemWidth = Fixes(rawValue: 1 << 6)
    /// G6: the distance to fly includes where the swiping cell was dragged to.
    public static let flyFromCurrentOffset = Fixes(rawValue: 1 << 7)
    /// G6: a second close request on a cell already flying away is ignored.
    public static let ignoreCloseWhileFlying = Fixes(rawValue: 1 << 8)
    /// G1: a swipe on a cell that is flying away does not begin.
    public static let noSwipeWhileFlying = Fixes(rawValue: 1 << 9)
    /// F1: the filter matches `Character`-wise. The tutorial's `contains` is Foundation's,
    /// which on Linux ends a query at a NUL: "B\u{0}" matches every title with a "b" in it.
    public static let characterWiseFilter = Fixes(rawValue: 1 << 11)
    /// D5, the diffable variant only (#37): `didReorder` tells the view-model, which moves the
    /// dragged tab to F9's place. Not in `allCases`: the batch-update variant has no reorder.
    public static let followReorder = Fixes(rawValue: 1 << 10)
    public static let allCases: [Fixes] = [.insertDisplayedIndex, .positiveFlyLeftDuration, .noSwipeWhileFlying, .cancelledFliesBack, .minimumItemWidth, .ignoreCloseWhileFlying, .completeByIdentity, .rightwardNeverDeletes, .releaseLockWithCell, .flyFromCurrentOffset, .characterWiseFilter]
    public static let all = Fixes(allCases)
}
