import Checker
import TabGridCore

/// Whether a replay that found no failure is evidence that the failure it recorded is fixed
/// (#54, "a verdict needs evidence"): only when every one of its steps ran, to the end. A
/// replay interrupted part way, or one whose drivers do not declare some of its steps' kinds
/// (those steps are never run, so they can never fail), proves nothing — the database keeps
/// the file and `--replay` exits 2, each with the reason. Nor does a pass of a sequence with
/// schedule steps in a build configuration other than the one that recorded it, or of picks
/// among jobs from a file that does not say which (`BuildConfiguration`). One function, read by both.
enum ReplayEvidence {
    /// Why `outcome` (no failure) cannot call the replay of `actions` fixed; nil when it can.
    /// The kinds of step in `actions` that drivers with `capabilities` never run, in order of
    /// first appearance (the replay's and `minimal --from`'s one wording).
    static func undeclared(_ actions: [Action], _ capabilities: Set<Capability>) -> [String] {
        var kinds: [String] = []
        for a in actions where !capabilities.allows(a) && !kinds.contains(a.kind.rawValue) { kinds.append(a.kind.rawValue) }
        return kinds
    }

    static func missing(_ outcome: Runner.Outcome, of actions: [Action], capabilities: Set<Capability>, build: String?) -> String? {
        if outcome.stoppedEarly {
            return "its replay was interrupted at step \(outcome.executed.count) of \(actions.count)"
        }
        if let build, build != BuildConfiguration.current {
            return "it was recorded by a \(build) build and this is a \(BuildConfiguration.current) build: the optimizer removes executor hops a debug build keeps, "
                + "so the model enqueues other jobs and its runJobs picks may name other ones (replay it with a \(build) build\(build == "release" ? ": swift run -c release" : ""))"
        }
        // Without a build, a pass of picks among jobs proves nothing either: they may have named
        // other jobs than the ones the recording ran (a file from before "build", or by hand).
        if build == nil, actions.contains(where: { $0.kind == .runJobs }) {
            return "it has runJobs steps and does not say which build recorded it: a debug and a release build enqueue other jobs, "
                + "so its picks may name other ones here (add \"build\": \"debug\" or \"release\" to the file, the build that recorded it)"
        }
        guard outcome.skippedActions > 0 || outcome.executed.count < actions.count else { return nil }
        let kinds = undeclared(actions, capabilities)
        let n = actions.count - outcome.executed.count
        return "\(n) of its \(actions.count) steps never ran: these drivers do not declare \(kinds.isEmpty ? "them" : kinds.joined(separator: ", ")) "
            + "(replay it against drivers that have \(kinds.count == 1 ? "it" : "them"), --compare IMPL,ORACLE)"
    }
}

extension CheckCommand {
    /// Why the failure `file` recorded cannot be judged by `r`, nil when it can: a property this
    /// executable does not check, or one these drivers lack what it needs for — a pass would
    /// prove nothing (decisions.md, Command line and inputs). `--replay` refuses such a file
    /// (exit 2) and the failure database keeps it: one rule for both.
    func unjudgeable(_ file: ReplayFile, by r: Runner) -> String? {
        guard let name = file.property else { return nil }
        let p = Property(name)
        guard drivers.knownProperties.contains(p) else {
            return "field \"property\" is \"\(name.prefix(60))\", which this tabcheck does not check; replay it with the executable that registers it (TabCheck.main(properties:)), or see tabcheck list"
        }
        guard p != .crash, p != .differential, !r.checkedProperties.contains(p) else { return nil }
        return "the failure it recorded (\(name)) cannot be judged between \(file.compare.joined(separator: " and ")): \(name) needs \(r.needs(p).subtracting(r.capabilities).names); replay it against drivers that have it"
    }
}
