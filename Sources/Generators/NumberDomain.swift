/// Every number an action carries, drawn from its type's whole domain (#55): no range is chosen
/// by hand. A field's own generator keeps its weight near the values where behaviour is known to
/// change (the G4 thresholds, a device's width); a share of its draws comes from here instead:
/// magnitudes spread evenly over the powers of two a person would call "beyond physical" (1 to
/// 2⁴⁰), every binade the type has (down to the subnormals, up to `greatestFiniteMagnitude`),
/// both signs, and the values no range holds (±0, ±∞, NaN). A rule that changes above a bound
/// nobody wrote down (a release velocity over 5,000 pt/s) is met as often as a bound written down.
///
/// `NumberClass` names the parts of the domain; `Coverage` counts them per field and
/// `SituationFloorTests` holds each field to a floor in each class, so a generator that clamps
/// a range fails a test (docs/decisions.md, Generation and values).
package enum NumberDomain {
    /// How often a field's draw comes from the whole domain rather than its own generator: its
    /// weight beside a field generator's total of 5 (docs/decisions.md).
    package static let share = 1

    /// A `Double` from anywhere in its type: mostly a magnitude between 1 and 2⁴⁰ (log-uniform:
    /// each power of two as likely), then any binade at all, then the special values.
    package static func double(_ c: inout Choices) -> Double {
        switch c.weighted([5, 2, 2]) {
        case 0: return signed(&c, magnitude(&c, exponents: 0...40))
        case 1: return signed(&c, magnitude(&c, exponents: -1074...1023))
        default: return c.element(of: specials)
        }
    }

    /// An `Int` from anywhere in its type: a magnitude log-uniform over every bit length, either
    /// sign, and the ends (`Int.min`, `Int.max`, ±1, 0).
    package static func int(_ c: inout Choices) -> Int {
        if c.bool(0.2) { return c.element(of: [0, 1, -1, Int.max, Int.min, Int.max - 1, Int.min + 1]) }
        let bits = c.int(in: 1...63)
        let magnitude = c.int(in: (1 << (bits - 1))...(bits == 63 ? Int.max : (1 << bits) - 1))
        return c.bool(0.5) ? -magnitude : magnitude
    }

    /// The values no range holds.
    static let specials: [Double] = [
        0, -0.0, .infinity, -.infinity, .nan, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
        .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude, .ulpOfOne,
    ]

    /// `significand × 2^exponent` for an exponent drawn from `exponents`, the significand in [1, 2).
    static func magnitude(_ c: inout Choices, exponents: ClosedRange<Int>) -> Double {
        let e = c.int(in: exponents)
        let significand = 1 + Double(c.int(in: 0...((1 << 20) - 1))) / Double(1 << 20)
        return Double(sign: .plus, exponent: e, significand: significand)
    }

    static func signed(_ c: inout Choices, _ x: Double) -> Double { c.bool(0.5) ? -x : x }
}

/// The parts of a number's domain a field is held to (`Coverage`'s number floors): where it
/// lies by magnitude, and its sign.
package enum NumberClass: Int, CaseIterable, Sendable {
    case nan, infinite, zero
    /// 0 < |x| < 1 (fractions, subnormals).
    case belowOne
    /// 1 ≤ |x| < 10⁴: where a person's hand-chosen ranges end.
    case ordinary
    /// 10⁴ ≤ |x| < 10¹²: beyond physical, within reach of a sum or a product.
    case large
    /// |x| ≥ 10¹² (up to `greatestFiniteMagnitude`, `Int.max`).
    case huge
    /// x < 0, counted besides its magnitude.
    case negative

    package var name: String {
        switch self {
        case .nan: "NaN"
        case .infinite: "±∞"
        case .zero: "±0"
        case .belowOne: "0<|x|<1"
        case .ordinary: "1≤|x|<1e4"
        case .large: "1e4≤|x|<1e12"
        case .huge: "|x|≥1e12"
        case .negative: "x<0"
        }
    }

    /// The magnitude class of `x` (never `.negative`).
    package static func of(_ x: Double) -> NumberClass {
        if x.isNaN { return .nan }
        let m = x.magnitude
        if m.isInfinite { return .infinite }
        if m == 0 { return .zero }
        if m < 1 { return .belowOne }
        if m < 1e4 { return .ordinary }
        return m < 1e12 ? .large : .huge
    }

    package static func of(_ i: Int) -> NumberClass {
        let m = i.magnitude
        if m == 0 { return .zero }
        if m < 10_000 { return .ordinary }
        return m < 1_000_000_000_000 ? .large : .huge
    }

    /// The classes a type can hold: an `Int` is never NaN, infinite or a fraction.
    package static func classes(ofInteger integer: Bool) -> [NumberClass] {
        integer ? [.zero, .ordinary, .large, .huge, .negative] : allCases
    }
}
