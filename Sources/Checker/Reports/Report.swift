import Foundation
import Generators

/// Human-readable failure reports and ready-to-paste regression tests.
package enum Report {
    /// The sequence, step by step, marking the failing step, then the violation.
    package static func steps(_ actions: [Action], failure: Runner.Failure) -> String {
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
            // The message ("A and B disagree (- A, + B)") was printed with the original failure: only its key here.
            let key = v.message.range(of: "(- ").map { " " + v.message[$0.lowerBound...] } ?? ""
            if let changed = v.behaviourChange(step: failure.step) { lines.append(changed[changed.startIndex].uppercased() + changed.dropFirst()) }
            lines.append("Broken: differential — the two models differ in \(v.differences.map { "\($0.field) (\($0.rule))" }.joined(separator: ", ")); first: \(first.field)\(key)")
        } else {
            let rules = v.property.rules
            lines.append("Broken: \(v.property.rawValue) — rule \(v.rule)\(rules.isEmpty ? " (a property of this package's own)" : " (\(rules))")")
            lines.append(v.message)
        }
        if !failure.violation.differences.isEmpty {
            lines.append(contentsOf: failure.violation.differences.map(\.description))
        }
        return lines.joined(separator: "\n")
    }

    /// A Swift Testing test that replays `actions` through the checker and fails while the
    /// bug is there: `GridCheck.expectNoFailure` (TabGridTesting), with the drivers as their
    /// own factories' Swift code (`GridDriverFactory.swiftCode`), so it compiles where the
    /// drivers' package tests — the one printer the console, the HTML report and GridCheck's
    /// attachment share. `id` names it (a sequence seed, or `fingerprint(actions)` when there
    /// is none), so two different failures never get the same test name.
    package static func regressionTest(_ actions: [Action], failure: Runner.Failure, id: String,
                                       implementation: DriverFactory, oracle: DriverFactory, policy: Policy = .spec,
                                       customProperties: [any GridStepProperty] = []) -> String {
        let name = "regression_\(failure.violation.property.rawValue)_\(ruleSlug(failure.violation.rule))_\(id)"
        var notes = ""
        func code(_ f: DriverFactory) -> String {
            if let code = f.swiftCode { return code }
            notes += "    // `\(identifier(f.name))`: the GridDriverFactory registered as \(swiftStringLiteral(f.name)) (give it `source:` to have it written here).\n"
            return identifier(f.name)
        }
        let trap = failure.violation.property == .crash && ["trap", "hang"].contains(failure.violation.rule)
        // A driver made from a type is named by its type, except where a trap needs the factory.
        var args = implementation.source == nil && !trap ? implementation.typeName.map { "\($0).self" } : nil
        args = args ?? "implementation: \(code(implementation))"
        if case .reference(let own)? = oracle.recipe {
            // The reference under its own policy, or the run's (`--policy` sets the run's).
            let p = own == .spec ? policy : own
            if p != .spec { args! += ", with: .reference(policy: \(p.swiftCode))" }
        } else {
            args! += ", with: .driver(\(code(oracle)))"
            if policy != .spec { args! += ", policy: \(policy.swiftCode)" }
        }
        // A failure of a property of the package's own is judged by it again (its type,
        // made with `init()`, as the recipe writes them).
        if !customProperties.isEmpty, !Property.allCases.contains(failure.violation.property) {
            args! += ", customProperties: [\(customProperties.map { "\(type(of: $0))()" }.joined(separator: ", "))]"
        }
        let comment = "// \(failure.violation.property.rawValue), rule \(failure.violation.rule): \(failure.violation.message.prefix(120).replacing("\n", with: " "))"
        // Picks name jobs as this configuration enqueues them (BuildConfiguration); tests run in debug unless told.
        if BuildConfiguration.current == "release", actions.contains(where: { if case .runJobs = $0 { true } else { false } }) {
            notes += "    // recorded by a release build: a debug build keeps executor hops that release removes, so its runJobs picks may name other jobs there; run it with swift test -c release\n"
        }
        if trap {
            // A trap ends the process that runs it: the check runs in a child (an exit test),
            // which passes when the sequence neither traps nor fails.
            return """
            @Test func \(name)() async {
                \(comment)
            \(notes)    await #expect(processExitsWith: .success) {
                    let failure = GridCheck.failure(of: [
            \(actions.map { "            " + $0.swiftCode + "," }.joined(separator: "\n"))
                    ], \(args!))
                    precondition(failure == nil, "\\(failure.map(String.init(describing:)) ?? "")")
                }
            }
            """
        }
        return """
        @Test func \(name)() {
            \(comment)
        \(notes)    GridCheck.expectNoFailure([
        \(actions.map { "        " + $0.swiftCode + "," }.joined(separator: "\n"))
            ], \(args!))
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
    package static func ruleSlug(_ rule: String) -> String { String(rule.filter { $0.isLetter || $0.isNumber }.prefix(24)) }

    /// A name for a concrete sequence: FNV-1a (64 bit) of its actions' Swift code, `h` and 16
    /// hex digits. The same actions give the same name on every machine; different actions
    /// collide only by chance (1 in 2⁶⁴).
    package static func fingerprint(_ actions: [Action]) -> String {
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
package enum Regression {
    package static func check(_ actions: [Action], properties: [Property] = Property.allCases,
                             implementation: DriverFactory, oracle: DriverFactory = .reference, policy: Policy = .spec,
                             customProperties: [any GridStepProperty] = []) -> Runner.Failure? {
        var runner = Runner(implementation: implementation, oracle: oracle, properties: properties).withPolicy(policy)
        runner.customProperties = customProperties
        return runner.run(.actions(actions), collectCoverage: false).failure
    }
}

extension Report {
    /// The shrink passes as a table, in the order they ran: candidates tried and accepted,
    /// time (`--shrink-stats`).
    package static func shrinkStatistics(_ passes: [ShrinkPassStatistics]) -> String {
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
