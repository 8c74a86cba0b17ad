/// A viewport as actions carry it (points; may be absurd on purpose: NaN, ∞, negative).
public struct GridViewport: Codable, Equatable, Sendable {
    public var width, height, safeLeft, safeRight, safeTop, safeBottom: Double
    public init(width: Double, height: Double, safeLeft: Double = 0, safeRight: Double = 0,
                safeTop: Double = 0, safeBottom: Double = 0) {
        self.width = width; self.height = height; self.safeLeft = safeLeft
        self.safeRight = safeRight; self.safeTop = safeTop; self.safeBottom = safeBottom
    }
    /// The drivers' starting viewport: an iPhone 15 in portrait.
    public static let phone = GridViewport(width: 393, height: 852, safeTop: 59, safeBottom: 34)

    /// Field by field, NaN equal to NaN: the same viewport, so a NaN one compares equal to
    /// itself (the shrinker's fixed points depend on it).
    public static func == (a: GridViewport, b: GridViewport) -> Bool {
        same(a.width, b.width) && same(a.height, b.height) && same(a.safeLeft, b.safeLeft)
            && same(a.safeRight, b.safeRight) && same(a.safeTop, b.safeTop) && same(a.safeBottom, b.safeBottom)
    }
}

/// Equal, or both NaN.
@inline(__always) package func same(_ a: Double, _ b: Double) -> Bool { a == b || (a.isNaN && b.isNaN) }

/// One user or system event, with concrete arguments (displayed indices and tab ids).
/// Codable, so replay files hold the actions themselves, not only a seed.
public enum GridAction: Codable, Equatable, Sendable {
    case willAppear                                   // B2
    case newTab                                       // F2
    case closeDisplayed(Int)                          // F3
    case closeID(String)                              // F4
    case closeAll                                     // F5
    case setQuery(String)                             // F6
    case beginSearch, endSearch, cancelSearch         // F7
    case setTitle(id: String, title: String)          // F8
    case move(from: Int, to: Int)                     // F9
    case select(Int)                                  // A1
    case reopen                                       // U2
    case setViewport(GridViewport)                    // L7
    case swipeBegan(Int, vx: Double, vy: Double)      // G1
    case swipeChanged(tx: Double)                     // G3
    case swipeEnded(tx: Double, vx: Double)           // G4
    case swipeCancelled                               // G4
    case tapClose(Int)                                // G6
    case flyAwayFinished(String)                      // G6
    case save                                         // P1
    case restoreSaved                                 // P2: the last saved session
    case restoreData(String)                          // P3: arbitrary (often corrupt) text
    /// D5: the user dragged the cell displayed at `from` to `to` in a diffable data source's
    /// view, which reordered itself before telling the model (its `didReorder`).
    case reorder(from: Int, to: Int)
    /// D4: the user's interactive movement — a long press on the cell displayed at an index,
    /// the drag over a displayed position, the drop, or the cancel.
    case beginMove(Int), updateMove(Int), endMove, cancelMove
    /// F11: a new tab opened in the background — after the active tab, not activated
    /// (Safari's "Open in Background", DuckDuckGo's `TabsModel.insert(tab:at:)`).
    case newBackgroundTab
    /// S (`GridCapability.appLifecycle`): pending jobs of the model run, each picked by its
    /// place among the ready ones (modulo their count; 0 is the oldest). What a schedule is made of.
    case runJobs([Int])
    /// S: the test clock moves on (sleeps and throttles due by then become ready); a negative
    /// amount moves nothing.
    case advanceClock(milliseconds: Int)
    /// S3: every pending job runs, oldest first, the clock moved to each due time, until quiet.
    case settle
    /// S2: the app goes to the background; the model's flush is awaited.
    case background
    /// S2: the app is killed between two jobs (every pending job dropped) and launched again
    /// from its storage.
    case relaunch

