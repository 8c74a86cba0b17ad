#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

extension Sandbox {
    /// Runs each body in a child of its own and waits for them together (`runPool` with a
    /// slot each). Reports in the order of `bodies`.
    package static func runAll(timeLimit: Double = 60, stallLimit: Double = 10,
                               _ bodies: [(progress: () -> UInt64, body: (Channel) -> Int32)]) -> [Report] {
        var reports = [Report](repeating: Report(), count: bodies.count)
        var given = 0
        runPool(slots: max(1, bodies.count), deadline: RunClock.now() + timeLimit, stallLimit: stallLimit, next: {
            guard given < bodies.count else { return nil }
            given += 1
            return (given - 1, bodies[given - 1].progress, bodies[given - 1].body)
        }, ended: { i, report in reports[i] = report })
        return reports
    }

    /// Keeps up to `slots` children running side by side, every one forked from this thread
    /// — a child forked while another thread holds a lock of the runtime can block on it for
    /// ever — and one loop reading them all. `next` gives the next body to run (nil: none for
    /// now); `ended` hears how each ended, as it ends, before the slot is filled again. Each
    /// child is killed at `deadline`, or when it neither writes nor changes its `progress`
    /// for `stallLimit` seconds.
    package static func runPool(slots: Int, deadline: Double, stallLimit: Double,
                                next: () -> (tag: Int, progress: () -> UInt64, body: (Channel) -> Int32)?,
                                ended: (Int, Report) -> Void) {
        var running: [(tag: Int, progress: () -> UInt64, child: Child)] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        // A body that could not start for want of descriptors or processes while others run:
        // it starts when one of them has ended (#54: under `ulimit -n 12` a trap's recovery
        // started every sequence at once, ran out of pipes and gave up with exit 2).
        var waiting: (tag: Int, progress: () -> UInt64, body: (Channel) -> Int32)?
        func fill() {
            while running.count < slots, let n = waiting ?? next() {
                waiting = nil
                switch start(n.body, timeLimit: deadline - RunClock.now()) {
                case .success(var child): child.watch(n.progress(), at: RunClock.now()); running.append((n.tag, n.progress, child))
                case .failure(let why) where why.retryable && !running.isEmpty:
                    waiting = n
                    return
                case .failure(let why):
                    Sandbox.cannotStart?("cannot start a process to run a sequence alone (\(why.message)); raise the limit (ulimit -n, ulimit -u) or add --no-isolation")
                    ended(n.tag, Report(stderr: why.message, end: .killed(why.end)))
                }
            }
        }
        fill()
        while !running.isEmpty {
            let now = RunClock.now()
            for i in running.indices where running[i].child.open {
                if now >= deadline { running[i].child.stop(.timedOut) }
                else if running[i].child.stalled(running[i].progress(), at: now, limit: stallLimit) { running[i].child.stop(.stalled) }
            }
            for r in running where !r.child.open { ended(r.tag, r.child.finish()) }
            running.removeAll { !$0.child.open }
            fill()
            var fds: [pollfd] = []
            for r in running { for fd in [r.child.out, r.child.err] where r.child.reading.contains(fd) { fds.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0)) } }
            guard !fds.isEmpty else { continue }
            // Woken at least once a second, or once per stall limit when that is shorter.
            let ready = poll(&fds, nfds_t(fds.count), Int32(max(min(deadline - now, stallLimit, 1), 0.001) * 1000))
            if ready < 0 && errno != EINTR { for i in running.indices { running[i].child.stop(.killed("poll failed")) }; continue }
            for p in fds where p.revents != 0 {
                guard let i = running.firstIndex(where: { $0.child.out == p.fd || $0.child.err == p.fd }) else { continue }
                let n = read(p.fd, &buffer, buffer.count)
                if n > 0 { running[i].child.append(buffer, count: n, from: p.fd) }
                else if n == 0 || errno != EINTR { running[i].child.reading.remove(p.fd) }
            }
        }
    }

    /// One running child: its pipes, what it wrote, when it last showed a sign of life.
    struct Child {
        let pid: pid_t, out: Int32, err: Int32
        var reading: Set<Int32>
        var written = Data(), errors = Data()
        var lastActivity = 0.0, lastProgress: UInt64 = 0, lastBytes = 0
        var ended: End?
        var open: Bool { ended == nil && !reading.isEmpty }

        mutating func watch(_ progress: UInt64, at now: Double) { lastProgress = progress; lastActivity = now }
        mutating func stalled(_ progress: UInt64, at now: Double, limit: Double) -> Bool {
            let bytes = written.count + errors.count
            if progress != lastProgress || bytes != lastBytes { lastProgress = progress; lastBytes = bytes; lastActivity = now; return false }
            return now - lastActivity > limit
        }
        mutating func stop(_ end: End) { kill(pid, SIGKILL); ended = end }
        mutating func append(_ bytes: [UInt8], count: Int, from fd: Int32) {
            if fd == out { written.append(bytes, count: count) } else { errors.append(bytes, count: count) }
        }
        /// Reaps it and says what it left.
        func finish() -> Report {
            close(out); close(err)
            var report = Report()
            report.messages = String(decoding: written, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
            report.stderr = String(decoding: errors.suffix(8_192), as: UTF8.self)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            ChildProcesses.remove(pid)
            report.end = ended ?? Sandbox.end(ofStatus: status)
            return report
        }
    }

    /// Why a child could not be started: the system call's error, and the end it reports.
    struct StartFailure: Error {
        let message: String, end: String
        /// Out of descriptors or processes (EMFILE, ENFILE, EAGAIN, ENOMEM): a child that ends frees some.
        var retryable = false
    }

    /// Forks a child that runs `body` with its channel and standard error piped here.
    static func start(_ body: (Channel) -> Int32, timeLimit: Double) -> Result<Child, StartFailure> {
        func failure(_ call: String, _ end: String) -> Result<Child, StartFailure> {
            .failure(StartFailure(message: "\(call): \(String(cString: strerror(errno)))", end: end,
                                  retryable: [EMFILE, ENFILE, EAGAIN, ENOMEM].contains(errno)))
        }
        var channel: [Int32] = [0, 0], errors: [Int32] = [0, 0]
        guard pipe(&channel) == 0 else { return failure("pipe", "no pipe") }
        guard pipe(&errors) == 0 else { let f = failure("pipe", "no pipe"); close(channel[0]); close(channel[1]); return f }
        fflush(nil)
        let pid = fork()
        if pid == 0 {
            close(channel[0]); close(errors[0])
            dup2(errors[1], 2)
            if !keepBacktracer { exitFastOnTraps() }
            // A child whose parent is gone cannot be killed by it: it ends itself after the
            // time limit (SIGALRM's default), also when it is blocked for ever. (A Ctrl-Z pause
            // stops the alarm's count: `RunClock.pauseAware`.)
            alarm(UInt32(min(max(timeLimit + 5, 1), 86_400)))
            _exit(body(Channel(fd: channel[1])))
        }
        close(channel[1]); close(errors[1])
        guard pid > 0 else { let f = failure("fork", "no fork"); close(channel[0]); close(errors[0]); return f }
        ChildProcesses.add(pid, [.pauseAware])   // Ctrl-Z pauses it with us
        return .success(Child(pid: pid, out: channel[0], err: errors[0], reading: [channel[0], errors[0]]))
    }
}
