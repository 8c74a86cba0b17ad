import Checker
import Foundation

/// `tabcheck db push|pull`: the local failure database and the team's, in a git ref
/// (SharedDatabase). A CI job pulls before its campaign (so every failure found anywhere is
/// replayed first) and pushes after it.
struct DatabaseCommand {
    static let usage = """
    usage: tabcheck db push|pull [--remote R] [--ref REF] [--db DIR]
      The team's failure database in a git ref, beside the local one (--db, default
      .tabcheck/failures), run from inside the repository's checkout:
        push  adds every local failure to REF on R (default refs/tabcheck/failures on origin);
              never removes one. Concurrent pushes from many jobs lose nothing: a push that
              lost the race fetches, merges and retries.
        pull  copies into DIR every shared failure it lacks, so the next campaign replays it
              first; not those this checkout moved to fixed/ (fixed here, still shared).
      In CI: `PROGRAM db pull` before the campaign, `PROGRAM db push` after it (the job needs
      permission to push to R). Exit 0 done, 2 bad input or git failed (its message printed).
    """

    static func run(_ rest: [String], _ drivers: Drivers) throws(InputError) -> Int32 {
        // `db push --help` is the same page as `db --help`: each verb answers it (#54).
        let asked = ["push", "pull"].contains(rest.first) ? Array(rest.dropFirst()) : rest
        if try Arguments.help(asked, command: rest.count > asked.count ? "db \(rest[0]) " : "db ", usage: usage.replacing("PROGRAM", with: drivers.program)) { return 0 }
        guard let verb = rest.first, ["push", "pull"].contains(verb) else {
            throw InputError("db takes push or pull, got \(rest.first.map { "\"\($0)\"" } ?? "nothing") (\(drivers.program) db --help)")
        }
        var store = SharedDatabase(folder: ".tabcheck/failures", say: { Console.error($0 + "\n") })
        var a = Arguments(Array(rest.dropFirst()), command: "db \(verb) ")
        while let flag = try a.nextFlag() {
            switch flag {
            case "--remote": store.remote = try a.path(flag, "a git remote (a name or a URL)")
            case "--ref":
                let ref = try a.value(flag)
                // Never a branch or a tag: the failures' commits would land on the team's code (#54).
                guard ref.hasPrefix("refs/"), !ref.hasPrefix("refs/heads/"), !ref.hasPrefix("refs/tags/"), !ref.contains(".."), !ref.contains(" "), !ref.hasSuffix("/") else {
                    throw InputError("db \(verb) --ref takes a full ref name outside refs/heads/ and refs/tags/, such as refs/tabcheck/failures, got \"\(ref)\"")
                }
                store.ref = ref
            case "--db": store.folder = try a.path(flag, "a folder name")
            default: throw InputError("db \(verb): unknown argument \"\(flag)\" (\(drivers.program) db --help)")
            }
        }
        // The same check as a campaign's --db: a file or a path too long is refused before git runs (#54).
        try InputFile.checkFolder(store.folder, flag: "db \(verb) --db")
        if verb == "push" {
            let n = try store.push()
            Console.error("db push: \(n) new failure\(n == 1 ? "" : "s") added to \(store.remote) \(store.ref)\n")
        } else {
            let (n, fixed) = try store.pull()
            Console.error("db pull: \(n) failure\(n == 1 ? "" : "s") copied from \(store.remote) \(store.ref) into \(store.folder)"
                          + (fixed > 0 ? "; \(fixed) fixed in this checkout (in fixed/) left out" : "") + "\n")
        }
        return 0
    }
}
