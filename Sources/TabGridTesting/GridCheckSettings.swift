import Checker
import Foundation

extension GridCheck {
    /// Arguments, else the environment, else the defaults — checked strictly.
    struct Settings {
        var budget: Budget
        var properties: [Property]
        var seed: UInt64
        /// `TABGRID_POLICY` (for the `.reference` oracle): SPEC's when unset.
        var policy = Policy.spec
        /// `isolated:`, else `TABGRID_ISOLATED` (0 or 1); nil: the default (a fresh process
        /// when the drivers can be made in one).
        var isolated: Bool?

        init(budget: Budget?, properties: [Property]?, seed: UInt64?, isolated: Bool? = nil, environment env: [String: String]) throws(InputError) {
            if let isolated { self.isolated = isolated } else if let raw = env["TABGRID_ISOLATED"] {
                switch raw.trimmingCharacters(in: .whitespaces) {
                case "1": self.isolated = true
                case "0": self.isolated = false
                default: throw InputError("TABGRID_ISOLATED=\"\(raw)\": takes 1 (a campaign in a process of its own) or 0 (in the test's process); unset it for the default")
                }
            }
            if let seed { self.seed = seed } else { self.seed = try EnvironmentSettings.seed("TABGRID_SEED", in: env).get() ?? GridCheck.defaultSeed }
            if let budget {
                self.budget = budget
            } else if let n = try EnvironmentSettings.count("TABGRID_ITERATIONS", in: env, 1...10_000_000).get() {
                self.budget = .sequences(n)
            } else if let raw = env["TABGRID_TIME_LIMIT"] {
                guard let s = Double(raw.trimmingCharacters(in: .whitespaces)), s.isFinite, s > 0, s <= 86_400 else {
                    throw InputError("TABGRID_TIME_LIMIT=\"\(raw)\": takes seconds, more than 0 and at most 86400; unset it for the default")
                }
                self.budget = .seconds(s)
            } else {
                self.budget = .seconds(5)
            }
            if let raw = env["TABGRID_POLICY"] { policy = try PolicyFile.resolve(raw.trimmingCharacters(in: .whitespaces), flag: "TABGRID_POLICY") }
            if case .seconds(let s) = self.budget, !(s.isFinite && s > 0) { throw InputError("budget .seconds(\(s)): takes seconds more than 0") }
            if case .sequences(let n) = self.budget, n < 1 { throw InputError("budget .sequences(\(n)): takes a whole number ≥ 1") }
            if let properties {
                self.properties = properties
            } else if let raw = env["TABGRID_PROPERTIES"] {
                var chosen: [Property] = []
                for name in raw.split(separator: ",", omittingEmptySubsequences: false) {
                    let n = name.trimmingCharacters(in: .whitespaces)
                    guard let p = Property(rawValue: n) else {
                        throw InputError("TABGRID_PROPERTIES=\"\(raw)\": unknown property \"\(n)\"; known: \(Property.allCases.map(\.rawValue).joined(separator: ", "))")
                    }
                    if !chosen.contains(p) { chosen.append(p) }
                }
                self.properties = chosen
            } else {
                self.properties = Property.allCases
            }
        }
    }
}
