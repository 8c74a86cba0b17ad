/// A viewport as actions carry it (points; may be absurd on purpose: NaN, ∞, negative).
public struct ViewportSpec: Codable, Equatable, Sendable {
    public var width, height, safeLeft, safeRight, safeTop, safeBottom: Double
    public init(width: Double, height: Double, safeLeft: Double = 0, safeRight: Double = 0,
                safeTop: Double = 0, safeBottom: Double = 0) {
        self.width = width; self.height = height; self.safeLeft = safeLeft
        self.safeRight = safeRight; self.safeTop = safeTop; self.safeBottom = safeBottom
    }
    /// The drivers' starting viewport: an iPhone 15 in portrait.
    public static let phone = ViewportSpec(width: 393, height: 852, safeTop: 59, safeBottom: 34)

    /// Field by field, NaN equal to NaN: the same viewport, so a NaN one compares equal to
    /// itself (the shrinker's fixed points depend on it).
    public static func == (a: ViewportSpec, b: ViewportSpec) -> Bool {
        same(a.width, b.width) && same(a.height, b.height) && same(a.safeLeft, b.safeLeft)
            && same(a.safeRight, b.safeRight) && same(a.safeTop, b.safeTop) && same(a.safeBottom, b.safeBottom)
    }
}

/// Equal, or both NaN.
@inline(__always) func same(_ a: Double, _ b: Double) -> Bool { a == b || (a.isNaN && b.isNaN) }

/// One user or system event, with concrete arguments (displayed indices and tab ids).
/// Codable, so replay files hold the actions themselves, not only a seed.
public enum Action: Codable, Equatable, Sendable {
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
    case setViewport(ViewportSpec)                    // L7
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

    /// The same action: equal arguments, a NaN argument equal to a NaN. (Synthesized
    /// equality would make an action with a NaN differ from itself, and a shrink pass that
    /// compares candidates would never reach a fixed point.)
    public static func == (a: Action, b: Action) -> Bool {
        switch (a, b) {
        case (.willAppear, .willAppear), (.newTab, .newTab), (.closeAll, .closeAll), (.beginSearch, .beginSearch),
             (.endSearch, .endSearch), (.cancelSearch, .cancelSearch), (.reopen, .reopen), (.swipeCancelled, .swipeCancelled),
             (.save, .save), (.restoreSaved, .restoreSaved), (.endMove, .endMove), (.cancelMove, .cancelMove):
            return true
        case let (.closeDisplayed(x), .closeDisplayed(y)), let (.select(x), .select(y)), let (.tapClose(x), .tapClose(y)),
             let (.beginMove(x), .beginMove(y)), let (.updateMove(x), .updateMove(y)):
            return x == y
        case let (.closeID(x), .closeID(y)), let (.setQuery(x), .setQuery(y)), let (.flyAwayFinished(x), .flyAwayFinished(y)),
             let (.restoreData(x), .restoreData(y)):
            return x == y
        case let (.setTitle(i, t), .setTitle(j, u)): return i == j && t == u
        case let (.move(f, t), .move(g, u)), let (.reorder(f, t), .reorder(g, u)): return f == g && t == u
        case let (.setViewport(v), .setViewport(w)): return v == w
        case let (.swipeBegan(i, x, y), .swipeBegan(j, u, v)): return i == j && same(x, u) && same(y, v)
        case let (.swipeChanged(x), .swipeChanged(y)): return same(x, y)
        case let (.swipeEnded(t, x), .swipeEnded(u, y)): return same(t, u) && same(x, y)
        default: return false
        }
    }

    /// Each kind's plainest action, in kind order: what the shrinker tries in place of a
    /// failing step of a later kind.
    public static let simplestOfEachKind: [Action] = [
        .willAppear, .newTab, .closeDisplayed(0), .closeID("t1"), .closeAll, .setQuery("a"), .beginSearch,
        .setTitle(id: "t1", title: "a"), .move(from: 0, to: 1), .select(0), .reopen, .swipeBegan(0, vx: 0, vy: 0),
        .swipeEnded(tx: 0, vx: 0), .tapClose(0), .flyAwayFinished("t1"), .save, .restoreSaved, .reorder(from: 0, to: 1), .beginMove(0),
    ]

    /// The kind, for swarm testing, weights and statistics.
    public var kind: ActionKind {
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
        }
    }
}

/// Action kinds: the unit of weights, swarm subsets and coverage statistics.
public enum ActionKind: String, CaseIterable, Codable, Sendable {
    case willAppear, newTab, closeDisplayed, closeID, closeAll, setQuery, search, setTitle, move,
         select, reopen, setViewport, swipeBegan, swipeChanged, swipeEnded, tapClose,
         flyAwayFinished, save, restoreData,
         reorder, interactiveMove   // last: the kinds before them keep their order, and the shrinker its sorting

    /// The position in the declaration: the order the shrinker sorts adjacent actions into.
    public var order: Int { Self.declared.firstIndex(of: self) ?? 0 }
    private static let declared = allCases
}

// MARK: Printing

extension Action: CustomStringConvertible {
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
            return ".setViewport(ViewportSpec(width: \(d(v.width)), height: \(d(v.height)), safeLeft: \(d(v.safeLeft)), safeRight: \(d(v.safeRight)), safeTop: \(d(v.safeTop)), safeBottom: \(d(v.safeBottom))))"
        case let .swipeBegan(i, vx, vy): return ".swipeBegan(\(i), vx: \(d(vx)), vy: \(d(vy)))"
        case .swipeChanged(let tx): return ".swipeChanged(tx: \(d(tx)))"
        case let .swipeEnded(tx, vx): return ".swipeEnded(tx: \(d(tx)), vx: \(d(vx)))"
        case .swipeCancelled: return ".swipeCancelled"
        case .tapClose(let i): return ".tapClose(\(i))"
        case .flyAwayFinished(let id): return ".flyAwayFinished(\(s(id)))"
        case .save: return ".save"
        case .restoreSaved: return ".restoreSaved"
        case .restoreData(let text): return ".restoreData(\(s(text)))"
        }
    }

    public var description: String { String(swiftCode.dropFirst()) }
}

/// A Swift string literal that reproduces `s` exactly (escapes quotes, backslashes and
/// every non-printable or non-ASCII scalar, so the literal survives copy and paste).
public func swiftStringLiteral(_ s: String) -> String {
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
