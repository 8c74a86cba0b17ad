import Foundation
import Generators
import TabGridCore

/// A failing sequence on disk: the concrete actions (not only the seed), so it replays
/// after the generators change. Versioned JSON; see docs/replay-format.md.
package struct ReplayFile: Codable, Equatable, Sendable {
    package static let format = "tabcheck-replay"
    package static let currentVersion = 1

    package var format: String
    package var version: Int
    /// The sequence's own seed, hex (`0x…`): `--seed` with `--sequences 1` regenerates it.
    package var seed: String?
    package var property: String?
    package var rule: String?
    package var message: String?
    /// Implementation and oracle drivers, e.g. ["production", "reference"].
    package var compare: [String]
    package var originalSteps: Int?
    /// The policy the failure was judged by (absent: SPEC's), so a replay judges the same way.
    package var policy: Policy?
    /// The configuration of the build that recorded it ("debug" or "release"), for a sequence
    /// with schedule steps only: their picks name jobs as that configuration enqueues them
    /// (`BuildConfiguration`). Absent otherwise (a synchronous model's steps mean the same in both).
    package var build: String?
    /// The flags that added a driver in another process (`--wire COMMAND`, `--against REV …`),
    /// for a failure found through one: replayed under other ones, or by the failure database
    /// under other ones, it is not judged (#54's third audit: any `--wire` program passed for
    /// the one that failed, and its failure was moved to fixed/). Absent: in-process drivers.
    package var remote: [String]?
    package var actions: [Action]

    /// What `init` records in `remote`: set once, by the command line, to its flags.
    nonisolated(unsafe) package static var recordedRemote: [String]?

    package init(seed: UInt64?, violation: Violation?, compare: [String], originalSteps: Int?, actions: [Action], policy: Policy = .spec) {
        format = Self.format
        version = Self.currentVersion
        self.seed = seed.map(hex)
        property = violation?.property.rawValue
        rule = violation?.rule
        message = violation?.message
        self.compare = compare
        self.originalSteps = originalSteps
        self.policy = policy == .spec ? nil : policy
        build = actions.contains { Capability.needed(by: $0.kind) == .appLifecycle } ? BuildConfiguration.current : nil
        remote = Self.recordedRemote
        self.actions = actions
    }

    package func encoded() -> Data {
        let e = ActionCoding.encoder()
        e.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try? e.encode(self)) ?? Data()
    }

    /// Limits on what is read: a replay file holds a shrunk sequence (a few dozen actions)
    /// or at most a campaign's longest (`--max-steps` ≤ 100,000); anything larger is refused
    /// before it is parsed.
    package static let maxBytes = 16 << 20
    package static let maxActions = 100_000

    /// Reads the replay file at `path` (an empty path is refused: as a URL it is the current folder).
    package static func load(path: String, flag: String = "--replay") throws(InputError) -> ReplayFile {
        guard !path.isEmpty else { throw InputError("\(flag) takes a replay file; got an empty path") }
        return try load(URL(fileURLWithPath: path))
    }

    /// Reads a replay file; every problem names the file and the field.
    package static func load(_ url: URL) throws(InputError) -> ReplayFile {
        let data = try InputFile.read(url.path, what: "replay file", limit: maxBytes)
        return try decode(data, name: url.path)
    }

    package static func decode(_ data: Data, name: String) throws(InputError) -> ReplayFile {
        guard data.count <= maxBytes else { throw InputError("\(name): \(data.count) bytes, over the replay-file limit of \(maxBytes) bytes") }
        // Strictly first (decisions.md, Command line and inputs): a key twice, a lone surrogate, a number out of range are named here.
        let top = try StrictJSON.parse([UInt8](data), name: name)
        guard case .object = top else {
            throw InputError("\(name): not a replay file: it holds \(top.words), not the object tabcheck writes ({\"format\": …, \"version\": …, \"compare\": …, \"actions\": […]})")
        }
        // The policy as a policy file is read: a misspelt knob or a limit out of range is refused.
        let policy = try top["policy"].flatMap { p throws(InputError) in p == .null ? nil : try PolicyFile.parse(p, source: name, where: "field \"policy\": ") }
        let d = ActionCoding.decoder()
        var file: ReplayFile
        do { file = try d.decode(ReplayFile.self, from: data) } catch let e as DecodingError {
            throw InputError("\(name): not a valid replay file: \(describe(e, in: top))")
        } catch {
            throw InputError("\(name): not a valid replay file: \(error)")
        }
        // Every field the file holds was read (#54): Codable passes over an unknown key without a word.
        if let again = try? StrictJSON.parse([UInt8](file.encoded()), name: name),
           let field = top.firstIgnoredField(understood: again, skipping: ["policy"]) {
            throw InputError("\(name): field \"\(field)\": \(Self.ignoredWhy(field)); remove it or correct its name")
        }
        file.policy = policy == .spec ? nil : policy
        if let b = file.build, !BuildConfiguration.all.contains(b) {
            throw InputError("\(name): field \"build\" is \"\(b.prefix(40))\", expected \"debug\" or \"release\"")
        }
        guard file.format == format else { throw InputError("\(name): field \"format\" is \"\(file.format)\", expected \"\(format)\"") }
        guard file.version == currentVersion else {
            throw InputError("\(name): field \"version\" is \(file.version); this tabcheck reads version \(currentVersion)")
        }
        guard file.compare.count == 2 else { throw InputError("\(name): field \"compare\" must name two drivers, got \(file.compare)") }
        // Empty only for a failure before the first step (the drivers start apart, decisions.md, Reports): its
        // original sequence was empty too.
        guard !file.actions.isEmpty || file.originalSteps == 0 else {
            throw InputError("\(name): field \"actions\" is empty; a replay file holds a failing sequence (empty only with \"originalSteps\": 0, a failure before the first step)")
        }
        guard file.actions.count <= maxActions else {
            throw InputError("\(name): field \"actions\" holds \(file.actions.count) actions, over the limit of \(maxActions)")
        }
        if let problem = textOverLimit(file.actions) { throw InputError("\(name): \(problem)") }
        return file
    }

    /// Why a field is unknown, in words: an action's argument, or a field of the file.
    static func ignoredWhy(_ field: String) -> String {
        let parts = field.split(separator: ".")
        guard parts.count >= 3, parts[0].hasPrefix("actions[") else {
            return "not a field of a replay file, which holds format, version, seed, property, rule, message, compare, originalSteps, policy, build, remote and actions"
        }
        return "\(parts[1]) takes no argument \"\(parts[2])\" (an action's arguments are as tabcheck writes them, docs/replay-format.md)"
    }

    /// The longest query, title (in Unicode scalars) and restored text (in bytes) a replay may hold (decisions.md, Isolation and traps). F1's search
    /// tries the query at every place in a title, in both models; a 100,000-character query
    /// against a 200,000-character title ran for minutes, and a file in the failure database
    /// would block every later run. A search field's query and a page's title are far
    /// shorter; generated ones are under 40 characters.
    package static let maxQuery = 256
    package static let maxTitle = 4_096
    /// A restore holds what the run restored: 10,000 start tabs made one of 442 KB, and a file the
    /// tool wrote must be one it reads (#54's fourth audit: 64 KB refused its own shrunk failure,
    /// and the database was jammed). Half the file's own limit.
    package static let maxRestoreBytes = 8 << 20

    /// The first action whose text is over its limit, in words.
    static func textOverLimit(_ actions: [Action]) -> String? {
        for (i, a) in actions.enumerated() {
            switch a {
            // Counted in scalars, not Characters: one Character can hold thousands of combining
            // marks (a title of 4,000 such was 3.4 MB within a Character limit, decisions.md, Command line and inputs).
            case .setQuery(let q) where q.unicodeScalars.count > maxQuery:
                return "action \(i + 1), setQuery, holds a query of \(q.unicodeScalars.count) Unicode scalars, over the limit of \(maxQuery) (the search's work grows with query × title)"
            case .setTitle(_, let t) where t.unicodeScalars.count > maxTitle:
                return "action \(i + 1), setTitle, holds a title of \(t.unicodeScalars.count) Unicode scalars, over the limit of \(maxTitle)"
            case .closeID(let id) where id.unicodeScalars.count > maxTitle, .flyAwayFinished(let id) where id.unicodeScalars.count > maxTitle,
                 .setTitle(let id, _) where id.unicodeScalars.count > maxTitle:
                return "action \(i + 1), \(a.kind), holds a tab id of \(id.unicodeScalars.count) Unicode scalars, over the limit of \(maxTitle)"
            case .restoreData(let text) where text.utf8.count > maxRestoreBytes:
                return "action \(i + 1), restoreData, holds \(text.utf8.count) bytes of session text, over the limit of \(maxRestoreBytes)"
            case .willAppear, .newTab, .closeDisplayed, .closeID, .closeAll, .setQuery, .beginSearch, .endSearch,
                 .cancelSearch, .setTitle, .move, .select, .reopen, .setViewport, .swipeBegan, .swipeChanged,
                 .swipeEnded, .swipeCancelled, .tapClose, .flyAwayFinished, .save, .restoreSaved, .restoreData,
                 .reorder, .beginMove, .updateMove, .endMove, .cancelMove, .newBackgroundTab, .runJobs, .advanceClock, .settle, .background, .relaunch: continue
            }
        }
        return nil
    }
}

