import Checker
import Foundation
import Testing

/// #56: a driver in another process (docs/wire-protocol.md) and `--against REV`. The build of a
/// revision takes minutes, so these tests put an executable in `--against`'s cache for the
/// commit (`.build-against/COMMIT/executable`) as the build would leave it:
/// scripts/against-check.sh builds real revisions (docs/refactors.md).
@Suite struct WireTests {

    /// A git repository with one commit, and the executable `before` served as that commit's build.
    static func repository(before script: String) throws -> (dir: URL, commit: String) {
        let dir = Tool.scratch("against")
        let sh = Tool(path: "/bin/sh")
        let made = try sh.run(["-c", "git init -q . && git -c user.email=t@t -c user.name=t commit -q --allow-empty -m one && git rev-parse HEAD"], cwd: dir)
        let commit = made.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let folder = dir.appendingPathComponent(".build-against/\(commit)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let exe = folder.appendingPathComponent("executable")
        try ("#!/bin/sh\n" + script + "\n").write(to: exe, atomically: true, encoding: .utf8)
        chmod(exe.path, 0o755)
        return (dir, commit)
    }

    @Test func aPlantedBehaviourChangeIsFoundShrunkAndNamedBeforeAndAfter() throws {
        let planted = Tool.binaries.appendingPathComponent("tabcheck-planted").path
        let (dir, _) = try Self.repository(before: "exec '\(planted)' serve --driver planted-reopen")
        let r = try Tool.tabcheck.run(["--against", "HEAD", "--sequences", "2000", "--seed", "1", "--no-db"], cwd: dir)
        #expect(r.status == 1, "\(r)")
        #expect(r.stdout.contains("behaviour changed at step"), "\(r)")
        #expect(r.stdout.contains("Behaviour changed at step") && r.stdout.contains("before: ") && r.stdout.contains("; after: "), "\(r)")
        #expect(r.stdout.contains("--against HEAD --replay"), "\(r)")
    }

    @Test func theSameModelAtARevisionPasses() throws {
        let tabcheck = Tool.binaries.appendingPathComponent("tabcheck").path
        let (dir, _) = try Self.repository(before: "exec '\(tabcheck)' \"$@\"")
        let r = try Tool.tabcheck.run(["--against", "HEAD", "--sequences", "300", "--seed", "2", "--no-db"], cwd: dir)
        #expect(r.status == 0 && r.stdout.contains("PASS") && r.stdout.contains("after vs before"), "\(r)")
    }

    @Test func anIntendedChangeIsAllowedByFieldOrRule() throws {
        let planted = Tool.binaries.appendingPathComponent("tabcheck-planted").path
        let (dir, _) = try Self.repository(before: "exec '\(planted)' serve --driver planted-layout")
        let found = try Tool.tabcheck.run(["--against", "HEAD", "--sequences", "300", "--seed", "3", "--no-db"], cwd: dir)
        #expect(found.status == 1 && found.stdout.contains("layout"), "\(found)")
        // The item's size sets a fly-away's duration (G6): a layout change shows there too.
        for allow in ["layout,flyAway", "L1,G6"] {
            let r = try Tool.tabcheck.run(["--against", "HEAD", "--allow", allow, "--sequences", "300", "--seed", "3", "--no-db"], cwd: dir)
            #expect(r.status == 0 && r.stdout.contains("PASS"), "--allow \(allow): \(r)")
        }
    }

    @Test(arguments: [
        (["--against", "no-such-branch"], "not a revision"),
        (["--allow", "layout"], "--allow needs --against"),
        (["--against", "HEAD", "--allow", "colour"], "neither a field"),
        (["--wire", "true", "--against", "HEAD"], "cannot be used together"),
        (["--wire", "exit 3"], "--wire exit 3: the program ended without a reply"),
        (["--wire", "echo '{\"protocol\": 2}'; cat >/dev/null"], "speaks protocol 2"),
        (["--wire", "cat"], "its answer to start holds no observation"),
        (["--wire", "echo '{\"protocol\": 1, \"capabilities\": [\"teleport\"]}'; cat >/dev/null"], "capability \"teleport\""),
    ])
    func badRemoteFlagsAreExit2(_ args: [String], _ said: String) throws {
        let (dir, _) = try Self.repository(before: "exit 0")
        let r = try Tool.tabcheck.run(args + ["--sequences", "5", "--no-db"], cwd: dir)
        #expect(r.status == 2 && r.stderrLines.count == 1 && r.stderr.contains(said), "\(r)")
    }

    /// The command line is checked before `--against` builds anything: a repository with no
    /// build of REV cached (the fixtures above cache one, which hid that the check built first).
    @Test func argumentsAreCheckedBeforeTheRevisionIsBuilt() throws {
        let dir = Tool.scratch("against-order")
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = try Tool(path: "/bin/sh").run(["-c", "git init -q . && git -c user.email=t@t -c user.name=t commit -q --allow-empty -m one"], cwd: dir)
        for bad in [["--compare", "production,reference"], ["--sequences", "0"], ["--property", "nosuch"]] {
            let r = try Tool.tabcheck.run(["--against", "HEAD"] + bad, cwd: dir, timeout: 20)
            #expect(r.status == 2 && r.stderrLines.count == 1, "\(bad): \(r)")
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent(".build-against").path), "\(bad) started a build")
        }
    }

    /// A program that breaks the protocol mid-run is the step's crash, reported and shrunk.
    @Test func aProgramThatDiesMidRunIsACrashWithItsReason() throws {
        let tabcheck = Tool.binaries.appendingPathComponent("tabcheck").path
        // The real server, ended after its 40th line: the driver dies between two steps.
        let command = "i=0; while [ $i -lt 40 ] && IFS= read -r l; do printf '%s\\n' \"$l\"; i=$((i+1)); done | '\(tabcheck)' serve"
        let r = try Tool.tabcheck.run(["--wire", command, "--sequences", "50", "--seed", "1", "--no-db", "--jobs", "1"], cwd: Tool.scratch("wire-dies"))
        #expect(r.status == 1 && r.stdout.contains("FAIL: crash") && r.stdout.contains("wire: the program ended without a reply"), "\(r)")
    }

    /// A program that traps during a whole sequence's `run` is found at the step that kills it:
    /// the steps go one by one in a program started afresh. (#54's fifth audit: the death was
    /// blamed on step 1, a lone new tab was saved, and its replay was called fixed.)
    @Test func aProgramThatTrapsDuringARunIsFoundAtItsStep() throws {
        let dir = Tool.scratch("wire-trap")
        defer { try? FileManager.default.removeItem(at: dir) }
        let planted = Tool.binaries.appendingPathComponent("tabcheck-planted").path
        let wire = ["--wire", "'\(planted)' serve --driver planted-trap"]
        let quiet = ["SWIFT_BACKTRACE": "enable=no"]   // a trap a second faster, each
        let r = try Tool.planted.run(wire + ["--sequences", "20", "--db", "db", "--jobs", "1", "--shrink-budget", "60"], cwd: dir, environment: quiet)
        #expect(r.status == 1 && r.stdout.contains("FAIL: crash") && !r.stdout.contains("at step 1 of 1 "), "\(r)")
        let saved = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("db").path).filter { $0.hasSuffix(".json") }
        #expect(saved.count == 1, "\(saved)")
        guard let name = saved.first else { return }
        let file = try ReplayFile.load(path: dir.appendingPathComponent("db/\(name)").path)
        #expect(file.actions.count >= 2 && file.actions.contains { if case .closeDisplayed = $0 { return true }; return false }, "\(file.actions)")
        let replay = try Tool.planted.run(wire + ["--replay", "db/\(name)"], cwd: dir, environment: quiet)
        #expect(replay.status == 1 && !replay.stdout.contains("fixed"), "\(replay)")
        // Another program behind --wire does not judge it (#54's third audit: it was "fixed", and moved to fixed/).
        let other = ["--wire", "'\(planted)' serve --driver production"]
        let elsewhere = try Tool.planted.run(other + ["--replay", "db/\(name)"], cwd: dir, environment: quiet)
        #expect(elsewhere.status == 0 && elsewhere.stdout.contains("not judged here") && !elsewhere.stdout.contains("fixed"), "\(elsewhere)")
        let campaign = try Tool.planted.run(other + ["--sequences", "3", "--db", "db"], cwd: dir, environment: quiet)
        #expect(campaign.stderr.contains("not judged by this run"), "\(campaign)")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("db/\(name)").path), "moved: \(campaign)")
    }

    /// A program that writes one reply twice is the crash of the step it answered, not a
    /// misreading of every later step (#54's third audit: "step 0 of 0", saved with no steps).
    @Test func aReplyWrittenTwiceIsTheStepsCrash() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else { return }   // the proxy is Python
        let dir = Tool.scratch("wire-twice")
        defer { try? FileManager.default.removeItem(at: dir) }
        let proxy = dir.appendingPathComponent("twice.py")
        try """
        import subprocess, sys
        srv = subprocess.Popen(sys.argv[1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        n = 0
        for line in sys.stdin:
            if '"op":"run"' in line.replace(' ', ''):
                sys.stdout.write('{"error":"no run"}\\n'); sys.stdout.flush(); continue
            srv.stdin.write(line); srv.stdin.flush()
            reply = srv.stdout.readline()
            applied = '"op":"apply"' in line.replace(' ', '')
            n += applied
            sys.stdout.write(reply * (2 if applied and n == 5 else 1)); sys.stdout.flush()
        """.write(to: proxy, atomically: true, encoding: .utf8)
        let tabcheck = Tool.binaries.appendingPathComponent("tabcheck").path
        let r = try Tool.tabcheck.run(["--wire", "python3 '\(proxy.path)' '\(tabcheck)' serve", "--sequences", "5", "--no-db", "--jobs", "1", "--shrink-budget", "20"], cwd: dir)
        #expect(r.status == 1 && r.stdout.contains("at step 5 of") && r.stdout.contains("more than one line in answer to apply"), "\(r)")
    }

    /// Ctrl-C while a program hangs: interrupted (130), not a failure, and the program (a
    /// `python3`-like child of its shell: here `sleep`) does not outlive the run.
    @Test func ctrlCWhileAProgramHangsIsExit130AndLeavesNothingRunning() throws {
        let dir = Tool.scratch("wire-hang")
        let seconds = 6_000 + Int(getpid() % 997)   // this run's own sleep, found by its arguments
        let marker = "sleep \(seconds)"
        // Answers hello and start, then sleeps in a child of its shell at the next request.
        let program = #"read l; echo '{"protocol": 1, "capabilities": []}'; read l; echo '{"observation": {"tabIDs": [], "titles": []}}'; read l; "# + marker
        let r = try Tool.tabcheck.run(["--wire", program, "--sequences", "3", "--no-db", "--jobs", "1"], cwd: dir) { p, _ in
            usleep(3_000_000)
            kill(p.processIdentifier, SIGINT)
        }
        #expect(r.status == 130 && r.stdout.contains("INTERRUPTED"), "\(r)")
        usleep(300_000)
        let left = try Tool(path: "/bin/sh").run(["-c", "pgrep -fx '\(marker)' | wc -l"])
        #expect(left.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "0", "left running: \(left.stdout)")
    }
}
