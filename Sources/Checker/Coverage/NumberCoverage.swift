import Generators

/// Every numeric field an action carries, by its path as `Mirror` spells it (`swipeBegan.vx`,
/// `setViewport.width`, `runJobs[]`): what `Coverage` counts in each `NumberClass` and what the
/// number floors hold (#55). `NumberFloorTests` walks `GridAction`'s cases with `Mirror` and fails
/// on a numeric field missing here — a new field gets a domain and a floor, or a red test.
package enum NumericField: Int, CaseIterable, Sendable {
    case closeDisplayed, moveFrom, moveTo, select, tapClose, reorderFrom, reorderTo, beginMove, updateMove
    case swipeBeganIndex, swipeBeganVX, swipeBeganVY, swipeChangedTX, swipeEndedTX, swipeEndedVX
    case viewportWidth, viewportHeight, viewportSafeLeft, viewportSafeRight, viewportSafeTop, viewportSafeBottom
    case runJobsPick, advanceClockMilliseconds

    /// The field's path: the case's name, then the payload's label (or position) as `Mirror` gives it.
    package var path: String {
        switch self {
        case .closeDisplayed: "closeDisplayed"
        case .moveFrom: "move.from"
        case .moveTo: "move.to"
        case .select: "select"
        case .tapClose: "tapClose"
        case .reorderFrom: "reorder.from"
        case .reorderTo: "reorder.to"
        case .beginMove: "beginMove"
        case .updateMove: "updateMove"
        case .swipeBeganIndex: "swipeBegan.0"
        case .swipeBeganVX: "swipeBegan.vx"
        case .swipeBeganVY: "swipeBegan.vy"
        case .swipeChangedTX: "swipeChanged.tx"
        case .swipeEndedTX: "swipeEnded.tx"
        case .swipeEndedVX: "swipeEnded.vx"
        case .viewportWidth: "setViewport.width"
        case .viewportHeight: "setViewport.height"
        case .viewportSafeLeft: "setViewport.safeLeft"
        case .viewportSafeRight: "setViewport.safeRight"
        case .viewportSafeTop: "setViewport.safeTop"
        case .viewportSafeBottom: "setViewport.safeBottom"
        case .runJobsPick: "runJobs[]"
        case .advanceClockMilliseconds: "advanceClock.milliseconds"
        }
    }

    /// Whether the field is an `Int` (its classes: `NumberClass.classes(ofInteger:)`).
    package var isInteger: Bool {
        switch self {
        case .swipeBeganVX, .swipeBeganVY, .swipeChangedTX, .swipeEndedTX, .swipeEndedVX, .viewportWidth, .viewportHeight,
             .viewportSafeLeft, .viewportSafeRight, .viewportSafeTop, .viewportSafeBottom: false
        case .closeDisplayed, .moveFrom, .moveTo, .select, .tapClose, .reorderFrom, .reorderTo, .beginMove, .updateMove,
             .swipeBeganIndex, .runJobsPick, .advanceClockMilliseconds: true
        }
    }

    /// Schedule fields: drawn only for drivers declaring `appLifecycle`.
    package var isSchedule: Bool { self == .runJobsPick || self == .advanceClockMilliseconds }
}

extension Coverage {
    static let numberSlots = NumericField.allCases.count * NumberClass.allCases.count

    /// How many values of `field` fell in `kind` (a negative one counts in its magnitude class and in `.negative`).
    package func numbers(_ field: NumericField, _ kind: NumberClass) -> Int {
        numberCounts[field.rawValue * NumberClass.allCases.count + kind.rawValue]
    }

    mutating func add(_ n: Int, numbers field: NumericField, _ kind: NumberClass) {
        numberCounts[field.rawValue * NumberClass.allCases.count + kind.rawValue] += max(0, n)
    }

    private mutating func note(_ field: NumericField, _ x: Double) {
        let base = field.rawValue * NumberClass.allCases.count
        numberCounts[base + NumberClass.of(x).rawValue] += 1
        if x < 0 { numberCounts[base + NumberClass.negative.rawValue] += 1 }
    }

    private mutating func note(_ field: NumericField, _ i: Int) {
        let base = field.rawValue * NumberClass.allCases.count
        numberCounts[base + NumberClass.of(i).rawValue] += 1
        if i < 0 { numberCounts[base + NumberClass.negative.rawValue] += 1 }
    }

    /// Counts the numbers `action` carries, each in its classes (every step, accepted or not).
    package mutating func observeNumbers(_ action: Action) {
        switch action {
        case .closeDisplayed(let i): note(.closeDisplayed, i)
        case let .move(f, t): note(.moveFrom, f); note(.moveTo, t)
        case .select(let i): note(.select, i)
        case .tapClose(let i): note(.tapClose, i)
        case let .reorder(f, t): note(.reorderFrom, f); note(.reorderTo, t)
        case .beginMove(let i): note(.beginMove, i)
        case .updateMove(let i): note(.updateMove, i)
        case let .swipeBegan(i, vx, vy): note(.swipeBeganIndex, i); note(.swipeBeganVX, vx); note(.swipeBeganVY, vy)
        case .swipeChanged(let tx): note(.swipeChangedTX, tx)
        case let .swipeEnded(tx, vx): note(.swipeEndedTX, tx); note(.swipeEndedVX, vx)
        case .setViewport(let v):
            note(.viewportWidth, v.width); note(.viewportHeight, v.height); note(.viewportSafeLeft, v.safeLeft)
            note(.viewportSafeRight, v.safeRight); note(.viewportSafeTop, v.safeTop); note(.viewportSafeBottom, v.safeBottom)
        case .runJobs(let picks): for p in picks { note(.runJobsPick, p) }
        case .advanceClock(let ms): note(.advanceClockMilliseconds, ms)
        case .willAppear, .newTab, .closeID, .closeAll, .setQuery, .beginSearch, .endSearch, .cancelSearch, .setTitle,
             .reopen, .swipeCancelled, .flyAwayFinished, .save, .restoreSaved, .restoreData, .endMove, .cancelMove,
             .newBackgroundTab, .settle, .background, .relaunch: break
        }
    }

    /// The number table of `--coverage`: a line per field, a column per class.
    func numberTable() -> String {
        var lines = [pad("number field", 27) + NumberClass.allCases.map { pad($0.name, 13) }.joined()]
        for f in NumericField.allCases {
            let cells = NumberClass.allCases.map { k in
                NumberClass.classes(ofInteger: f.isInteger).contains(k) ? String(numbers(f, k)) : "–"
            }
            lines.append(pad(f.path, 27) + cells.map { pad($0, 13) }.joined())
        }
        return lines.joined(separator: "\n")
    }
}

extension Coverage {
    /// The number floor (#55): of each field's values, at least this share in each class its type
    /// holds — NaN, ±∞, ±0, fractions, ordinary, large, huge, negative — and at least one.
    package static let numberFloorShare = 0.0005

    /// The fields and classes under the floor (`field class: n of total`), for the fields that
    /// ran at all (schedule fields only when `schedule`); empty when every floor holds.
    package func numberShortfalls(schedule: Bool) -> [String] {
        var out: [String] = []
        for f in NumericField.allCases where schedule || !f.isSchedule {
            let classes = NumberClass.classes(ofInteger: f.isInteger)
            let total = classes.filter { $0 != .negative }.reduce(0) { $0 + numbers(f, $1) }
            for k in classes {
                let n = numbers(f, k)
                if n < max(1, Int((Double(total) * Self.numberFloorShare).rounded(.up))) { out.append("\(f.path) \(k.name): \(n) of \(total)") }
            }
        }
        return out
    }
}
