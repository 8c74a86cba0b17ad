import Foundation
import TabGridCore

extension Policy {
    /// F1 under this policy: whether `title` is displayed for `query` (an empty query
    /// matches every title).
    package func matches(title: String, query: String) -> Bool {
        if query.isEmpty { return true }
        switch filterMatching {
        case .characterWise:
            return ReferenceGrid.matches(title: title, query: query)
        // Folded by our own hand, then matched Character-wise: Foundation's
        // `range(of:options:)` with `.caseInsensitive` traps on some generated titles on Linux
        // ("String index is out of bounds", swift-corelibs-foundation; seen in PolicyTests).
        case .caseAndDiacriticInsensitive:
            return ReferenceGrid.matches(title: Self.folded(Self.withoutMarks(title)), query: Self.folded(Self.withoutMarks(query)))
        case .caseInsensitive:
            return ReferenceGrid.matches(title: Self.folded(title), query: Self.folded(query))
        // Foundation's own calls (what an adopter's filter calls), the locale fixed: no fold
        // of ours can mean what they mean on every input (they match by scalars, not Characters).
        case .localizedCaseInsensitive:
            return title.range(of: query, options: .caseInsensitive, locale: Self.fixedLocale) != nil
        case .localizedStandard:
            return title.range(of: query, options: [.caseInsensitive, .diacriticInsensitive], locale: Self.fixedLocale) != nil
        }
    }

    /// The locale of the Foundation-defined knobs: one for every machine.
    static let fixedLocale = Locale(identifier: "en_US_POSIX")

    /// Unicode's full case folding, scalar by scalar, from the standard library's properties:
    /// a scalar that changes when case-folded becomes its lowercase ("A" → "a", "ẞ" → "ß",
    /// folded again → "ss"), or, when that is itself, its uppercase lowercased ("ß" → "ss",
    /// "ﬁ" → "fi", "ς" → "σ"); one that does not ("ı") stays. (`uppercased().lowercased()`
    /// of the whole string folded "ẞ" to "ß" but "ß" to "ss", and "ı" to "i": the false
    /// alarms of #55.)
    static func folded(_ s: String) -> String {
        var out = ""
        for u in s.unicodeScalars { out += fold(u) }
        return out
    }

    private static func fold(_ u: Unicode.Scalar) -> String {
        guard u.properties.changesWhenCaseFolded else { return String(u) }
        let lower = u.properties.lowercaseMapping
        if lower != String(u) { return lower.unicodeScalars.map(fold).joined() }
        return u.properties.uppercaseMapping.lowercased()
    }

    /// Diacritics folded: the canonical decomposition without its nonspacing marks ("é" → "e").
    static func withoutMarks(_ s: String) -> String {
        var out = String.UnicodeScalarView()
        for u in s.decomposedStringWithCanonicalMapping.unicodeScalars where u.properties.generalCategory != .nonspacingMark {
            out.append(u)
        }
        return String(out)
    }
}