    /// The same action: equal arguments, a NaN argument equal to a NaN. (Synthesized
    /// equality would make an action with a NaN differ from itself, and a shrink pass that
    /// compares candidates would never reach a fixed point.)
    public static func == (a: GridAction, b: GridAction) -> Bool {
        // One case of `a` per line and no `default`: a new kind is a compile error here, never
        // a silent `false` (which would make a shrink spin to its cap).
        switch a {
        case .willAppear: if case .willAppear = b { return true }
        case .newTab: if case .newTab = b { return true }
        case .closeDisplayed(let x): if case .closeDisplayed(let y) = b { return x == y }
        case .closeID(let x): if case .closeID(let y) = b { return x == y }
        case .closeAll: if case .closeAll = b { return true }
        case .setQuery(let x): if case .setQuery(let y) = b { return x == y }
        case .beginSearch: if case .beginSearch = b { return true }
        case .endSearch: if case .endSearch = b { return true }
        case .cancelSearch: if case .cancelSearch = b { return true }
        case let .setTitle(i, t): if case let .setTitle(j, u) = b { return i == j && t == u }
        case let .move(f, t): if case let .move(g, u) = b { return f == g && t == u }
        case .select(let x): if case .select(let y) = b { return x == y }
        case .reopen: if case .reopen = b { return true }
        case .setViewport(let v): if case .setViewport(let w) = b { return v == w }
        case let .swipeBegan(i, x, y): if case let .swipeBegan(j, u, v) = b { return i == j && same(x, u) && same(y, v) }
        case .swipeChanged(let x): if case .swipeChanged(let y) = b { return same(x, y) }
        case let .swipeEnded(t, x): if case let .swipeEnded(u, y) = b { return same(t, u) && same(x, y) }
        case .swipeCancelled: if case .swipeCancelled = b { return true }
        case .tapClose(let x): if case .tapClose(let y) = b { return x == y }
        case .flyAwayFinished(let x): if case .flyAwayFinished(let y) = b { return x == y }
        case .save: if case .save = b { return true }
        case .restoreSaved: if case .restoreSaved = b { return true }
        case .restoreData(let x): if case .restoreData(let y) = b { return x == y }
        case let .reorder(f, t): if case let .reorder(g, u) = b { return f == g && t == u }
        case .beginMove(let x): if case .beginMove(let y) = b { return x == y }
        case .updateMove(let x): if case .updateMove(let y) = b { return x == y }
        case .endMove: if case .endMove = b { return true }
        case .cancelMove: if case .cancelMove = b { return true }
        case .newBackgroundTab: if case .newBackgroundTab = b { return true }
        case .runJobs(let x): if case .runJobs(let y) = b { return x == y }
        case .advanceClock(let x): if case .advanceClock(let y) = b { return x == y }
        case .settle: if case .settle = b { return true }
        case .background: if case .background = b { return true }
        case .relaunch: if case .relaunch = b { return true }
        }
        return false
    }

    /// Each kind's plainest action, in kind order: what the shrinker tries in place of a
    /// failing step of a later kind.
    package static let simplestOfEachKind: [GridAction] = [
        .willAppear, .newTab, .closeDisplayed(0), .closeID("t1"), .closeAll, .setQuery("a"), .beginSearch,
        .setTitle(id: "t1", title: "a"), .move(from: 0, to: 1), .select(0), .reopen, .swipeBegan(0, vx: 0, vy: 0),
        .swipeEnded(tx: 0, vx: 0), .tapClose(0), .flyAwayFinished("t1"), .save, .restoreSaved, .reorder(from: 0, to: 1), .beginMove(0),
        .runJobs([0]), .advanceClock(milliseconds: 0), .settle, .background, .relaunch,
    ]

    /// The kinds with no entry in `simplestOfEachKind`: none of their steps is plainer than a
    /// later kind's (a viewport is set by the harness's own first steps; a drag's change
    /// needs its begin; a restore of text is never simpler than the tabs it builds).
    /// `ExtensionPointTests` holds every other kind to having an entry.
    /// A background tab is no plainer than `newTab`, the plainest of all.
    package static let kindsWithoutPlainestStep: Set<GridActionKind> = [.setViewport, .swipeChanged, .restoreData, .newBackgroundTab]

    /// The kind, for swarm testing, weights and statistics.
    public var kind: GridActionKind {
        switch self {
        case .willAppear: .willAppear
        case .newTab: .newTab
        case .closeDisplayed: .closeDisplayed
        case .closeID: .closeID
        case .closeAll: .closeAll
        case .setQuery: .setQuery
        case .beginSearch, .endSearch, .cancelSearch: .search
        case .setTitle: .setTitle
        case .move: .move
        case .select: .select
        case .reopen: .reopen
        case .setViewport: .setViewport
        case .swipeBegan: .swipeBegan
        case .swipeChanged: .swipeChanged
        case .swipeEnded, .swipeCancelled: .swipeEnded
        case .tapClose: .tapClose
        case .flyAwayFinished: .flyAwayFinished
        case .save, .restoreSaved: .save
        case .restoreData: .restoreData
        case .reorder: .reorder
        case .beginMove, .updateMove, .endMove, .cancelMove: .interactiveMove
        case .newBackgroundTab: .newBackgroundTab
        case .runJobs: .runJobs
        case .advanceClock: .advanceClock
        case .settle: .settle
        case .background: .background
        case .relaunch: .relaunch
        }
    }
}

