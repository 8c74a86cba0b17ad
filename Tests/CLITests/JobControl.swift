import Foundation

/// What a Ctrl-Z leaves running: the harness's job-control class (#54). The audit found a
/// worker that ran on while its supervising parent was stopped; this reads the process table
/// (/proc) for every descendant of a process and its state.
enum JobControl {
    /// The descendants of `pid` (children, their children, …) with their state letter
    /// (`R` running, `S` sleeping, `T` stopped, `Z` a zombie), from /proc/*/stat.
    static func descendants(of pid: pid_t) -> [(pid: pid_t, state: Character)] {
        var parent: [pid_t: pid_t] = [:], state: [pid_t: Character] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let p = pid_t(name), let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { continue }
            // "pid (comm) S ppid …": the name may hold spaces and parentheses, so read after the last ")".
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 2, let s = fields[0].first, let pp = pid_t(fields[1]) else { continue }
            parent[p] = pp
            state[p] = s
        }
        var out: [(pid: pid_t, state: Character)] = []
        var frontier = [pid]
        while let next = frontier.popLast() {
            for (child, pp) in parent where pp == next {
                out.append((child, state[child] ?? "?"))
                frontier.append(child)
            }
        }
        return out.sorted { $0.pid < $1.pid }
    }

    /// Sends SIGTSTP (Ctrl-Z) to `pid`, waits, and says which descendants still run (nil when
    /// all stopped or there are none); then SIGCONT (`fg`) after `resume` seconds.
    static func pause(_ pid: pid_t, after: Double, resume: Double) -> String? {
        usleep(UInt32(after * 1e6))
        kill(pid, SIGTSTP)
        usleep(300_000)
        let running = descendants(of: pid).filter { $0.state == "R" || $0.state == "S" || $0.state == "D" }
        usleep(UInt32(resume * 1e6))
        kill(pid, SIGCONT)
        return running.isEmpty ? nil : "after Ctrl-Z (SIGTSTP) to \(pid), its descendants \(running.map { "\($0.pid) (\($0.state))" }) were not stopped"
    }
}
