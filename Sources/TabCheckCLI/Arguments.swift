import Checker

/// Reads a subcommand's arguments one flag at a time. A flag given twice is an error
/// (a user must never wonder which value was used), and every error names the flag.
package struct Arguments {
    package let args: [String]
    package let command: String
    private(set) var index = 0
    private var seen: [String: String] = [:]

    package init(_ args: [String], command: String) { self.args = args; self.command = command }

    /// Short spellings, each the same flag as its long one: `-j 2 --jobs 3` is a flag given twice.
    package static let aliases = ["-h": "--help", "-q": "--quiet", "-j": "--jobs"]
    private var spelled: [String: String] = [:]

    /// The next flag, or nil at the end. Refuses a flag already seen, in either spelling.
    package mutating func nextFlag() throws(InputError) -> String? {
        guard index < args.count else { return nil }
        let flag = args[index]
        index += 1
        let name = Self.aliases[flag] ?? flag
        if let earlier = seen[name] {
            if let first = spelled[name], first != flag {
                let short = Self.aliases[first] != nil ? first : flag
                throw InputError("\(command)\(name) given twice (as \(short) too); give it once")
            }
            throw InputError("\(command)\(flag) given twice\(earlier.isEmpty ? "" : " (first \"\(earlier)\")"); give it once")
        }
        seen[name] = ""
        spelled[name] = flag
        return flag
    }

    /// The value after `flag`.
    package mutating func value(_ flag: String) throws(InputError) -> String {
        guard index < args.count else { throw InputError("\(command)\(flag) needs a value (see tabcheck \(command)--help)") }
        let v = args[index]
        index += 1
        seen[Self.aliases[flag] ?? flag] = v
        return v
    }

    /// A file or folder name: any non-empty value (`what` is "a file name", "a folder name").
    package mutating func path(_ flag: String, _ what: String) throws(InputError) -> String {
        let v = try value(flag)
        guard !v.isEmpty else { throw InputError("\(command)\(flag) needs \(what)") }
        // `--junit --json` is a forgotten value, not a file named "--json" (decisions.md, Command line and inputs); such a file
        // is still reachable as ./--json.
        if v.hasPrefix("-") && v.count > 1 {
            throw InputError("\(command)\(flag) needs \(what), got the flag \(v) (a file of that name: ./\(v))")
        }
        return v
    }

    /// A whole number in `range`.
    package mutating func int(_ flag: String, _ range: ClosedRange<Int>) throws(InputError) -> Int {
        let v = try value(flag)
        guard let n = Int(v), range.contains(n) else {
            throw InputError("\(command)\(flag) takes a whole number \(Self.describe(range)), got \"\(v)\"")
        }
        return n
    }

    /// `--start-tabs`: N or N-M new tabs before each sequence's first drawn step.
    package mutating func openings(_ flag: String) throws(InputError) -> Openings {
        let v = try value(flag)
        guard let o = Openings.tabs(v) else {
            throw InputError("\(command)\(flag) takes a number of tabs N or a range N-M, 1 ≤ N ≤ M ≤ \(Openings.maxTabs.formatted(groupingSeparator: ",")), got \"\(v)\"")
        }
        return o
    }

    /// Seconds in `0…max`.
    package mutating func seconds(_ flag: String, max: Double) throws(InputError) -> Double {
        let v = try value(flag)
        // Below a millisecond no clock here can tell it from 0 (#54: --shrink-time 1e-300 was taken).
        guard let x = Double(v), x.isFinite, x == 0 || x >= 0.001, x <= max else {
            throw InputError("\(command)\(flag) takes seconds above 0 (a millisecond at least), at most \(Int(max)), got \"\(v)\"")
        }
        return x
    }

    package func given(_ flag: String) -> Bool { seen[Self.aliases[flag] ?? flag] != nil }
    /// The value `flag` was given (nil: not given, or a flag without a value).
    package func valueOf(_ flag: String) -> String? { seen[Self.aliases[flag] ?? flag].flatMap { $0.isEmpty ? nil : $0 } }

    /// A subcommand's `--help` (or `-h`): alone, prints `usage` and answers true; with other
    /// arguments it is an error.
    package static func help(_ args: [String], command: String, usage: String) throws(InputError) -> Bool {
        guard args.contains("-h") || args.contains("--help") else { return false }
        guard args.count == 1 else { throw InputError("\(command)--help takes no other arguments") }
        print(usage)
        return true
    }

    package static func describe(_ r: ClosedRange<Int>) -> String {
        "\(r.lowerBound)…\(r.upperBound.formatted(groupingSeparator: ","))"
    }
}

extension Int {
    package func formatted(groupingSeparator sep: String) -> String {
        let digits = String(self.magnitude)
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out += sep }
            out.append(c)
        }
        return (self < 0 ? "-" : "") + out
    }
}
