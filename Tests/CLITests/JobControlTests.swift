import Foundation
import Testing

/// Ctrl-Z and `fg` (#54): the harness's job-control check, shown to fail where a child runs on,
/// and held by a supervised campaign.
@Suite struct JobControlTests {
    /// A shell stopped by Ctrl-Z leaves its background child running: the check says so (a
    /// check that cannot fail is a defect).
    @Test func theCheckSeesAChildThatRunsOn() throws {
        var ranOn: String?
        let r = try Tool(path: "/bin/sh").run(["-c", "sleep 3 & wait"], timeout: 20) { p, _ in
            ranOn = JobControl.pause(p.processIdentifier, after: 0.3, resume: 0.1)
        }
        #expect(ranOn?.contains("were not stopped") == true, "\(r)")
    }

    /// A campaign's worker stops with its supervisor and resumes with it; the run ends as if
    /// never paused.
    @Test func aCampaignStopsWholeAndResumes() throws {
        let dir = Tool.scratch("jobcontrol")
        defer { _ = try? FileManager.default.removeItem(at: dir) }
        var ranOn: String?
        var workers = 0
        let start = Date()
        let r = try Tool.tabcheck.run(["--time-limit", "2", "--no-db", "--jobs", "1"], cwd: dir, timeout: 60) { p, _ in
            usleep(500_000)
            workers = JobControl.descendants(of: p.processIdentifier).count
            ranOn = JobControl.pause(p.processIdentifier, after: 0, resume: 0.5)
        }
        #expect(workers >= 1, "no worker to pause: \(r)")
        #expect(ranOn == nil, "\(ranOn ?? "")")
        #expect(r.status == 0 && !r.signaled, "\(r)")
        // The 0.8 s stopped is not the budget's: 2 s of campaign besides it (it ended at 2 s before RunClock.pauseAware).
        let took = Date().timeIntervalSince(start)
        #expect(took >= 2.6, "ended \(took) s after it started, paused 0.8 s of a 2-s budget: \(r)")
    }

    /// Every kind of child stops with the run (`ChildProcesses`): `durability`'s saving child
    /// ran on (the harness, invariant 12, seed 3008424), and a `--wire` program with its shell.
    /// Paused several times, since a child being started must not slip through.
    @Test(arguments: [["durability", "--kills", "100000", "--time-limit", "6"],
                      ["--wire", "TABCHECK serve", "--time-limit", "6", "--no-db", "--no-isolation"]])
    func everyChildStopsWithTheRun(_ given: [String]) throws {
        let dir = Tool.scratch("jobcontrol-children")
        defer { _ = try? FileManager.default.removeItem(at: dir) }
        let args = given.map { $0.replacingOccurrences(of: "TABCHECK", with: Tool.binaries.appendingPathComponent("tabcheck").path) }
        var ranOn: [String] = []
        var paused = 0   // pauses that caught a child (durability's live ~70 ms each: some pauses fall between two)
        let r = try Tool.tabcheck.run(args, cwd: dir, timeout: 60) { p, _ in
            usleep(300_000)
            for _ in 0..<40 where paused < 4 {
                usleep(50_000)
                kill(p.processIdentifier, SIGTSTP)
                usleep(300_000)
                let children = JobControl.descendants(of: p.processIdentifier)
                let running = children.filter { "RSD".contains($0.state) }
                if !children.isEmpty { paused += 1 }
                if !running.isEmpty { ranOn.append("\(running) ran on after Ctrl-Z") }
                kill(p.processIdentifier, SIGCONT)
            }
        }
        #expect(paused >= 1, "no child to pause: \(r)")
        #expect(ranOn.isEmpty, "\(ranOn)")
        #expect(r.status == 0 && !r.signaled, "\(r)")
    }
}
