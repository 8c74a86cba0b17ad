/// Characters drawn from whole classes, as Hypothesis's text strategy draws from every Unicode
/// general category (decisions.md, Generation and values): every ASCII class, the C0 controls, the scalars where case folding and
/// grapheme breaking are hard, full-width forms, blocks of every script and plane — each class
/// biased to its boundaries. The list is not of characters someone thought of but of *classes*:
/// a character of a class nobody wrote down is drawn all the same.
///
/// The first class is the plain one and its first member "a", so the simplest draw (all zeros, as
/// a replay that runs dry or fuzzer bytes of zeros give) is "a", and the shrinker's character order
/// (`CharacterRank`) takes any other character toward it.
package enum TextClass: Int, CaseIterable, Sendable, Codable {
    /// `a b A B` and space: titles and queries that overlap often.
    case plain
    /// ASCII digits.
    case digit
    /// ASCII punctuation beside the letters (`@ [ \ ] ^ _ \`` and `{ | } ~`), where a hand-rolled
    /// case fold (`b | 0x20`, a range off by one) goes wrong.
    case letterNeighbour
    /// The other ASCII punctuation and symbols.
    case punctuation
    /// C0 controls and DEL (NUL, tab, LF, CR among them, but also the other 28).
    case control
    /// Scalars whose case mapping is special: length-changing (İ, ẞ, ŉ, ΐ, ﬃ), context-dependent
    /// (Σ), foreign to ASCII yet folding into it (K Kelvin, ſ long s, ı dotless i), title case (ǅ).
    case hardCase
    /// Pieces of grapheme clusters: combining marks, ZWJ, variation selectors, emoji modifiers,
    /// regional indicators, Hangul jamo, CR LF.
    case clusterPiece
    /// Full-width and half-width forms.
    case widthForm
    /// A scalar of the Basic Multilingual Plane from a block of each script and category
    /// (Latin, Greek, Cyrillic, Hebrew, Arabic, Devanagari, Thai, CJK, Hangul, symbols, private use,
    /// specials).
    case bmpBlock
    /// A scalar beyond the BMP: emoji, mathematical letters, CJK extension B, tag characters,
    /// supplementary private use, and letters with case beyond the BMP (Deseret, Adlam).
    case astral

    /// Ranges of each class (closed, of scalar values), the first range's first value plainest:
    /// built once (a draw and a coverage count read them for every scalar).
    var ranges: [ClosedRange<UInt32>] { Self.rangeTable[rawValue] }
    private static let rangeTable: [[ClosedRange<UInt32>]] = allCases.map(\.makeRanges)

    private var makeRanges: [ClosedRange<UInt32>] {
        switch self {
        case .plain: return [0x61...0x62, 0x41...0x42, 0x20...0x20]
        case .digit: return [0x30...0x39]
        case .letterNeighbour: return [0x5B...0x60, 0x7B...0x7E, 0x40...0x40]
        case .punctuation: return [0x21...0x2F, 0x3A...0x3F]
        case .control: return [0x00...0x1F, 0x7F...0x7F]
        case .hardCase: return Self.hardCaseScalars.map { $0...$0 }
        case .clusterPiece: return Self.clusterScalars
        case .widthForm: return [0xFF01...0xFF5E, 0xFF61...0xFF9F, 0x3000...0x3000]
        case .bmpBlock: return Self.bmpBlocks
        case .astral: return [0x1F300...0x1FAFF, 0x1D400...0x1D7FF, 0x20000...0x2A6DF, 0xE0000...0xE007F, 0xF0000...0xFFFFD, 0x10400...0x1044F, 0x1E900...0x1E943,
                              0x10000...0x1007F, 0x1F1E6...0x1F1FF]
        }
    }

    /// İ ı ß ẞ ŉ ΐ ǰ ﬀ ﬁ ﬃ ſ K (Kelvin) Å (ångström) Σ ς σ ǅ ǈ Ⱥ ȿ ẞ ᾈ ͅ — scalars whose lowercase or
    /// uppercase is another length, another script, or depends on context.
    static let hardCaseScalars: [UInt32] = [
        0x130, 0x131, 0xDF, 0x1E9E, 0x149, 0x390, 0x1F0, 0xFB00, 0xFB01, 0xFB03, 0x17F, 0x212A, 0x212B, 0x3A3, 0x3C2, 0x3C3,
        0x1C5, 0x1C8, 0x23A, 0x23F, 0x1F88, 0x345, 0x69, 0x49,
    ]
    /// Combining diacritics, ZWJ/ZWNJ, variation selectors, emoji modifiers, regional indicators,
    /// Hangul jamo (L, V, T), CR and LF, the Devanagari virama, a prepend mark.
    static let clusterScalars: [ClosedRange<UInt32>] = [
        0x300...0x36F, 0x200C...0x200D, 0xFE00...0xFE0F, 0x1F3FB...0x1F3FF, 0x1F1E6...0x1F1FF, 0x1100...0x1112,
        0x1161...0x1175, 0x11A8...0x11C2, 0x0D...0x0D, 0x0A...0x0A, 0x94D...0x94D, 0x600...0x605, 0x20E3...0x20E3,
    ]
    /// One block of each script or category in the BMP.
    static let bmpBlocks: [ClosedRange<UInt32>] = [
        0x80...0xFF, 0x100...0x24F, 0x370...0x3FF, 0x400...0x4FF, 0x530...0x58F, 0x590...0x5FF, 0x600...0x6FF,
        0x900...0x97F, 0xE00...0xE7F, 0x10A0...0x10FF, 0x1E00...0x1EFF, 0x2000...0x206F, 0x20A0...0x20CF, 0x2100...0x214F,
        0x2190...0x21FF, 0x2460...0x24FF, 0x2600...0x26FF, 0x3040...0x30FF, 0x4E00...0x9FFF, 0xAC00...0xD7A3,
        0xE000...0xF8FF, 0xFB50...0xFDFF, 0xFE70...0xFEFF, 0xFFF0...0xFFFD,
    ]

    /// One scalar of this class: half the time an end of one of its ranges (where off-by-one
    /// mistakes live), else any value in it. Surrogate code points are never in a range.
    func scalar(_ c: inout Choices) -> Unicode.Scalar {
        let r = c.element(of: ranges)
        let value: UInt32
        switch c.int(in: 0...3) {
        case 0: value = r.lowerBound
        case 1: value = r.upperBound
        default: value = r.lowerBound + UInt32(c.int(in: 0...Int(r.upperBound - r.lowerBound)))
        }
        return Unicode.Scalar(value) ?? "a"
    }

    /// The class a scalar belongs to (the first that holds it), for coverage; nil for none.
    package static func of(_ u: Unicode.Scalar) -> TextClass? {
        let v = u.value
        if v < 0x80 {
            switch v {
            case 0x61...0x62, 0x41...0x42, 0x20: return .plain
            case 0x30...0x39: return .digit
            case 0x5B...0x60, 0x7B...0x7E, 0x40: return .letterNeighbour
            case 0x21...0x2F, 0x3A...0x3F: return .punctuation
            case 0x00...0x1F, 0x7F: return .control
            default: return nil   // the other ASCII letters
            }
        }
        for k in Self.beyondASCII where k.ranges.contains(where: { $0.contains(v) }) {
            return k
        }
        return nil
    }
    private static let beyondASCII: [TextClass] = [.hardCase, .clusterPiece, .widthForm, .bmpBlock, .astral]
}

