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
        }
    }

    /// Full case folding as the standard library gives it: "ß" becomes "ss", "ﬁ" "fi".
    static func folded(_ s: String) -> String { s.uppercased().lowercased() }

    /// Diacritics folded: the canonical decomposition without its nonspacing marks ("é" → "e").
    static func withoutMarks(_ s: String) -> String {
        var out = String.UnicodeScalarView()
        for u in s.decomposedStringWithCanonicalMapping.unicodeScalars where u.properties.generalCategory != .nonspacingMark {
            out.append(u)
        }
        return String(out)
    }
}
