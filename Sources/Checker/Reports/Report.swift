import Generators

/// Human-readable failure reports and ready-to-paste regression tests.
public enum Report {
    /// The sequence, step by step, marking the failing step, then the violation.
    public static func steps(_ actions: [Action], failure: Runner.Failure) -> String {
        var lines: [String] = []
        // Runs of three or more equal actions print as one line: `1–129  newTab ×129`.
        var i = 0
        while i < actions.count {
            var j = i
            while j + 1 < actions.count && actions[j + 1] == actions[i] && j + 2 != failure.step { j += 1 }
            if j - i >= 2 {
                lines.append("\(i + 1)–\(j + 1)  \(actions[i].description) ×\(j - i + 1)")
                i = j + 1
                continue
            }
            let mark = i + 1 == failure.step ? "  ← fails here" : ""
            lines.append(String(format: "%4d  %@%@", i + 1, actions[i].description, mark))
            // A restore's text is exact but dense: the session in words below it.
            if case .restoreData(let text) = actions[i], let words = SessionText.summary(text) { lines.append("        (\(words))") }
            i += 1
        }
        if failure.step == 0 { lines.append("   0  (before the first step: the two drivers start in different states)  ← fails here") }
        lines.append("")
        let v = failure.violation
        if v.property == .differential, let first = v.differences.first {
            // Its "rule" is the first differing field: say so, rather than call a field a rule.
            lines.append("Broken: differential — the two models differ in \(v.differences.map { "\($0.field) (\($0.rule))" }.joined(separator: ", ")); first: \(first.field)")
        } else {
            lines.append("Broken: \(v.property.rawValue) — rule \(v.rule) (\(v.property.rules))")
        }
        lines.append(failure.violation.message)
        if !failure.violation.differences.isEmpty {
            lines.append(contentsOf: failure.violation.differences.map(\.description))
        }
        return lines.joined(separator: "\n")
    }

    /// A Swift Testing test that replays `actions` through the checker and fails while the
    /// bug is there. It compiles in Tests/PropertyTests (imports Checker and Generators).
    /// `id` names it (a sequence seed, or `fingerprint(actions)` when there is none), so two
    /// different failures never get the same test name. `compare` names the drivers that
    /// failed: the test replays those, not production vs reference.
    public static func regressionTest(_ actions: [Action], failure: Runner.Failure, id: String,
                                      compare: [String] = ["production", "reference"], policy: Policy = .spec,
                                      customProperties: [any StepProperty] = []) -> String {
        let name = "regression_\(failure.violation.property.rawValue)_\(ruleSlug(failure.violation.rule))_\(id)"
        let body = actions.map { "        " + $0.swiftCode + "," }.joined(separator: "\n")
        var drivers = ""
        var notes = ""
        if compare != ["production", "reference"], compare.count == 2 {
            func factory(_ n: String) -> String {
                if DriverFactory.builtInNames.contains(n) { return "DriverFactory.named(\(swiftStringLiteral(n)))!" }
                notes += "    // `\(identifier(n))`: the DriverFactory your tabcheck registers as \(swiftStringLiteral(n)).\n"
                return identifier(n)
            }
            drivers = ", implementation: \(factory(compare[0])), oracle: \(factory(compare[1]))"
        }
        if policy != .spec { drivers += ", policy: \(policy.swiftCode)" }
        // A failure of a property of the package's own is judged by it again (its type,
        // made with `init()`, as the recipe writes them).
        if !customProperties.isEmpty, !Property.allCases.contains(failure.violation.property) {
            drivers += ", customProperties: [\(customProperties.map { "\(type(of: $0))()" }.joined(separator: ", "))]"
        }
        if failure.violation.property == .crash && ["trap", "hang"].contains(failure.violation.rule) {
            // A trap ends the process that runs it: the check runs in a child (an exit test),
            // which passes when the sequence neither traps nor fails.
            return """
            @Test func \(name)() async {
                // \(failure.violation.property.rawValue), rule \(failure.violation.rule): \(failure.violation.message.prefix(120).replacing("\n", with: " "))
            \(notes)    await #expect(processExitsWith: .success) {
                    let failure = Regression.check([
            \(body.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))
                    ]\(drivers))
                    precondition(failure == nil, "\\(failure.map(String.init(describing:)) ?? "")")
                }
            }
            """
        }
        return """
        @Test func \(name)() {
            // \(failure.violation.property.rawValue), rule \(failure.violation.rule): \(failure.violation.message.prefix(120).replacing("\n", with: " "))
        \(notes)    let failure = Regression.check([
        \(body)
            ]\(drivers))
            #expect(failure == nil, "\\(failure.map(String.init(describing:)) ?? "")")
        }
        """
    }

    /// A driver name as a Swift identifier: `planted-f3` → `plantedF3`.
    package static func identifier(_ name: String) -> String {
        let words = name.split { !$0.isLetter && !$0.isNumber }
        var out = words.enumerated().map { $0 == 0 ? $1.lowercased() : $1.prefix(1).uppercased() + $1.dropFirst() }.joined()
        if out.isEmpty || out.first!.isNumber { out = "driver" + out }
        return out
    }
}

extension Report {
    /// The rule as letters and digits, for file and test names (`F3`, `differentialtitles`).
    public static func ruleSlug(_ rule: String) -> String { String(rule.filter { $0.isLetter || $0.isNumber }.prefix(24)) }

    /// A name for a concrete sequence: FNV-1a (64 bit) of its actions' Swift code, `h` and 16
    /// hex digits. The same actions give the same name on every machine; different actions
    /// collide only by chance (1 in 2⁶⁴).
    public static func fingerprint(_ actions: [Action]) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for a in actions {
            for byte in a.swiftCode.utf8 { h = (h ^ UInt64(byte)) &* 0x100_0000_01b3 }
            h = (h ^ 0x0A) &* 0x100_0000_01b3
        }
        let digits = String(h, radix: 16)
        return "h" + String(repeating: "0", count: 16 - digits.count) + digits
    }
}

/// Replays a fixed sequence through two drivers with every property — what printed
/// regression tests call. (Without `implementation:`, production against the reference:
/// the ProductionDriver module.)
public enum Regression {
    public static func check(_ actions: [Action], properties: [Property] = Property.allCases,
                             implementation: DriverFactory, oracle: DriverFactory = .reference, policy: Policy = .spec,
                             customProperties: [any StepProperty] = []) -> Runner.Failure? {
        var runner = Runner(implementation: implementation, oracle: oracle, properties: properties).withPolicy(policy)
        runner.customProperties = customProperties
        return runner.run(.actions(actions), collectCoverage: false).failure
    }
}

extension Report {
    /// The shrink passes as a table, in the order they ran: candidates tried and accepted,
    /// time (`--shrink-stats`).
    public static func shrinkStatistics(_ passes: [ShrinkPassStatistics]) -> String {
        var lines = ["  pass                  tried  accepted   seconds"]
        for p in passes {
            lines.append("  " + p.name.padding(toLength: 20, withPad: " ", startingAt: 0)
                         + String(format: "%7d %9d %9.4f", p.tried, p.accepted, p.seconds))
        }
        let total = passes.reduce(into: (0, 0, 0.0)) { $0.0 += $1.tried; $0.1 += $1.accepted; $0.2 += $1.seconds }
        lines.append("  " + "total".padding(toLength: 20, withPad: " ", startingAt: 0) + String(format: "%7d %9d %9.4f", total.0, total.1, total.2))
        return lines.joined(separator: "\n")
    }
}
