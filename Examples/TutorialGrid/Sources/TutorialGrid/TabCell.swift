/// `static var someCellIsSwiping` of the tutorial's `TabCell`, kept per app instance (one
/// per driver) so two checked sequences never share it; it still outlives any cell, as the
/// static does. `holder` is the cell that set it (kept even when the cell is gone).
final class SwipeLock {
    var someCellIsSwiping = false
    var holder: TabCell?
}

enum GestureState { case began, changed, ended, cancelled }

/// The tutorial's `TabCell` (chapters 7 and 8): its close button, its pan gesture and its
/// animations, with the view properties they set kept as plain values.
final class TabCell {
    var title = ""
    /// The tab the data source bound to this cell (what the cell shows).
    var tab: Tab?
    weak var delegate: TabCollectionVC?
    let lock: SwipeLock
    let fixes: Fixes

    // What the animations set.
    var transform = (tx: 0.0, scale: 1.0)
    var zPosition = 0.0
    var alpha = 1.0
    /// Where the cell sits (frame.minX, width), from the layout, for `flyLeft`.
    var frame = (minX: 0.0, width: 0.0)
    /// The last translation the gesture reported (UIKit keeps it for `.cancelled`).
    var lastTranslationX = 0.0
    /// The fly-left animations started and not finished: their completions.
    var flyLeftCompletions: [() -> Void] = []
    /// For a fix: the tab this cell showed when the finishing fly-left started.
    var completingTab: Tab?

    init(lock: SwipeLock, fixes: Fixes) { self.lock = lock; self.fixes = fixes }

    // Chapter 8, step 8.
    private(set) var isSwiping = false

    // MARK: Chapter 7: the close button.

    func closeButtonTapped() -> Double? {
        if fixes.contains(.ignoreCloseWhileFlying) && isFlyingAway { return nil }
        return flyLeft(
            then: {
                self.delegate?.delete(cell: self)
            }
        )
    }

    private static let FLY_LEFT_SPEED = -5000.0

    /// Starts the animation; returns its duration. The completion runs when the animation
    /// finishes (the driver's `flyAwayFinished`).
    func flyLeft(then completion: @escaping () -> Void) -> Double {
        let center = frame.minX + frame.width / 2
        var distanceToGo = center + frame.width / 2
        if fixes.contains(.flyFromCurrentOffset) { distanceToGo = frame.width > 0 ? max(0, distanceToGo + dragged.tx) : 0 }
        let speed = fixes.contains(.positiveFlyLeftDuration) ? -TabCell.FLY_LEFT_SPEED : TabCell.FLY_LEFT_SPEED

        let duration = distanceToGo / speed

        // UIView.animate(withDuration: duration, animations: { … translatedBy(x: -distanceToGo) },
        //                completion: { finished in if finished { self.alpha = 0; completion() } })
        transform = (tx: transform.tx - distanceToGo, scale: transform.scale)
        let flying = tab
        if let flying { delegate?.flyingTabs.append(flying) }
        flyLeftCompletions.append {
            self.alpha = 0
            if let flying, let k = self.delegate?.flyingTabs.firstIndex(of: flying) { self.delegate?.flyingTabs.remove(at: k) }
            self.completingTab = flying
            completion()
            self.completingTab = nil
        }
        return duration
    }

    /// For the fixes: whether the tab this cell shows is flying away (from this cell or from
    /// a cell that showed it before a reload).
    var isFlyingAway: Bool {
        guard let tab, let vc = delegate else { return !flyLeftCompletions.isEmpty }
        return vc.flyingTabs.contains(tab)
    }

    /// The animation finished.
    func finishFlyLeft() {
        guard !flyLeftCompletions.isEmpty else { return }
        flyLeftCompletions.removeFirst()()
    }

    // MARK: Chapter 8: the pan gesture.

    func slideHorizontally(byAmount translationAmount: Double, withScaling scale: Double) {
        transform = (tx: translationAmount, scale: scale)
        dragged = transform
    }

