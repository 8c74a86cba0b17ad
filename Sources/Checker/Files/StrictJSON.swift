/// JSON as the user wrote it, read strictly (decisions.md, Command line and inputs). Foundation's reader cannot tell `0` and `1`
/// from `false` and `true` on Linux, keeps the last of two equal keys, and says only "not valid
/// JSON" for a number out of range or nesting too deep; every input file (policy, replay) is
/// read here first, so those are found once, for every field, with the place in words.
package indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    /// A number as written (`0`, `-1.5e3`): whether it is a whole number is the reader's to say.
    case number(String)
    case string(String)
    case array([JSONValue])
    /// Keys in the order written; no key twice.
    case object([(key: String, value: JSONValue)])

    package static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case let (.bool(x), .bool(y)): return x == y
        case let (.number(x), .number(y)): return x == y
        case let (.string(x), .string(y)): return x == y
        case let (.array(x), .array(y)): return x == y
        case let (.object(x), .object(y)): return x.map(\.key) == y.map(\.key) && x.map(\.value) == y.map(\.value)
        default: return false
        }
    }

    /// The value in words, for messages: "the number 1.5", "true", "the string \"5\"", "an array".
    package var words: String {
        switch self {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return "the number \(n.prefix(40))"
        case .string(let s): return "the string \"\(s.prefix(40))\""
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// The field of an object, if this is one and has it.
    package subscript(key: String) -> JSONValue? {
        guard case .object(let fields) = self else { return nil }
        return fields.first { $0.key == key }?.value
    }

    /// A whole number in `range`, or nil (a fraction, an exponent, a bool, a string are not).
    package func wholeNumber(in range: ClosedRange<Int>) -> Int? {
        guard case .number(let text) = self, let n = Int(text), range.contains(n) else { return nil }
        return n
    }
}

extension JSONValue {
    /// The first field of this value (a file as written) that `understood` (the same file as
    /// its reader decoded it, encoded again) lacks: a field the reader passed over in silence —
    /// a misspelt or unknown argument of an action (#54: `{"newTab": {"extra": 1}}` replayed as
    /// a bare new tab and was called fixed). A field written as null that the encoding leaves out
    /// is no loss; `skipping` names top-level fields read by a reader of their own.
    package func firstIgnoredField(understood: JSONValue, path: String = "", skipping: Set<String> = []) -> String? {
        switch (self, understood) {
        case let (.object(fields), .object):
            for (key, value) in fields where !(path.isEmpty && skipping.contains(key)) {
                let here = path.isEmpty ? key : path + "." + key
                guard let other = understood[key] else {
                    if value == .null { continue }
                    return here
                }
                if let deeper = value.firstIgnoredField(understood: other, path: here) { return deeper }
            }
            return nil
        case let (.array(items), .array(others)):
            for (i, (item, other)) in zip(items, others).enumerated() {
                if let deeper = item.firstIgnoredField(understood: other, path: path + "[\(i)]") { return deeper }
            }
            return nil
        default: return nil
        }
    }
}

package enum StrictJSON {
    /// The deepest nesting read (Foundation's limit too).
    package static let maxDepth = 512

    /// Parses `bytes` as one JSON value; every problem is an `InputError` that says what and
    /// where ("line 3, column 7"), prefixed by `name`.
    package static func parse(_ bytes: [UInt8], name: String) throws(InputError) -> JSONValue {
        var r = Reader(bytes: bytes)
        do throws(Problem) {
            r.skipSpace()
            let v = try r.value(depth: 0)
            r.skipSpace()
            guard r.at == bytes.count else { throw r.problem("text after the JSON value") }
            return v
        } catch let p {
            throw InputError("\(name): not valid JSON: \(p.what) (line \(p.line), column \(p.column))")
        }
    }

    struct Problem: Error { let what: String; let line: Int; let column: Int }

    struct Reader {
        let bytes: [UInt8]
        var at = 0

        func problem(_ what: String, at place: Int? = nil) -> Problem {
            let end = min(place ?? at, bytes.count)
            var line = 1, start = 0
            for i in 0..<end where bytes[i] == 0x0A { line += 1; start = i + 1 }
            return Problem(what: what, line: line, column: end - start + 1)
        }

        var next: UInt8? { at < bytes.count ? bytes[at] : nil }

        mutating func skipSpace() {
            while let b = next, b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 { at += 1 }
        }

        mutating func value(depth: Int) throws(Problem) -> JSONValue {
            guard depth < StrictJSON.maxDepth else { throw problem("nesting too deep (more than \(StrictJSON.maxDepth) levels of arrays or objects)") }
            guard let b = next else { throw problem(at == 0 ? "the file is empty" : "the text ends where a value belongs") }
            switch b {
            case UInt8(ascii: "{"): return try object(depth: depth)
            case UInt8(ascii: "["): return try array(depth: depth)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                // A word: true, false, null — or text outside quotes, named as it stands.
                let word = bytes[at...].prefix { ($0 | 0x20) >= UInt8(ascii: "a") && ($0 | 0x20) <= UInt8(ascii: "z") }
                switch String(decoding: word, as: UTF8.self) {
                case "true": at += 4; return .bool(true)
                case "false": at += 5; return .bool(false)
                case "null": at += 4; return .null
                case let other: throw problem("the word \"\(other.prefix(40))\" is not a JSON value (text outside quotes; is this a log or another file?)")
                }
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
            case 0xEF where at == 0: throw problem("the file starts with a byte-order mark; save it as UTF-8 without one")
            default:
                let word = bytes[at...].prefix { $0 > 0x20 && !"{}[],:\"".utf8.contains($0) }.prefix(40)
                let isWord = word.allSatisfy { ($0 | 0x20) >= UInt8(ascii: "a") && ($0 | 0x20) <= UInt8(ascii: "z") }
                throw problem("\(isWord ? "the word " : "")\"\(String(decoding: word, as: UTF8.self))\" is not a JSON value (text outside quotes; is this a log or another file?)")
            }
        }

        mutating func object(depth: Int) throws(Problem) -> JSONValue {
            at += 1
            var fields: [(key: String, value: JSONValue)] = []
            var seen: [String: Int] = [:]
            skipSpace()
            if next == UInt8(ascii: "}") { at += 1; return .object(fields) }
            while true {
                skipSpace()
                let keyAt = at
                guard next == UInt8(ascii: "\"") else { throw problem("expected a field name in quotes") }
                let key = try string()
                if seen[key] != nil { throw problem("field \"\(key.prefix(40))\" appears twice in one object", at: keyAt) }
                seen[key] = fields.count
                skipSpace()
                guard next == UInt8(ascii: ":") else { throw problem("expected : after the field name \"\(key.prefix(40))\"") }
                at += 1
                skipSpace()
                fields.append((key, try value(depth: depth + 1)))
                skipSpace()
                if next == UInt8(ascii: ",") { at += 1; continue }
                if next == UInt8(ascii: "}") { at += 1; return .object(fields) }
                throw problem("expected , or } after the value of \"\(key.prefix(40))\"")
            }
        }

        mutating func array(depth: Int) throws(Problem) -> JSONValue {
            at += 1
            var items: [JSONValue] = []
            skipSpace()
            if next == UInt8(ascii: "]") { at += 1; return .array(items) }
            while true {
                skipSpace()
                items.append(try value(depth: depth + 1))
                skipSpace()
                if next == UInt8(ascii: ",") { at += 1; continue }
                if next == UInt8(ascii: "]") { at += 1; return .array(items) }
                throw problem("expected , or ] in an array")
            }
        }

        /// `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`, in range for a 64-bit number.
        mutating func number() throws(Problem) -> String {
            let start = at
            func digits() -> Int { let s = at; while let b = next, b >= 0x30 && b <= 0x39 { at += 1 }; return at - s }
            if next == UInt8(ascii: "-") { at += 1 }
            let intStart = at
            let n = digits()
            guard n > 0, n == 1 || bytes[intStart] != 0x30 else { throw problem("a number with no digits or a leading zero", at: start) }
            var whole = true
            if next == UInt8(ascii: ".") { at += 1; whole = false; guard digits() > 0 else { throw problem("a number with no digits after the point", at: start) } }
            if next == UInt8(ascii: "e") || next == UInt8(ascii: "E") {
                at += 1; whole = false
                if next == UInt8(ascii: "+") || next == UInt8(ascii: "-") { at += 1 }
                guard digits() > 0 else { throw problem("a number with no digits in its exponent", at: start) }
            }
            if let b = next, b > 0x20 && !",]}".utf8.contains(b) {
                let token = bytes[start...].prefix { $0 > 0x20 && !",]}".utf8.contains($0) }.prefix(40)
                throw problem("\"\(String(decoding: token, as: UTF8.self))\" is not a number (is this a log or another file?)", at: start)
            }
            let text = String(decoding: bytes[start..<at], as: UTF8.self)
            if whole, Int(text) == nil { throw problem("the number \(text.prefix(40)) is out of range (whole numbers here are 64-bit: ±9223372036854775807)", at: start) }
            if !whole, let x = Double(text), !x.isFinite { throw problem("the number \(text.prefix(40)) is out of range for a 64-bit float", at: start) }
            // Too small for a 64-bit float: it would be read as 0, and Foundation refuses it with no place.
            if !whole, Double(text) == 0, text.prefix(while: { $0 != "e" && $0 != "E" }).contains(where: { ("1"..."9").contains($0) }) {
                throw problem("the number \(text.prefix(40)) is too small for a 64-bit float (it would be read as 0)", at: start)
            }
            return text
        }

        /// A string's contents, gathered as UTF-8 bytes and made a `String` once (appending to
        /// a String scalar by scalar copied it at every escape: quadratic on a title of escapes).
        mutating func string() throws(Problem) -> String {
            let start = at
            at += 1
            var out: [UInt8] = []
            while true {
                guard let b = next else { throw problem("a string that never ends", at: start) }
                if b == UInt8(ascii: "\"") { at += 1; return String(decoding: out, as: UTF8.self) }
                if b < 0x20 { throw problem("a control character (byte \(b)) inside a string; write it as an escape such as \\n") }
                if b >= 0x80 {
                    guard let len = utf8Length(at) else { throw problem("bytes that are not UTF-8 inside a string") }
                    out.append(contentsOf: bytes[at..<(at + len)])
                    at += len
                    continue
                }
                guard b == UInt8(ascii: "\\") else { out.append(b); at += 1; continue }
                at += 1
                guard let e = next else { throw problem("a string that never ends", at: start) }
                at += 1
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"): out.append(contentsOf: String(Character(try escapedScalar())).utf8)
                default: throw problem("\\\(Unicode.Scalar(e)) is not an escape JSON knows", at: at - 2)
                }
            }
        }

        /// After `\u`: four hex digits, a surrogate pair as two escapes.
        mutating func escapedScalar() throws(Problem) -> Unicode.Scalar {
            let escapeAt = at - 2
            let high = try hex4()
            if (0xD800...0xDBFF).contains(high) {
                guard at + 1 < bytes.count, bytes[at] == UInt8(ascii: "\\"), bytes[at + 1] == UInt8(ascii: "u") else {
                    throw problem("a lone surrogate \\u\(String(high, radix: 16)) (half of a character)", at: escapeAt)
                }
                at += 2
                let low = try hex4()
                guard (0xDC00...0xDFFF).contains(low) else { throw problem("a lone surrogate \\u\(String(high, radix: 16)) (half of a character)", at: escapeAt) }
                return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
            }
            guard let s = Unicode.Scalar(high) else { throw problem("a lone surrogate \\u\(String(high, radix: 16)) (half of a character)", at: escapeAt) }
            return s
        }

        mutating func hex4() throws(Problem) -> UInt32 {
            guard at + 4 <= bytes.count, let v = UInt32(String(decoding: bytes[at..<(at + 4)], as: UTF8.self), radix: 16),
                  bytes[at..<(at + 4)].allSatisfy({ $0 != UInt8(ascii: "+") && $0 != UInt8(ascii: "-") }) else {
                throw problem("\\u must be followed by four hex digits")
            }
            at += 4
            return v
        }

        /// The length of the well-formed UTF-8 sequence at `i`, or nil.
        func utf8Length(_ i: Int) -> Int? {
            let b = bytes[i]
            let (len, low, high): (Int, UInt8, UInt8) =
                b >= 0xC2 && b <= 0xDF ? (2, 0x80, 0xBF) : b == 0xE0 ? (3, 0xA0, 0xBF) : b == 0xED ? (3, 0x80, 0x9F) :
                b >= 0xE1 && b <= 0xEF ? (3, 0x80, 0xBF) : b == 0xF0 ? (4, 0x90, 0xBF) : b >= 0xF1 && b <= 0xF3 ? (4, 0x80, 0xBF) :
                b == 0xF4 ? (4, 0x80, 0x8F) : (0, 0, 0)
            guard len > 0, i + len <= bytes.count, (low...high).contains(bytes[i + 1]) else { return nil }
            return bytes[(i + 2)..<(i + len)].allSatisfy { $0 & 0xC0 == 0x80 } ? len : nil
        }
    }
}
