#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Checker
import Foundation

/// `--against REV`: this executable as it was at a git revision, built once per commit in a
/// folder of its own (`.build-against/COMMIT` at the repository's top), and served over the
/// wire protocol (`serve`) to be compared with the working tree's model step by step
/// (docs/refactors.md). The tree of REV comes from `git archive`, so a shallow clone with no
/// tags (CI's) works, and nothing is registered in the repository.
struct AgainstRevision {
    let revision: String
    let commit: String
    let folder: String
    /// The executable built at `commit`.
    var executable: String { folder + "/executable" }

    /// Resolves `revision` in the repository around the current folder.
    static func resolve(_ revision: String) throws(InputError) -> AgainstRevision {
        guard !revision.isEmpty, !revision.hasPrefix("-") else { throw InputError("--against needs a git revision (a tag, a branch, HEAD~1), got \"\(revision)\"") }
        let top: String
        do { top = try git(["rev-parse", "--show-toplevel"]) } catch {
            throw InputError("--against \(revision): the current folder is not inside a git repository (\(error.message))")
        }
        let commit: String
        do { commit = try git(["rev-parse", "--verify", "--quiet", "\(revision)^{commit}"]) } catch {
            throw InputError("--against \(revision): not a revision of the repository at \(top) (a tag, a branch or a commit; a shallow clone holds only what it fetched)")
        }
        return AgainstRevision(revision: revision, commit: commit, folder: top + "/.build-against/" + commit)
    }

    /// The executable of `program` (the package's product) built at the commit: from the
    /// cache, or built now (minutes: its progress goes to standard error).
    func build(program: String, say: (String) -> Void) throws(InputError) -> String {
        if FileManager.default.isExecutableFile(atPath: executable) { return executable }
        let short = String(commit.prefix(10))
        let predates = InputError("--against \(revision): commit \(short) predates the wire protocol (its \(program) has no serve command); compare against a revision from 0.3.0 on, or copy the old model into a driver (README, Comparing two implementations)")
        // Found out once: the build is not run again to be refused again.
        if FileManager.default.fileExists(atPath: folder + "/predates-serve") { throw predates }
        try InputFile.checkFolder(folder, flag: "--against")
        do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
            throw InputError("--against \(revision): could not make \(folder): \(InputFile.reason(error))")
        }
        // One build per commit at a time: a second run waits for the first (flock).
        let lock = open(folder + ".lock", O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
        guard lock >= 0 else { throw InputError("--against \(revision): could not open \(folder).lock: \(String(cString: strerror(errno)))") }
        defer { close(lock) }
        flock(lock, LOCK_EX)
        if FileManager.default.isExecutableFile(atPath: executable) { return executable }
        let prefix = (try? Self.git(["rev-parse", "--show-prefix"])) ?? ""
        let tree = folder + "/tree"
        // Progress for a person at a terminal; a log or CI gets the verdict's lines alone.
        if isatty(2) == 1 { say("--against \(revision): building \(program) at commit \(short) in \(folder) (once per commit; minutes)") }
        try? FileManager.default.removeItem(atPath: tree)
        try FileManager.default.createDirectoryOrRefuse(tree)
        try shell("git archive --format=tar \(commit) | tar -x -C \(shellWord(tree))", log: folder + "/archive.log", what: "git archive")
        let package = tree + (prefix.isEmpty ? "" : "/" + prefix)
        try shell("exec swift build -c release --product \(shellWord(program)) --package-path \(shellWord(package)) --scratch-path \(shellWord(folder + "/build"))",
                  log: folder + "/build.log", what: "swift build (commit \(short) does not build)")
        let built = folder + "/build/release/" + program
        // Older revisions have no `serve`: they predate the wire protocol.
        guard (try? shell("\(shellWord(built)) serve --help", log: folder + "/serve.log", what: "serve")) != nil else {
            FileManager.default.createFile(atPath: folder + "/predates-serve", contents: nil)
            throw predates
        }
        do { try FileManager.default.createSymbolicLink(atPath: executable, withDestinationPath: built) } catch {
            throw InputError("--against \(revision): could not link \(executable): \(InputFile.reason(error))")
        }
        return executable
    }

    /// Runs a shell line with its output in `log`; an error naming the log's last line when it fails.
    func shell(_ line: String, log: String, what: String) throws(InputError) {
        if let shortage = SpareDescriptors.shortage(toStart: "bash") { throw shortage }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["bash", "-c", "exec >\(shellWord(log)) 2>&1; set -o pipefail; \(line)"]
        // Ctrl-Z pauses the build with the run; Foundation gives it a group of its own.
        var failed: (any Error)?
        _ = ChildProcesses.start([.group]) {
            do { try p.run(); return p.processIdentifier } catch { failed = error; return nil }
        }
        if let failed { throw InputError("--against \(revision): could not run bash: \(InputFile.reason(failed))") }
        defer { ChildProcesses.remove(p.processIdentifier) }
        // Ctrl-C or SIGTERM while REV builds (minutes) stops the build too, and says so (#54's fifth
        // audit: the run ended 5 s later as "one step was still running", the build left running).
        while p.isRunning {
            if Interrupt.requested {
                p.interrupt()   // swift build cancels its jobs on SIGINT (the build line is exec'd: it is the child)
                for _ in 0..<50 where p.isRunning { usleep(100_000) }
                if p.isRunning { p.terminate(); p.waitUntilExit() }
                Console.error("\(Console.program): --against \(revision): interrupted by \(Interrupt.name) while \(what.components(separatedBy: " (").first ?? what) ran; nothing was checked (exit 130)\n")
                exit(130)
            }
            usleep(100_000)
        }
        guard p.terminationStatus == 0 else {
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            let last = text.split(separator: "\n").last { $0.contains("error") } ?? text.split(separator: "\n").last ?? ""
            throw InputError("--against \(revision): \(what): \(last.prefix(200)) (the whole log: \(log))")
        }
    }

    /// git's answer, trimmed; its first line of error otherwise.
    static func git(_ args: [String]) throws(InputError) -> String {
        try GitCommand.run(args).get().trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

extension FileManager {
    func createDirectoryOrRefuse(_ path: String) throws(InputError) {
        do { try createDirectory(atPath: path, withIntermediateDirectories: true) } catch {
            throw InputError("could not make \(path): \(InputFile.reason(error))")
        }
    }
}
