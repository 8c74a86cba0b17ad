import Checker
import Foundation

/// The failure database (Hypothesis's example database): every saved failure is replayed
/// before a campaign, judged by every property; a fixed one moves to `fixed/` beside it.
extension CheckCommand {
    /// The properties a replay is judged by: all of them, or, with --property, those and
    /// the one the file recorded — never fewer than would show the recorded bug.
    func replayProperties(_ file: ReplayFile) -> [Property] {
        guard options.propertiesGiven, let recorded = file.property.map(Property.init), drivers.knownProperties.contains(recorded) else {
            return Property.allCases
        }
        return options.properties.contains(recorded) ? options.properties : options.properties + [recorded]
    }

    /// Replays every saved failure first (Hypothesis's example database), judged by every
    /// property whatever --property says. A file moves to `../fixed/` only when that check
    /// passes with every step run to its end (ReplayEvidence); an interrupt keeps it and ends
    /// the run (130); one that cannot be read ends the run (exit 2), naming it.
    func replayDatabase() throws(InputError) -> Int32? {
        let fm = FileManager.default
        guard let names = try? fm.contentsOfDirectory(atPath: options.database) else { return nil }
        // Failures found between other drivers are not replayed here — said, not silent (decisions.md, Command line and inputs).
        var otherDrivers: [String: Int] = [:]
        defer {
            for (key, n) in otherDrivers.sorted(by: { $0.key < $1.key }) {
                let parts = key.split(separator: "|", maxSplits: 1).map(String.init)
                let pair = parts[0]
                if parts.count == 2 {
                    notice("\(n) saved failure\(n == 1 ? "" : "s") in \(options.database) found with \(parts[1]) not judged by this run, whose drivers are another program's (run with \(parts[1]) to replay \(n == 1 ? "it" : "them"))")
                    continue
                }
                // The hint names a command this program can run, or says why there is none (#54).
                let absent = pair.split(separator: ",").map(String.init).filter { drivers.named($0) == nil }
                let how = absent.isEmpty ? "--compare \(shellWord(pair)) replays \(n == 1 ? "it" : "them")"
                    : "\(drivers.program) has no driver \(absent.map { "\"\($0)\"" }.joined(separator: " or ")): the executable that registers \(absent.count == 1 ? "it" : "them") replays \(n == 1 ? "it" : "them")"
                notice("\(n) saved failure\(n == 1 ? "" : "s") in \(options.database) found between \(pair) not replayed by this run (\(how))")
            }
        }
        // One budget for all of them: the run's --time-limit, or databaseReplaySeconds under --sequences.
        let budget = options.timeLimit ?? (options.sequences == nil ? 10 : Self.databaseReplaySeconds)
        let deadline = RunClock.now() + budget
        for name in names.sorted() where name.hasSuffix(".json") {
            let path = options.database + "/" + name
            let file: ReplayFile
            // A saved failure that cannot be read is not skipped: a PASS over it would turn CI green on a failure no one can see (#54).
            do { file = try ReplayFile.load(URL(fileURLWithPath: path)) } catch {
                otherDrivers = [:]   // the error is the run's one line
                throw InputError("the failure database holds a file it cannot read, so its failure cannot be checked: \(error.message) "
                                 + "(repair it, or move it out of \(options.database))")
            }
            // A failure found through a program in another process is judged by that program only (#54).
            guard file.compare == options.compare, file.compare.allSatisfy({ drivers.named($0) != nil }),
                  file.remote.map({ $0 == drivers.remoteArguments }) ?? true else {
                // (A pair this run has, found through another program: the key says which one.)
                let pair = file.compare.joined(separator: ",")
                otherDrivers[file.compare == options.compare ? pair + "|" + (file.remote ?? []).joined(separator: " ") : pair, default: 0] += 1
                continue
            }
            let r = runner(file.compare, Property.allCases, policy: file.policy ?? .spec)
            // A pass would prove nothing: the file stays, said (#54: it was moved to fixed/).
            if let why = unjudgeable(file, by: r) {
                notice("saved failure \(path) left in the database, not judged: \(why)")
                continue
            }
            // Within the run's budget (#54: a saved failure of 100,000 steps made every campaign a
            // ten-minute one): a replay that does not end in time keeps its file and ends the run.
            let outcome = execute(r, .actions(file.actions), deadline: deadline)
            if outcome.failure == nil, outcome.stoppedEarly, !Interrupt.requested {
                otherDrivers = [:]   // the error is the run's one line
                throw InputError("the saved failure \(path) did not finish replaying within the \(String(format: "%g", budget)) s the saved failures may take (\(options.timeLimit == nil && options.sequences != nil ? "under --sequences" : "the --time-limit"); \(outcome.executed.count) of its "
                                 + "\(file.actions.count) steps ran); it stays in the database: replay it alone with \(me) --replay \(shellWord(path)), or give a longer --time-limit")
            }
            // A pass is evidence only when every step ran to the end (ReplayEvidence).
            if outcome.failure == nil, let why = ReplayEvidence.missing(outcome, of: file.actions, capabilities: r.capabilities, build: file.build) {
                if outcome.stoppedEarly || Interrupt.requested {
                    say("INTERRUPTED by \(Interrupt.name) while replaying the saved failure \(path): \(why); it stays in the database (exit 130)")
                    return conclude(Ending(verdict: .interrupted, runner: r, seed: file.seed ?? "", steps: outcome.executed.count))
                }
                notice("saved failure \(path) left in the database, not judged fixed: \(why)")
                continue
            }
            if outcome.failure != nil {
                say("a saved failure still fails: \(path) — it is replayed before anything asked for runs; "
                    + "to run only that (a seed, a campaign), add --no-db, or fix this one first")
                return try replay(path, properties: Property.allCases)
            }
            // Beside the database folder, however it was spelled (".", "x", "a/b/"): from the
            // standardized absolute path, never from the text.
            let fixed = URL(fileURLWithPath: options.database).standardizedFileURL.deletingLastPathComponent().appendingPathComponent("fixed").path
            var isFolder: ObjCBool = false, st = stat()
            let present = lstat(fixed, &st) == 0
            if present, !fm.fileExists(atPath: fixed, isDirectory: &isFolder) || !isFolder.boolValue {
                let what = (st.st_mode & S_IFMT) == S_IFLNK ? (fm.fileExists(atPath: fixed) ? "a link to a file" : "a link to nothing") : "a file"
                notice("saved failure \(name) passes every property, but it stays in the database: \(fixed), where fixed failures go, is \(what), not a folder (move it away)")
                continue
            }
            var target = fixed + "/" + name
            var n = 1
            while fm.fileExists(atPath: target) { n += 1; target = fixed + "/" + (name as NSString).deletingPathExtension + "-\(n).json" }
            do {
                try fm.createDirectory(atPath: fixed, withIntermediateDirectories: true)
                try fm.moveItem(atPath: path, toPath: target)
                say("saved failure \(name) passes every property; moved to \(target)")
            } catch {
                notice("saved failure \(name) passes every property, but it could not be moved to \(target): \(InputFile.reason(error))")
            }
        }
        return nil
    }

    /// How long the saved failures may take to replay before a campaign bounded by `--sequences`
    /// (a campaign bounded by time gives them its `--time-limit`).
    static let databaseReplaySeconds = 60.0

    /// Writes a replay file to `path`, or to `<db>/<property>-<rule>-<id>.json`.
    func save(_ file: ReplayFile, failure: Runner.Failure, id: String, path: String? = nil) -> String? {
        let path = path ?? "\(options.database)/\(failure.violation.property.rawValue)-\(Report.ruleSlug(failure.violation.rule))-\(id).json"
        do {
            try FileManager.default.createDirectory(atPath: options.database, withIntermediateDirectories: true)
            try file.encoded().write(to: URL(fileURLWithPath: path), options: .atomic)
            return path
        } catch {
            warn("could not save the replay file \(path): \(InputFile.reason(error))")
            return nil
        }
    }

}
