import Foundation
import Generators

/// A failing sequence on disk: the concrete actions (not only the seed), so it replays
/// after the generators change. Versioned JSON; see docs/replay-format.md.
public struct ReplayFile: Codable, Equatable, Sendable {
    public static let format = "tabcheck-replay"
    public static let currentVersion = 1

    public var format: String
    public var version: Int
    /// The sequence's own seed, hex (`0x…`): `--seed` with `--sequences 1` regenerates it.
    public var seed: String?
    public var property: String?
    public var rule: String?
    public var message: String?
    /// Implementation and oracle drivers, e.g. ["production", "reference"].
    public var compare: [String]
    public var originalSteps: Int?
    /// The policy the failure was judged by (absent: SPEC's), so a replay judges the same way.
    public var policy: Policy?
    public var actions: [Action]

    public init(seed: UInt64?, violation: Violation?, compare: [String], originalSteps: Int?, actions: [Action], policy: Policy = .spec) {
        format = Self.format
        version = Self.currentVersion
        self.seed = seed.map(hex)
        property = violation?.property.rawValue
        rule = violation?.rule
        message = violation?.message
        self.compare = compare
        self.originalSteps = originalSteps
        self.policy = policy == .spec ? nil : policy
        self.actions = actions
    }

    public func encoded() -> Data {
        let e = JSONEncoder()
        e.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        e.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return (try? e.encode(self)) ?? Data()
    }

    /// Limits on what is read: a replay file holds a shrunk sequence (a few dozen actions)
    /// or at most a campaign's longest (`--max-steps` ≤ 100,000); anything larger is refused
    /// before it is parsed.
    public static let maxBytes = 16 << 20
    public static let maxActions = 100_000

    /// Reads a replay file; every problem names the file and the field.
    public static func load(_ url: URL) throws(InputError) -> ReplayFile {
        let data = try InputFile.read(url.path, what: "replay file", limit: maxBytes)
        return try decode(data, name: url.path)
    }

    public static func decode(_ data: Data, name: String) throws(InputError) -> ReplayFile {
        guard data.count <= maxBytes else { throw InputError("\(name): \(data.count) bytes, over the replay-file limit of \(maxBytes) bytes") }
        let d = JSONDecoder()
        d.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        let file: ReplayFile
        do { file = try d.decode(ReplayFile.self, from: data) } catch let e as DecodingError {
            if case .dataCorrupted(let c) = e, c.codingPath.isEmpty {
                throw InputError("\(name): not a valid replay file: \(JSONDiagnosis.explain(data))")
            }
            throw InputError("\(name): not a valid replay file: \(describe(e))")
        } catch {
            throw InputError("\(name): not a valid replay file: \(error)")
        }
        guard file.format == format else { throw InputError("\(name): field \"format\" is \"\(file.format)\", expected \"\(format)\"") }
        guard file.version == currentVersion else {
            throw InputError("\(name): field \"version\" is \(file.version); this tabcheck reads version \(currentVersion)")
        }
        guard file.compare.count == 2 else { throw InputError("\(name): field \"compare\" must name two drivers, got \(file.compare)") }
        guard !file.actions.isEmpty else { throw InputError("\(name): field \"actions\" is empty; a replay file holds a failing sequence") }
        guard file.actions.count <= maxActions else {
            throw InputError("\(name): field \"actions\" holds \(file.actions.count) actions, over the limit of \(maxActions)")
        }
        return file
    }
}

/// Bad input from the user: a flag, a file, a field. Reported on one line, exit 2.
public struct InputError: Error, Sendable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

package func hex(_ x: UInt64) -> String { "0x" + String(x, radix: 16) }

func describe(_ e: DecodingError) -> String {
    func path(_ p: [any CodingKey]) -> String {
        p.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined().trimmingPrefixDot()
    }
    switch e {
    case let .keyNotFound(k, c): return "missing field \"\(k.stringValue)\" at \(path(c.codingPath).isEmpty ? "top level" : path(c.codingPath))"
    case let .typeMismatch(t, c): return "field \(path(c.codingPath)) should be \(t)"
    case let .valueNotFound(t, c): return "field \(path(c.codingPath)) is null, expected \(t)"
    case let .dataCorrupted(c): return "\(path(c.codingPath).isEmpty ? "" : "at \(path(c.codingPath)): ")\(c.debugDescription)"
    @unknown default: return "\(e)"
    }
}

extension String {
    func trimmingPrefixDot() -> String { hasPrefix(".") ? String(dropFirst()) : self }
}
