import Generators

/// Human-readable failure reports and ready-to-paste regression tests.
public enum Report {
    /// The sequence, step by step, marking the failing step, then the violation.
    public static func steps(_ actions: [Action], failure: Runner.Failure) -> String {
        var lines: [String] = []
        for (i, a) in actions.enumerated() {
            let mark = i + 1 == failure.step ? "  ← fails here" : ""
            lines.append(String(format: "%4d  %@%@", i + 1, a.description, mark))
        }
        lines.append("")
        lines.append("Broken: \(failure.violation.property.rawValue) — rule \(failure.violation.rule) (\(failure.violation.property.rules))")
        lines.append(failure.violation.message)
        if !failure.violation.differences.isEmpty {
            lines.append(contentsOf: failure.violation.differences.map(\.description))
        }
        return lines.joined(separator: "\n")
    }

    /// A Swift Testing test that replays `actions` through the checker and fails while the
    /// bug is there. It compiles in Tests/PropertyTests (imports Checker and Generators).
    public static func regressionTest(_ actions: [Action], failure: Runner.Failure, seed: UInt64?) -> String {
        let rule = failure.violation.rule.filter { $0.isLetter || $0.isNumber }
        let name = "regression_\(failure.violation.property.rawValue)_\(rule.prefix(24))\(seed.map { "_" + hex($0) } ?? "")"
        let body = actions.map { "        " + $0.swiftCode + "," }.joined(separator: "\n")
        return """
        @Test func \(name)() {
            // \(failure.violation.property.rawValue), rule \(failure.violation.rule): \(failure.violation.message.prefix(120).replacing("\n", with: " "))
            let failure = Regression.check([
        \(body)
            ])
            #expect(failure == nil, "\\(failure.map(String.init(describing:)) ?? "")")
        }
        """
    }
}

/// Replays a fixed sequence through production vs reference with every property — what
/// printed regression tests call.
public enum Regression {
    public static func check(_ actions: [Action], properties: [Property] = Property.allCases) -> Runner.Failure? {
        Runner(properties: properties).run(.actions(actions), collectCoverage: false).failure
    }
}