/// GridAction kinds: the unit of weights, swarm subsets and coverage statistics.
public enum GridActionKind: String, CaseIterable, Codable, Sendable {
    case willAppear, newTab, closeDisplayed, closeID, closeAll, setQuery, search, setTitle, move,
         select, reopen, setViewport, swipeBegan, swipeChanged, swipeEnded, tapClose,
         flyAwayFinished, save, restoreData,
         reorder, interactiveMove, newBackgroundTab,
         runJobs, advanceClock, settle, background, relaunch   // last: the kinds before them keep their order, and the shrinker its sorting

    /// The position in the declaration: the order the shrinker sorts adjacent actions into.
    package var order: Int { Self.declared.firstIndex(of: self) ?? 0 }
    private static let declared = allCases
}

// MARK: Printing

extension GridAction: CustomStringConvertible {
    /// Swift source for this action, as the regression tests write it: `.closeDisplayed(2)`.
    public var swiftCode: String {
        func d(_ x: Double) -> String {
            if x.isNaN { return ".nan" }
            if x.isInfinite { return x < 0 ? "-.infinity" : ".infinity" }
            return x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : "\(x)"
        }
        func s(_ x: String) -> String { swiftStringLiteral(x) }
        switch self {
        case .willAppear: return ".willAppear"
        case .newTab: return ".newTab"
        case .closeDisplayed(let i): return ".closeDisplayed(\(i))"
        case .closeID(let id): return ".closeID(\(s(id)))"
        case .closeAll: return ".closeAll"
        case .setQuery(let q): return ".setQuery(\(s(q)))"
        case .beginSearch: return ".beginSearch"
        case .endSearch: return ".endSearch"
        case .cancelSearch: return ".cancelSearch"
        case let .setTitle(id, title): return ".setTitle(id: \(s(id)), title: \(s(title)))"
        case let .move(f, t): return ".move(from: \(f), to: \(t))"
        case let .reorder(f, t): return ".reorder(from: \(f), to: \(t))"
        case .beginMove(let i): return ".beginMove(\(i))"
        case .updateMove(let i): return ".updateMove(\(i))"
        case .endMove: return ".endMove"
        case .cancelMove: return ".cancelMove"
        case .select(let i): return ".select(\(i))"
        case .reopen: return ".reopen"
        case .setViewport(let v):
            return ".setViewport(GridViewport(width: \(d(v.width)), height: \(d(v.height)), safeLeft: \(d(v.safeLeft)), safeRight: \(d(v.safeRight)), safeTop: \(d(v.safeTop)), safeBottom: \(d(v.safeBottom))))"
        case let .swipeBegan(i, vx, vy): return ".swipeBegan(\(i), vx: \(d(vx)), vy: \(d(vy)))"
        case .swipeChanged(let tx): return ".swipeChanged(tx: \(d(tx)))"
        case let .swipeEnded(tx, vx): return ".swipeEnded(tx: \(d(tx)), vx: \(d(vx)))"
        case .swipeCancelled: return ".swipeCancelled"
        case .tapClose(let i): return ".tapClose(\(i))"
        case .flyAwayFinished(let id): return ".flyAwayFinished(\(s(id)))"
        case .save: return ".save"
        case .restoreSaved: return ".restoreSaved"
        case .restoreData(let text): return ".restoreData(\(s(text)))"
        case .newBackgroundTab: return ".newBackgroundTab"
        case .runJobs(let picks): return ".runJobs(\(picks))"
        case .advanceClock(let ms): return ".advanceClock(milliseconds: \(ms))"
        case .settle: return ".settle"
        case .background: return ".background"
        case .relaunch: return ".relaunch"
        }
    }

    public var description: String { String(swiftCode.dropFirst()) }
}

/// A Swift string literal that reproduces `s` exactly (escapes quotes, backslashes and
/// every non-printable or non-ASCII scalar, so the literal survives copy and paste).
package func swiftStringLiteral(_ s: String) -> String {
    var out = "\""
    for scalar in s.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\t": out += "\\t"
        case "\r": out += "\\r"
        default:
            if scalar.value >= 0x20 && scalar.value < 0x7F { out.unicodeScalars.append(scalar) }
            else { out += "\\u{\(String(scalar.value, radix: 16))}" }
        }
    }
    return out + "\""
}