    /// Where the gesture put the cell (what the swipe observation reports); a fly-left
    /// animation moves `transform` on from there.
    var dragged = (tx: 0.0, scale: 1.0)

    private static let SLIDE_HORIZONTALLY_ANIMATION_DRAGGING_SCALE = 1.05

    func flyBack() {
        transform = (tx: 0, scale: 1)
        dragged = transform
    }

    private static let MINIMUM_LEFT_DISPLACEMENT_FOR_DELETION = 125.0
    private static let MINIMUM_LEFT_SPEED_FOR_DELETION = 1000.0
    private static let DIRECTIONAL_DAMPENING_FACTOR = 5.0

    /// `handleGestureProgress(sender:)` at the end of chapter 8; `velocityY` stands for
    /// `sender.gestureDirection`. Returns the duration of a fly-left it started.
    func handleGestureProgress(state: GestureState, translationX: Double, velocityX: Double, velocityY: Double = 0,
                               cancelledBySelf: Bool = false) -> Double? {
        let translationLeft = -translationX
        let speedX = velocityX
        let speedLeft = -speedX
        lastTranslationX = translationX

        // Moves cell above other cells z-axis-wise.
        self.zPosition = 1

        switch state {
        case .began:
            if fixes.contains(.noSwipeWhileFlying) && isFlyingAway {
                zPosition = 0
                return nil
            }
            if lock.someCellIsSwiping || abs(velocityY) > abs(velocityX) {
                // sender.cancel(): the recognizer is disabled and re-enabled, and UIKit calls
                // this handler again with `.cancelled` — same translation, same velocity.
                return handleGestureProgress(state: .cancelled, translationX: translationX, velocityX: velocityX,
                                             velocityY: velocityY, cancelledBySelf: true)
            } else {
                lock.someCellIsSwiping = true
                lock.holder = self
                self.isSwiping = true
                delegate?.someTabCellIsBeingSwiped(isSwiping: true)
            }
        case .changed:
            let movingLeft = translationX < 0
            let undampenedOffset = translationX
            let dampenedOffset = translationX / TabCell.DIRECTIONAL_DAMPENING_FACTOR
            let directionallyDampenedOffset = movingLeft ? undampenedOffset : dampenedOffset
            slideHorizontally(
                byAmount: directionallyDampenedOffset,
                withScaling: TabCell.SLIDE_HORIZONTALLY_ANIMATION_DRAGGING_SCALE
            )
        case .ended, .cancelled:
            self.zPosition = 0
            if self.isSwiping == true {
                lock.someCellIsSwiping = false
                lock.holder = nil
                self.isSwiping = false
                delegate?.someTabCellIsBeingSwiped(isSwiping: false)
            }
            if state == .cancelled && fixes.contains(.cancelledFliesBack) {
                if cancelledBySelf { return nil }   // it never began: nothing moved
                flyBack()
                return nil
            }
            // A further close request for a tab already flying away is ignored (G6).
            if fixes.contains(.ignoreCloseWhileFlying) && isFlyingAway { return nil }
            if fixes.contains(.rightwardNeverDeletes) && translationX > 0 {
                flyBack()
                return nil
            }
            if translationLeft < TabCell.MINIMUM_LEFT_DISPLACEMENT_FOR_DELETION &&
                speedLeft < TabCell.MINIMUM_LEFT_SPEED_FOR_DELETION {
                flyBack()
                return nil
            } else {
                // The tab was dragged sufficiently fast and/or sufficiently far and should,
                // therefore, fly off to the left and be deleted from the collection view.
                return flyLeft(
                    then: {
                        self.delegate?.delete(cell: self)
                    }
                )
            }
        }
        return nil
    }

    /// A fix: the cell stops showing its tab while swiping — release the lock.
    func releaseSwipeBecauseCellIsGone() {
        guard isSwiping else { return }
        lock.someCellIsSwiping = false
        lock.holder = nil
        isSwiping = false
        zPosition = 0
        flyBack()
        delegate?.someTabCellIsBeingSwiped(isSwiping: false)
    }
}