/// Bad input from the user: a flag, a file, a field. Reported on one line, exit 2.
package struct InputError: Error, Sendable, CustomStringConvertible {
    package let message: String
    package init(_ message: String) { self.message = message }
    package var description: String { message }
}

package func hex(_ x: UInt64) -> String { "0x" + String(x, radix: 16) }

/// A Swift type as a replay file's reader expects it, in words.
func jsonWords(_ t: Any.Type) -> String {
    switch t {
    case is Int.Type, is Int64.Type, is UInt64.Type, is UInt32.Type: return "a whole number"
    case is Double.Type, is Float.Type: return "a number"
    case is String.Type: return "a string"
    case is Bool.Type: return "true or false"
    case is Action.Type: return "one action, an object with one key naming its kind (\(ActionKind.allCases.prefix(4).map { "\"\($0)\"" }.joined(separator: ", ")) …)"
    case is ViewportSpec.Type: return "a viewport, an object of width, height and safe-area insets"
    default:
        // Never a Swift type's name (decisions.md, Command line and inputs): say its shape.
        let name = "\(t)"
        return name.hasPrefix("Array") ? "an array" : name.hasPrefix("Optional") ? "a value or null" : "an object"
    }
}

package func describe(_ e: DecodingError, in top: JSONValue? = nil) -> String {
    func path(_ p: [any CodingKey]) -> String {
        p.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined().trimmingPrefixDot()
    }
    /// The value at a coding path of the parsed file, if it can be found.
    func value(at p: [any CodingKey]) -> JSONValue? {
        var v = top
        for k in p {
            if let i = k.intValue, case .array(let items)? = v { v = i < items.count ? items[i] : nil } else { v = v?[k.stringValue] }
        }
        return v
    }
    switch e {
    case let .keyNotFound(k, c): return "missing field \"\(k.stringValue)\" at \(path(c.codingPath).isEmpty ? "top level" : path(c.codingPath))"
    case let .typeMismatch(t, c):
        return "field \"\(path(c.codingPath))\" should be \(jsonWords(t))" + (value(at: c.codingPath).map { ", got \($0.words)" } ?? "")
    case let .valueNotFound(t, c): return "field \"\(path(c.codingPath))\" is null, expected \(jsonWords(t))"
    case let .dataCorrupted(c):
        // Foundation's words name Swift types ("Cannot initialize ActiveAfterClose from …"): say the field and its value.
        guard let v = value(at: c.codingPath), !c.codingPath.isEmpty else {
            // Foundation names no field for a fraction where a whole number belongs: find it.
            if let top, let (p, n) = firstFraction(in: top, path: "") { return "field \"\(p.trimmingPrefixDot())\" should be a whole number, got \(n.words)" }
            return "a field holds a value of the wrong kind"
        }
        if case .number(let n) = v, n.contains(where: { ".eE".contains($0) }) { return "field \"\(path(c.codingPath))\" should be a whole number, got \(v.words)" }
        return "field \"\(path(c.codingPath))\" cannot hold \(v.words)"
    @unknown default: return "\(e)"
    }
}

/// The first number with a point or an exponent in a field that takes a whole number (every
/// field but a viewport's sizes and a swipe's offsets and velocities).
func firstFraction(in v: JSONValue, path: String) -> (String, JSONValue)? {
    // (And a --json summary's times and rates, read by merge: a fraction there is no error to name.)
    let fractional: Set<String> = ["width", "height", "safeLeft", "safeRight", "safeTop", "safeBottom", "vx", "vy", "tx",
                                   "elapsed", "stepsPerSecond", "secondsToFailure", "shrinkSeconds", "seconds", "timeLimit"]
    switch v {
    case .number(let n) where n.contains(where: { ".eE".contains($0) }):
        let last = path.split(separator: ".").last.map(String.init) ?? ""
        return fractional.contains(last) ? nil : (path, v)
    case .array(let items):
        for (i, item) in items.enumerated() { if let f = firstFraction(in: item, path: path + "[\(i)]") { return f } }
        return nil
    case .object(let fields):
        for (k, item) in fields { if let f = firstFraction(in: item, path: path + "." + k) { return f } }
        return nil
    default: return nil
    }
}

extension String {
    func trimmingPrefixDot() -> String { hasPrefix(".") ? String(dropFirst()) : self }
}
