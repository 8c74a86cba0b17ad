/// The one stream of choices under every generator (Hypothesis's idea): each generator
/// draws bounded integers from here, and every draw is recorded, so the recorded
/// choices replay the exact case. The stream comes from a seed, from a recorded list, or
/// from raw bytes (a fuzzer's input).
package struct Choices: Sendable {
    /// Where draws come from. The state of each kind lives in its own stored property
    /// (not in enum payloads), so a draw does not copy it out and back.
    enum Source: Sendable { case random, replay, bytes }
    var source: Source
    private var rng = Xoshiro256StarStar(seed: 0)
    private var replayed: [UInt64] = []
    private var input: [UInt8] = []
    /// The next replayed value or input byte.
    private var next = 0
    /// Every value drawn so far, in order.
    package private(set) var recorded: [UInt64] = []
    /// The bound of each recorded draw, so a run can be written back as fuzzer bytes.
    package private(set) var bounds: [UInt64] = []
    /// Whether a replay or byte source ran dry (later draws gave 0, the simplest value).
    package private(set) var exhausted = false

    package init(seed: UInt64) { source = .random; rng = Xoshiro256StarStar(seed: seed) }
    package init(replaying values: [UInt64]) { source = .replay; replayed = values }
    package init(bytes: [UInt8]) { source = .bytes; input = bytes }

    /// A value in `0...bound`. Replayed values above `bound` are clamped into range.
    package mutating func draw(upTo bound: UInt64) -> UInt64 {
        let value: UInt64
        switch source {
        case .random:
            value = rng.next(upTo: bound)
        case .replay:
            if next < replayed.count { value = min(replayed[next], bound) } else { value = 0; exhausted = true }
            next += 1
        case .bytes:
            // As many bytes as the bound needs, little-endian, reduced into range.
            var v: UInt64 = 0, used = 0, b = bound
            while b > 0 && next + used < input.count {
                v |= UInt64(input[next + used]) << (8 * UInt64(used))
                used += 1
                b >>= 8
            }
            if b > 0 { exhausted = true }
            value = bound == .max ? v : v % (bound &+ 1)
            next += used
        }
        recorded.append(value)
        bounds.append(bound)
        return value
    }

    /// The bytes that `Choices(bytes:)` decodes back into exactly `values` drawn under
    /// `bounds` — a generated run as a libFuzzer seed input.
    package static func bytes(values: [UInt64], bounds: [UInt64]) -> [UInt8] {
        var out: [UInt8] = []
        for (v, bound) in zip(values, bounds) {
            var b = bound, x = v
            while b > 0 { out.append(UInt8(truncatingIfNeeded: x)); x >>= 8; b >>= 8 }
        }
        return out
    }

    /// An integer in `range`.
    package mutating func int(in range: ClosedRange<Int>) -> Int {
        let span = UInt64(bitPattern: Int64(range.upperBound) &- Int64(range.lowerBound))
        return range.lowerBound &+ Int(truncatingIfNeeded: draw(upTo: span))
    }

    /// True with probability `p` (to 1/1024).
    package mutating func bool(_ p: Double = 0.5) -> Bool {
        draw(upTo: 1023) < UInt64((p * 1024).rounded())
    }

    /// An element of a non-empty array.
    package mutating func element<T>(of values: [T]) -> T { values[int(in: 0...(values.count - 1))] }

    /// An index chosen with the given non-negative weights (at least one positive).
    package mutating func weighted(_ weights: [Int]) -> Int {
        let total = weights.reduce(0, +)
        guard total > 0 else { return 0 }
        var pick = int(in: 0...(total - 1))
        for (i, w) in weights.enumerated() {
            if pick < w { return i }
            pick -= w
        }
        return weights.count - 1
    }
}

/// A generator: a function of the choice stream. Every generator replays for free because
/// it is nothing but draws (the same bytes, the same value). Shrinking is not over the
/// stream: the shrinker (Sources/Shrinking) works on the actions themselves, with passes
/// that know what a simpler action is.
package struct Gen<Value>: Sendable {
    package let run: @Sendable (inout Choices) -> Value
    package init(_ run: @escaping @Sendable (inout Choices) -> Value) { self.run = run }

    package func map<T>(_ f: @escaping @Sendable (Value) -> T) -> Gen<T> { Gen<T> { f(self.run(&$0)) } }

    package static func int(_ range: ClosedRange<Int>) -> Gen<Int> { Gen<Int> { $0.int(in: range) } }
    package static func bool(_ p: Double) -> Gen<Bool> { Gen<Bool> { $0.bool(p) } }
    package static func element(_ values: [Value]) -> Gen<Value> where Value: Sendable { Gen { $0.element(of: values) } }
    /// One of `options`, chosen by weight.
    package static func oneOf(_ options: [(weight: Int, gen: Gen<Value>)]) -> Gen<Value> {
        let weights = options.map(\.weight), gens = options.map(\.gen)
        return Gen { c in gens[c.weighted(weights)].run(&c) }
    }
    /// An array of `count` values.
    package func array(_ count: ClosedRange<Int>) -> Gen<[Value]> {
        Gen<[Value]> { c in (0..<c.int(in: count)).map { _ in self.run(&c) } }
    }
}

extension String {
    /// A string of `length` characters from `alphabet`, drawn from `c`.
    static func string(_ alphabet: [String], _ c: inout Choices, length: ClosedRange<Int>) -> String {
        (0..<c.int(in: length)).map { _ in c.element(of: alphabet) }.joined()
    }
}

extension Gen where Value == String {
    /// A string of `length` characters from `alphabet`.
    package static func string(_ alphabet: [String], length: ClosedRange<Int>) -> Gen<String> {
        Gen { c in String.string(alphabet, &c, length: length) }
    }
}
