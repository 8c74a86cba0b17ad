import Checker
import Foundation

/// The team's failure database in a git ref (default `refs/tabcheck/failures` on `origin`):
/// every machine's failures in one place, replayed first everywhere, through a store the team
/// already has — as Hypothesis's multiplexed databases combine a local one with a shared one.
/// The ref holds a commit whose tree is `failures/<name>.<blob>.json`: named by content, so
/// pushing a failure twice adds nothing and two machines' files never collide.
/// - `push` adds every local failure (never removes one: a failure fixed on one branch is not
///   fixed on another); concurrent pushes from a matrix's jobs lose nothing — a push that
///   lost the race fetches again, merges and retries.
/// - `pull` copies into the local database every failure it lacks, except those this
///   checkout has already moved to `fixed/` (fixed here; the shared copy stays for others).
/// Nothing touches the checkout's index, working tree or branches: a temporary index, and a
/// fetched ref per process.
struct SharedDatabase {
    var remote = "origin"
    var ref = "refs/tabcheck/failures"
    /// The local failure database and the `fixed/` folder beside it.
    var folder: String
    var say: (String) -> Void

    var fixedFolder: String { URL(fileURLWithPath: folder).standardizedFileURL.deletingLastPathComponent().appendingPathComponent("fixed").path }
    var fetched: String { "refs/tabcheck/fetched-\(getpid())" }

