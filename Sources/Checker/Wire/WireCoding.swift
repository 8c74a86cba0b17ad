import Foundation
import Generators

/// The wire protocol's values (docs/wire-protocol.md): an observation, a step's outcome and
/// a view update as JSON objects a program in any language can write. Actions and viewports
/// travel as replay files hold them (`ActionCoding`: NaN and ±∞ as "nan", "inf", "-inf").
/// Every field but the tabs may be left out: it then takes `GridObservation()`'s value.
package enum WireCoding {
    /// The protocol this build speaks; a program answering another is refused at `hello`.
    package static let version = 1

    package struct Layout: Codable {
        package var tooSmall: Bool
        package var columns, itemWidth, itemHeight, insetTop, insetLeft, insetBottom, insetRight: Double?
    }
    package struct Moving: Codable { var tab: String; var target: Int }

    /// `GridObservation` as it crosses the wire.
    package struct WireObservation: Codable {
        package var tabIDs: [String]
        package var titles: [String]
        package var displayed: [String]?
        package var query: String?
        package var active: String?
        package var cancelVisible, closeAllEnabled: Bool?
        package var swipeHolder: String?
        package var swipeOffset, swipeScale: Double?
        package var swipeAbove, scrollEnabled: Bool?
        package var pending: [String]?
        package var layout: Layout?
        package var closedCount: Int?
        package var newestClosed: [String]?
        package var identifiers: [String]?
        package var moving: Moving?

        package init(_ o: Observation) {
            tabIDs = o.tabIDs; titles = o.titles; displayed = o.displayed; query = o.query; active = o.active
            cancelVisible = o.cancelVisible; closeAllEnabled = o.closeAllEnabled; swipeHolder = o.swipeHolder
            swipeOffset = o.swipeOffset; swipeScale = o.swipeScale; swipeAbove = o.swipeAbove; scrollEnabled = o.scrollEnabled
            pending = o.pending; closedCount = o.closedCount; newestClosed = o.newestClosed; identifiers = o.identifiers
            moving = o.moving.map { Moving(tab: $0.tab, target: $0.target) }
            let l = o.layout
            layout = Layout(tooSmall: l.tooSmall, columns: l.columns, itemWidth: l.itemWidth, itemHeight: l.itemHeight,
                            insetTop: l.insetTop, insetLeft: l.insetLeft, insetBottom: l.insetBottom, insetRight: l.insetRight)
        }

        /// What JSON's types cannot say: two parallel arrays of one length.
        package func validate() throws(WireError) {
            guard tabIDs.count == titles.count else { throw WireError("an observation with \(tabIDs.count) tabIDs and \(titles.count) titles (parallel arrays, one per tab)") }
            if let d = displayed, d.count > tabIDs.count { throw WireError("an observation displaying \(d.count) tabs of \(tabIDs.count)") }
        }

        package var observation: Observation {
            var o = Observation()
            o.tabIDs = tabIDs; o.titles = titles; o.displayed = displayed ?? tabIDs; o.query = query ?? ""; o.active = active
            o.cancelVisible = cancelVisible ?? false; o.closeAllEnabled = closeAllEnabled ?? !tabIDs.isEmpty
            o.swipeHolder = swipeHolder; o.swipeOffset = swipeOffset ?? 0; o.swipeScale = swipeScale ?? 1
            o.swipeAbove = swipeAbove ?? false; o.scrollEnabled = scrollEnabled ?? true; o.pending = pending ?? []
            o.closedCount = closedCount ?? 0; o.newestClosed = newestClosed ?? []; o.identifiers = identifiers
            o.moving = moving.map { (tab: $0.tab, target: $0.target) }
            if let l = layout {
                o.layout = Observation.Layout(tooSmall: l.tooSmall, columns: l.columns ?? 0, itemWidth: l.itemWidth ?? 0, itemHeight: l.itemHeight ?? 0,
                                              insetTop: l.insetTop ?? 0, insetLeft: l.insetLeft ?? 0, insetBottom: l.insetBottom ?? 0,
                                              insetRight: l.insetRight ?? 0)
            }
            return o
        }
    }

    /// A view update: "none", "reload", {"reloadItems": [i…]} or
    /// {"batch": {"deletes": [i…], "inserts": [i…], "moves": [[from, to]…]}}.
    package enum WireUpdate: Codable {
        case named(String)
        case reloadItems([Int])
        case batch(deletes: [Int], inserts: [Int], moves: [[Int]])

        private enum Keys: String, CodingKey { case reloadItems, batch }
        private struct Batch: Codable { var deletes: [Int]?; var inserts: [Int]?; var moves: [[Int]]? }

        package init(_ u: ViewUpdate) {
            switch u {
            case .none: self = .named("none")
            case .reload: self = .named("reload")
            case .reloadItems(let i): self = .reloadItems(i)
            case let .batch(d, i, m): self = .batch(deletes: d, inserts: i, moves: m.map { [$0.from, $0.to] })
            }
        }
        package init(from decoder: Decoder) throws {
            if let s = try? decoder.singleValueContainer().decode(String.self) { self = .named(s); return }
            let c = try decoder.container(keyedBy: Keys.self)
            if let i = try c.decodeIfPresent([Int].self, forKey: .reloadItems) { self = .reloadItems(i); return }
            let b = try c.decode(Batch.self, forKey: .batch)
            self = .batch(deletes: b.deletes ?? [], inserts: b.inserts ?? [], moves: b.moves ?? [])
        }
        package func encode(to encoder: Encoder) throws {
            switch self {
            case .named(let s): var c = encoder.singleValueContainer(); try c.encode(s)
            case .reloadItems(let i): var c = encoder.container(keyedBy: Keys.self); try c.encode(i, forKey: .reloadItems)
            case let .batch(d, i, m): var c = encoder.container(keyedBy: Keys.self); try c.encode(Batch(deletes: d, inserts: i, moves: m), forKey: .batch)
            }
        }
        func update() throws -> ViewUpdate {
            switch self {
            case .named("none"): return .none
            case .named("reload"): return .reload
            case .named(let s): throw WireError("update \"\(s.prefix(40))\" is none of \"none\", \"reload\", {\"reloadItems\": …}, {\"batch\": …}")
            case .reloadItems(let i): return .reloadItems(i)
            case let .batch(d, i, m):
                guard m.allSatisfy({ $0.count == 2 }) else { throw WireError("a batch's moves are pairs [from, to]") }
                return .batch(deletes: d, inserts: i, moves: m.map { (from: $0[0], to: $0[1]) })
            }
        }
    }

    /// `GridStepOutcome` as it crosses the wire.
    package struct WireOutcome: Codable {
        package var rejected: String?
        package var update: WireUpdate?
        package var closeAllSent: Bool?
        package var flyAwayDuration: Double?
        package var reconfigured: [String]?
        package var crashed: String?

        package init(_ o: StepOutcome) {
            rejected = o.rejected; update = WireUpdate(o.update); closeAllSent = o.closeAllSent
            flyAwayDuration = o.flyAwayDuration; reconfigured = o.reconfigured; crashed = o.crashed
        }
        package func outcome() throws -> StepOutcome {
            StepOutcome(rejected: rejected, update: try update?.update() ?? .none, closeAllSent: closeAllSent,
                        flyAwayDuration: flyAwayDuration, reconfigured: reconfigured, crashed: crashed)
        }
    }

    /// What the checker sends: one object per line.
    package struct Request: Codable {
        package var op: String
        package var `protocol`: Int?
        package var viewport: ViewportSpec?
        package var action: Action?
        package var actions: [Action]?
    }

    /// What a program answers: one object per line, the fields its request asks for.
    package struct Reply: Codable {
        package init(error: String? = nil) { self.error = error }
        package var `protocol`: Int?
        package var name: String?
        package var capabilities: [String]?
        package var storage: Bool?
        package var outcome: WireOutcome?
        package var observation: WireObservation?
        /// `roundTrip`'s answer: nothing saved (absent or null), an observation, or an error.
        package var restored: WireObservation?
        package var restoreError: String?
        package var storageProblem: String?
        package var steps: [Step]?
        package var error: String?
    }

    /// One step of a `run` answer.
    package struct Step: Codable {
        package init(outcome: WireOutcome, observation: WireObservation) { self.outcome = outcome; self.observation = observation }
        package var outcome: WireOutcome
        package var observation: WireObservation
        package var restored: WireObservation?
        package var restoreError: String?
        package var storageProblem: String?
    }

    /// One message as a line: keys sorted, so the same message is the same bytes everywhere.
    package static func line(_ value: some Encodable) -> [UInt8] {
        let e = ActionCoding.encoder()
        e.outputFormatting = [.sortedKeys]
        return ((try? e.encode(value)).map(Array.init) ?? Array("{}".utf8)) + [10]
    }

    static func reply(_ bytes: ArraySlice<UInt8>) throws -> Reply {
        do { return try ActionCoding.decoder().decode(Reply.self, from: Data(bytes)) } catch {
            throw WireError("a reply that is not the protocol's JSON (\(WireError.describe(error))): \(String(decoding: bytes.prefix(120), as: UTF8.self))")
        }
    }
}

/// Something the program on the other end did wrong, in one line.
package struct WireError: Error, Sendable, CustomStringConvertible {
    package let message: String
    package init(_ message: String) { self.message = message }
    package var description: String { message }

    /// A decoding error as the field it is about and what was wrong.
    package static func describe(_ error: Error) -> String {
        guard let e = error as? DecodingError else { return "\(error)" }
        func path(_ c: DecodingError.Context) -> String {
            let p = c.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
            return p.isEmpty ? "" : "field \(p): "
        }
        switch e {
        case .keyNotFound(let k, let c): return "\(path(c))\"\(k.stringValue)\" is missing"
        // The expected shape in words, never a Swift type's name.
        case .typeMismatch(let t, let c), .valueNotFound(let t, let c): return "\(path(c))expected \(jsonWords(t))"
        case .dataCorrupted(let c): return "\(path(c))\(c.debugDescription)"
        @unknown default: return "\(e)"
        }
    }
}