extension Values {
    /// How often each class is drawn: plain most, so filters still hit and miss; every other
    /// class often enough that a campaign of seconds draws each hundreds of times
    /// (`Coverage.Situation`'s value classes hold the floors).
    static let classWeights = [10, 2, 2, 2, 2, 2, 2, 1, 2, 1]

    /// One character (a scalar) from any class.
    package static let classChar = Gen<String> { c in
        let k = TextClass.allCases[c.weighted(classWeights)]
        return String(k.scalar(&c))
    }

    /// A string of `length` scalars, each from any class.
    package static func classText(length: ClosedRange<Int>) -> Gen<String> {
        Gen { c in
            var s = String.UnicodeScalarView()
            for _ in 0..<c.int(in: length) {
                s.append(TextClass.allCases[c.weighted(classWeights)].scalar(&c))
            }
            return String(s)
        }
    }

    /// Raw text: bytes taken as UTF-8, invalid sequences repaired (U+FFFD). Drawn a byte a draw,
    /// so under fuzzer bytes each input byte is a byte of the string: coverage guidance and
    /// `-use_value_profile` reach the characters a comparison looks for (decisions.md, Generation and values).
    package static let rawText = Gen<String> { c in
        let n = c.int(in: 1...8)
        var bytes: [UInt8] = []
        for _ in 0..<n { bytes.append(UInt8(c.draw(upTo: 255))) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
