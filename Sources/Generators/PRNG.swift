/// SplitMix64 (Steele, Lea, Flood 2014): expands one 64-bit seed into well-mixed words.
/// Used to seed ``Xoshiro256StarStar`` and to derive independent streams (shards, sequences).
package struct SplitMix64: Sendable {
    @usableFromInline var state: UInt64
    package init(seed: UInt64) { state = seed }

    @inlinable package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// xoshiro256** 1.0 (Blackman, Vigna 2018): the generator behind every random choice.
/// Never `SystemRandomNumberGenerator`: the same seed gives the same values everywhere.
package struct Xoshiro256StarStar: RandomNumberGenerator, Sendable {
    @usableFromInline var s: (UInt64, UInt64, UInt64, UInt64)

    /// Seeds the four state words from SplitMix64, as the authors recommend.
    package init(seed: UInt64) {
        var sm = SplitMix64(seed: seed)
        s = (sm.next(), sm.next(), sm.next(), sm.next())
    }

    /// Raw state (for test vectors). Must not be all zero.
    package init(state: (UInt64, UInt64, UInt64, UInt64)) { s = state }

    @inlinable static func rotl(_ x: UInt64, _ k: UInt64) -> UInt64 { (x << k) | (x >> (64 - k)) }

    @inlinable package mutating func next() -> UInt64 {
        let result = Self.rotl(s.1 &* 5, 7) &* 9
        let t = s.1 << 17
        s.2 ^= s.0
        s.3 ^= s.1
        s.1 ^= s.2
        s.0 ^= s.3
        s.2 ^= t
        s.3 = Self.rotl(s.3, 45)
        return result
    }

    /// A uniform value in `0...bound`, unbiased (Lemire 2019, multiply-and-reject).
    @inlinable package mutating func next(upTo bound: UInt64) -> UInt64 {
        if bound == .max { return next() }
        let range = bound &+ 1
        var m = next().multipliedFullWidth(by: range)
        if m.low < range {
            let threshold = (0 &- range) % range
            while m.low < threshold { m = next().multipliedFullWidth(by: range) }
        }
        return m.high
    }

    /// A uniform double in [0, 1) from the top 53 bits.
    @inlinable package mutating func nextUnit() -> Double { Double(next() >> 11) * 0x1p-53 }
}
