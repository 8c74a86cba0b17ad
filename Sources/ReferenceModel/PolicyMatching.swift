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
        case .caseAndDiacriticInsensitive:
            return title.range(of: query, options: [.caseInsensitive, .diacriticInsensitive], range: nil, locale: nil) != nil
        case .caseInsensitive:
            return title.range(of: query, options: [.caseInsensitive], range: nil, locale: nil) != nil
        }
    }
}
