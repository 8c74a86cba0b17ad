import Generators

/// A campaign's coverage as plain counts keyed by name, for `--json` and for merging the
/// shards of a CI matrix (`tabcheck merge`): action kinds, situations, the rules they
/// exercise, and the distributions' buckets. Names, not positions, so a file written by
/// another version still reads (a kind it lacks is refused by name, not miscounted).
package struct CoverageCounts: Codable, Equatable, Sendable {
    package var kinds: [String: Int]
    package var situations: [String: Int]
    /// Derived from kinds and situations (RuleCoverage.table); kept for readers of the JSON.
    package var rules: [String: Int]
    package var lengths: [Int]
    package var maxTabs: [Int]
    package var viewports: [Int]
    /// Each numeric field's values by class, "FIELD CLASS" (`swipeBegan.vx NaN`); absent in
    /// files written before #55.
    package var numbers: [String: Int]?

    package init(_ c: Coverage) {
        kinds = Dictionary(uniqueKeysWithValues: c.kinds.map { ($0.key.rawValue, $0.value) })
        situations = Dictionary(uniqueKeysWithValues: c.situations.map { ($0.key.rawValue, $0.value) })
        rules = Dictionary(uniqueKeysWithValues: RuleCoverage.table(c).map { ($0.rule, $0.count) })
        lengths = c.distributions.lengths; maxTabs = c.distributions.maxTabs; viewports = c.distributions.viewports
        var numbers: [String: Int] = [:]
        for f in NumericField.allCases {
            for k in NumberClass.classes(ofInteger: f.isInteger) where c.numbers(f, k) > 0 { numbers["\(f.path) \(k.name)"] = c.numbers(f, k) }
        }
        self.numbers = numbers
    }

    /// The coverage these counts describe; nil with the name it does not know.
    package func coverage() -> Result<Coverage, CoverageCountsError> {
        var c = Coverage()
        for (name, n) in kinds.sorted(by: { $0.key < $1.key }) {
            guard let k = ActionKind(rawValue: name) else { return .failure(CoverageCountsError(what: "action kind \"\(name)\"")) }
            c.add(n, of: k)
        }
        for (name, n) in situations.sorted(by: { $0.key < $1.key }) {
            guard let s = Coverage.Situation(rawValue: name) else { return .failure(CoverageCountsError(what: "situation \"\(name)\"")) }
            c.add(n, of: s)
        }
        for (name, n) in (numbers ?? [:]).sorted(by: { $0.key < $1.key }) {
            let parts = name.split(separator: " ", maxSplits: 1).map(String.init)
            guard parts.count == 2, let f = NumericField.allCases.first(where: { $0.path == parts[0] }),
                  let k = NumberClass.allCases.first(where: { $0.name == parts[1] }) else {
                return .failure(CoverageCountsError(what: "number class \"\(name)\""))
            }
            c.add(n, numbers: f, k)
        }
        guard lengths.count == Distributions.lengthBuckets.count, maxTabs.count == Distributions.tabBuckets.count,
              viewports.count == Distributions.ViewportClass.allCases.count else {
            return .failure(CoverageCountsError(what: "distribution buckets (\(lengths.count), \(maxTabs.count), \(viewports.count))"))
        }
        c.distributions = Distributions(lengths: lengths, maxTabs: maxTabs, viewports: viewports)
        return .success(c)
    }

    /// The sum of two campaigns' counts.
    package mutating func add(_ o: CoverageCounts) {
        kinds.merge(o.kinds, uniquingKeysWith: +)
        situations.merge(o.situations, uniquingKeysWith: +)
        rules.merge(o.rules, uniquingKeysWith: +)
        if numbers != nil || o.numbers != nil { numbers = (numbers ?? [:]).merging(o.numbers ?? [:], uniquingKeysWith: +) }
        lengths = zip(lengths, o.lengths).map(+); maxTabs = zip(maxTabs, o.maxTabs).map(+); viewports = zip(viewports, o.viewports).map(+)
    }
}

package struct CoverageCountsError: Error, Sendable {
    /// What this version does not know ("action kind \"pin\"").
    package let what: String
}

extension Coverage {
    mutating func add(_ n: Int, of k: ActionKind) { kindCounts[k.order] += max(0, n) }
    mutating func add(_ n: Int, of s: Situation) { situationCounts[s.order] += max(0, n) }
}