    /// The remote's commit, fetched into `fetched`; nil when the ref does not exist yet.
    func fetch() throws(InputError) -> String? {
        let listed = try git(["ls-remote", remote, ref])
        guard !listed.isEmpty else { return nil }
        _ = try git(["fetch", "--quiet", "--no-tags", remote, "+\(ref):\(fetched)"])
        return try git(["rev-parse", fetched]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Blob id → path in the tree of `commit`.
    func entries(_ commit: String) throws(InputError) -> [(blob: String, path: String)] {
        try git(["ls-tree", "-r", commit]).split(separator: "\n").compactMap { line in
            let parts = line.split(separator: "\t", maxSplits: 1)
            let fields = parts.first?.split(separator: " ") ?? []
            guard parts.count == 2, fields.count == 3, fields[1] == "blob" else { return nil }
            return (String(fields[2]), String(parts[1]))
        }
    }

    /// The local database's failures as (blob id, name in the shared tree).
    func localFailures() throws(InputError) -> [(blob: String, path: String)] {
        // A folder that is not there shares nothing: said, not "0 new failures" (#54's fifth audit: a misspelt --db).
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw InputError("db push: the failure database \(folder) is not a folder here (a misspelt --db? a campaign creates it when it saves a failure)")
        }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
        return try names.map { name throws(InputError) in
            // Only what a tabcheck can read is shared: a corrupt file would reach every pull (#54).
            do throws(InputError) { _ = try ReplayFile.load(URL(fileURLWithPath: folder + "/" + name)) } catch {
                throw InputError("db push: \(error.message); a failure no tabcheck can read is not shared (repair it, or move it out of \(folder))")
            }
            let blob = try git(["hash-object", "-w", "--", folder + "/" + name]).trimmingCharacters(in: .whitespacesAndNewlines)
            var stem = String(name.dropLast(5))
            let suffix = "." + blob.prefix(12)
            if stem.hasSuffix(suffix) { stem.removeLast(suffix.count) }      // a file pulled before
            return (blob, "failures/\(stem)\(suffix).json")
        }
    }

    /// Adds every local failure to the shared ref; returns how many were new there.
    func push() throws(InputError) -> Int {
        defer { _ = try? git(["update-ref", "-d", fetched]) }
        let local = try localFailures()
        for attempt in 1...30 {
            let parent = try fetch()
            let shared = try parent.map(entries) ?? []
            let known = Set(shared.map(\.blob))
            let new = local.filter { !known.contains($0.blob) }
            if new.isEmpty { return 0 }
            let index = FileManager.default.temporaryDirectory.appendingPathComponent("tabcheck-index-\(getpid())").path
            defer { try? FileManager.default.removeItem(atPath: index) }
            let env = ["GIT_INDEX_FILE": index]
            _ = try git(parent.map { ["read-tree", $0] } ?? ["read-tree", "--empty"], env: env)
            for f in new { _ = try git(["update-index", "--add", "--cacheinfo", "100644,\(f.blob),\(f.path)"], env: env) }
            let tree = try git(["write-tree"], env: env).trimmingCharacters(in: .whitespacesAndNewlines)
            let who = ["GIT_AUTHOR_NAME": "tabcheck", "GIT_AUTHOR_EMAIL": "tabcheck@localhost",
                       "GIT_COMMITTER_NAME": "tabcheck", "GIT_COMMITTER_EMAIL": "tabcheck@localhost"]
            let commit = try git(["commit-tree", tree] + (parent.map { ["-p", $0] } ?? []) + ["-m", "tabcheck: \(new.count) failure\(new.count == 1 ? "" : "s")"],
                                 env: who).trimmingCharacters(in: .whitespacesAndNewlines)
            // Not forced: a push that lost the race to another job is refused, and retried.
            if (try? git(["push", "--quiet", remote, "\(commit):\(ref)"])) != nil { return new.count }
            usleep(useconds_t(20_000 * attempt + Int(getpid() % 50) * 1_000))
        }
        throw InputError("db push: \(remote) \(ref) kept moving: 30 pushes lost the race to other jobs; try again")
    }

    /// Copies the shared failures the local database lacks; returns how many.
    func pull() throws(InputError) -> (copied: Int, fixedHere: Int) {
        defer { _ = try? git(["update-ref", "-d", fetched]) }
        guard let commit = try fetch() else { return (0, 0) }
        let fixed = try blobs(in: fixedFolder)
        let present = Set(try blobs(in: folder))
        var copied = 0, fixedHere = 0
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for e in try entries(commit) where e.path.hasPrefix("failures/") && e.path.hasSuffix(".json") {
            if fixed.contains(e.blob) { fixedHere += 1; continue }
            if present.contains(e.blob) { continue }
            let name = String(e.path.dropFirst("failures/".count))
            // One plain file name in the folder, never a path out of it (#54's fifth audit: a ref
            // holding "failures/../../x.json" wrote over a file outside the checkout).
            guard Self.plainName(name) else {
                say("db pull: skipping \(e.path.prefix(200)): not a plain file name in failures/ (a name with / or .., or hidden)")
                continue
            }
            let data = Data(try git(["cat-file", "blob", e.blob]).utf8)
            do throws(InputError) { _ = try ReplayFile.decode(data, name: "\(ref):\(e.path)") } catch {
                say("db pull: skipping \(e.path): \(error.message)")
                continue
            }
            do { try data.write(to: URL(fileURLWithPath: folder + "/" + name), options: .atomic) } catch {
                throw InputError("db pull: could not write \(folder)/\(name): \(InputFile.reason(error))")
            }
            copied += 1
        }
        return (copied, fixedHere)
    }

    /// A replay file's name as the database writes it: no folder, no "..", not hidden, no control characters.
    static func plainName(_ name: String) -> Bool {
        !name.isEmpty && !name.contains("/") && !name.hasPrefix(".") && name.utf8.count <= 255
            && !name.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
    }

    func blobs(in dir: String) throws(InputError) -> Set<String> {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { $0.hasSuffix(".json") }
        return Set(try names.map { name throws(InputError) in try git(["hash-object", "--", dir + "/" + name]).trimmingCharacters(in: .whitespacesAndNewlines) })
    }

    /// Runs git; its standard output, or an error with its message.
    func git(_ args: [String], env: [String: String] = [:]) throws(InputError) -> String {
        switch GitCommand.run(args, env: env) {
        case .success(let out): return out
        case .failure(let e): throw InputError(e.message.hasPrefix("could not run git") ? "db: \(e.message)" : "db: git \(args.first ?? "") failed: \(e.message)")
        }
    }
}
