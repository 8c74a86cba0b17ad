import Checker
import Foundation
import Generators

/// A model that traps is a failure like any other (decisions.md, Isolation and traps). `tabcheck` starts itself again
/// as a child — the same executable, arguments and environment, plus `TABCHECK_SUPERVISED`
/// naming a small file both map (`RunningSequences`) — and waits. A child that exits is the
/// whole story: its output, its exit code. A child that dies of a trap has left in that file
/// which sequences it was running, or which failure it was shrinking; the parent runs those
/// again each in a forked child of its own (`Runner.runIsolated`), and the one that traps
/// again is reported, saved, shrunk — every candidate isolated — and replayable, as any
/// failure. A replay, one sequence or the failure database that trapped is run again the
/// same way, isolated from the start. The child is started anew, not forked: after a fork,
/// the Swift runtime's locks misbehave in a child with several threads (seen: two campaign
/// threads spinning in `swift_once` for ever), and a campaign has one thread per core.
///
/// Every subcommand that runs a model goes through it (decisions.md, Command line and inputs): a campaign, a replay, the failure
/// database, `policy` and `minimal` — each says, as a `SupervisedRun`, how it runs in the child
/// and how it finishes after a trap.
protocol SupervisedRun {
    var noIsolation: Bool { get }
    /// The threads it runs on (`--jobs`): what the resource checks before it starts ask for.
    var jobs: Int { get }
    /// The run itself; `shared` (nil when unsupervised) is where it says what it runs.
    func run(in shared: RunningSequences?) throws(InputError) -> Int32
    /// After the child died of `signal` (a trap): run again isolated and report.
    func recover(signal: String, _ shared: RunningSequences) -> Int32
}

enum Supervisor {
    /// The child's pid, for the parent's signal handlers (0: none).
    nonisolated(unsafe) static var child: pid_t = 0
    /// When the supervised run began (a campaign finished after a trap counts its time from here).
    nonisolated(unsafe) static var started = RunClock.now()
    /// The shared file's path, removed at exit.
    nonisolated(unsafe) static var sharedPath: UnsafeMutablePointer<CChar>?
    nonisolated(unsafe) static var sharedFile: (dev: dev_t, ino: ino_t)?
    static let variable = "TABCHECK_SUPERVISED"

    /// Every command that runs a model asks, in the process that will run it, whether its
    /// threads can start and find the descriptors they need — a campaign, a replay, `policy`,
    /// `minimal` (#54: only the campaign asked, and the others died of SIGILL under `ulimit -n
    /// 4`). Not in the supervising parent: a thread started there under `ulimit -v` keeps its
    /// stack mapped, and the child could no longer be spawned.
    static func checkResources(_ command: some SupervisedRun) throws(InputError) {
        if let problem = ResourceLimits.threadProblem(jobs: command.jobs) ?? ResourceLimits.descriptorProblem(jobs: command.jobs) {
            throw InputError(problem)
        }
    }

    static func run(_ command: some SupervisedRun) throws(InputError) -> Int32 {
        // The child: "<parent pid>:<file>", set by the parent that spawned it — anything else
        // (a stray variable in a user's shell) is refused before any file is opened (decisions.md, Command line and inputs).
        if let value = ProcessInfo.processInfo.environment[variable] {
            guard let colon = value.firstIndex(of: ":"), let parent = pid_t(value[..<colon]), parent == getppid(),
                  value[value.index(after: colon)...].split(separator: "/").last?.hasPrefix("tabcheck-running-") == true,
                  let shared = RunningSequences(path: String(value[value.index(after: colon)...]), fresh: false) else {
                throw InputError("\(variable) is set (to \"\(value)\"), but only tabcheck sets it, for a child of its own: unset it")
            }
            unsetenv(variable)   // not for a tabcheck this one starts
            // Both processes have it mapped now: its name can go, so no way out of either — a SIGKILL
            // of the parent included, which no atexit sees — leaves it in TMPDIR (#54).
            unlink(String(value[value.index(after: colon)...]))
            // The child ends with its parent, whatever ends the parent (a SIGKILL from CI's
            // time limit included): an orphan would go on writing reports nobody waits for (decisions.md, Command line and inputs).
            endWithParent(parent)
            Interrupt.parent = parent
            Sandbox.exitFastOnTraps()
            try checkResources(command)
            return try command.run(in: shared)
        }
        guard !command.noIsolation else { try checkResources(command); return try command.run(in: nil) }
        // Isolation is never dropped in silence (decisions.md, Command line and inputs): what it needs and lacks is said.
        let path = try Scratch.make("tabcheck-running")
        sharedPath = strdup(path)
        var made = stat()
        if stat(path, &made) == 0 { sharedFile = (made.st_dev, made.st_ino) }
        // Every way out, `fail`'s exit included — unless the child already removed the name
        // (another run may have made a file of the same name since: only ours goes).
        atexit {
            guard let p = Supervisor.sharedPath, let ours = Supervisor.sharedFile else { return }
            var now = stat()
            if stat(p, &now) == 0, now.st_dev == ours.dev, now.st_ino == ours.ino { unlink(p) }
        }
        guard let shared = RunningSequences(path: path) else {
            throw InputError("cannot map the file \(path) that keeps a trapped run's place (\(String(cString: strerror(errno)))); add --no-isolation to run without it")
        }
        let relay = ResourceLimits.memory == nil ? nil : StderrRelay()
        guard let pid = ChildProcesses.start([.group, .pauseAware], { spawnSelf(path, stderr: relay?.writeEnd) }) else {
            throw InputError("cannot start tabcheck again as an isolated child (\(String(cString: strerror(errno)))); add --no-isolation to run without it")
        }
        relay?.spawned()
        child = pid
        started = RunClock.now()
        forwardInterrupts()
        var status: Int32 = 0
        if var relay {
            while true {
                let reaped = waitpid(pid, &status, WNOHANG)
                if reaped == pid || (reaped < 0 && errno != EINTR) { break }
                _ = relay.pump(milliseconds: 100)
            }
            relay.drain()
        } else {
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        }
        ChildProcesses.remove(pid)
        child = 0
        switch Sandbox.end(ofStatus: status) {
        case .exited(let code): return code
        case .killed(let name):
            if ["SIGINT", "SIGTERM", "SIGHUP"].contains(name) { return name == "SIGINT" ? 130 : name == "SIGTERM" ? 143 : 129 }
            // Any other signal is named (#54), and is the environment's doing, not a verdict: exit 2
            // as for every resource limit (a shell's 128+N would be a code CI reads as a crash of tabcheck).
            Console.error("\(Console.program): the run's worker process was killed by \(name) (something outside tabcheck: the OOM killer, a resource limit such as ulimit -t, kill -9); what it found before is saved and printed above (exit 2)\n")
            return 2
        case .timedOut, .stalled: return 137
        case .trapped(let signal): return command.recover(signal: signal, shared)
        }
    }

    /// Linux's `prctl(PR_SET_PDEATHSIG, SIGKILL)`: the kernel kills this process when its parent
    /// dies. (`prctl` is variadic in C, so Swift does not import it; it is looked up by name.)
    static func endWithParent(_ parent: pid_t) {
        #if os(Linux)
        typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "prctl") {
            _ = unsafeBitCast(symbol, to: Prctl.self)(1 /* PR_SET_PDEATHSIG */, UInt(SIGKILL), 0, 0, 0)
        }
        if getppid() != parent { exit(137) }   // the parent died before the call
        #endif
    }

    /// This executable again, with the same arguments, in a process group of its own (a
    /// Ctrl-C reaches the parent alone, which passes it on once).
    static func spawnSelf(_ sharedPath: String, stderr: Int32?) -> pid_t? {
        guard let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else { return nil }
        var env = ProcessInfo.processInfo.environment
        env[variable] = "\(getpid()):\(sharedPath)"
        let argv = [exe] + CommandLine.arguments.dropFirst()
        let envp = env.keys.sorted().map { "\($0)=\(env[$0]!)" }
        var cArgs = argv.map { strdup($0) } + [nil]
        var cEnv = envp.map { strdup($0) } + [nil]
        defer { cArgs.forEach { free($0) }; cEnv.forEach { free($0) } }
        var attr = posix_spawnattr_t()
        posix_spawnattr_init(&attr)
        defer { posix_spawnattr_destroy(&attr) }
        posix_spawnattr_setpgroup(&attr, 0)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attr, &none)
        posix_spawnattr_setflags(&attr, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK))
        fflush(nil)
        var pid: pid_t = 0
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let stderr { posix_spawn_file_actions_adddup2(&actions, stderr, 2) }   // StderrRelay
        guard posix_spawn(&pid, exe, &actions, &attr, &cArgs, &cEnv) == 0 else { return nil }
        return pid
    }

    /// SIGINT, SIGTERM and SIGHUP sent to the parent go to the child (which stops, saves and
    /// reports). Job control (#54) is `ChildProcesses`': Ctrl-Z (SIGTSTP) stops the child's
    /// group — with a SIGTSTP, so it keeps the pause out of its clock — then the parent; `fg`
    /// resumes both. (SIGSTOP cannot be caught: a parent stopped by it leaves the child running.)
    static func forwardInterrupts() {
        for s in Interrupt.stopping {
            signal(s) { sig in if Supervisor.child > 0 { kill(Supervisor.child, sig) } }
        }
        RunClock.pauseAware()
    }

}

extension CheckCommand: SupervisedRun {
    var noIsolation: Bool { options.noIsolation }
    var jobs: Int { campaignConfig.jobs }

    func run(in shared: RunningSequences?) throws(InputError) -> Int32 {
        var c = self
        c.running = shared
        return try c.run()
    }

    /// After the child died of a trap: find the sequence that traps and finish as the child would have.
    func recover(signal: String, _ shared: RunningSequences) -> Int32 {
        var isolated = self
        isolated.isolated = true
        // Under a memory limit the death may be the limit's: the verdict's line says which, alone (#54: two lines, one wrong).
        if ResourceLimits.memory == nil {
            isolated.warn("the run died of \(signal) (a trap); running what it was running again, each sequence in a process of its own")
        }
        switch shared.phase {
        case .other:
            do throws(InputError) { return try isolated.run() } catch { fail(error.message) }
        case .generating, .shrinking:
            let seeds = shared.phase == .shrinking ? [shared.failingSeed] : shared.running
            return isolated.finishCampaign(seeds: seeds, finished: shared.finished, signal: signal)
        }
    }

    /// The sequences `seeds`, each run alone; the first that fails is the campaign's failure.
    func finishCampaign(seeds: [UInt64], finished: (sequences: Int, steps: Int), signal: String) -> Int32 {
        let config = campaignConfig
        var result = Campaign.Result()
        result.sequences = finished.sequences
        result.steps = finished.steps
        for seed in seeds {
            let outcome = runner.runIsolated(.seeded(seed, maxSteps: config.maxSteps, openings: config.openings))
            result.sequences += 1
            result.steps += outcome.executed.count
            guard let failure = outcome.failure else { continue }
            result.secondsToFailure = RunClock.now() - Supervisor.started
            let saved = reportOriginal(seed: seed, outcome: outcome, origin: "sequence seed \(hex(seed))")
            result.found = Campaign(runner: runner, config: config).shrink(outcome.executed, failure, seed: seed, index: 0)
            result.elapsed = RunClock.now() - Supervisor.started   // the child's time and this (decisions.md, Command line and inputs: not 0 s)
            return campaignEnding(result, config, saved: saved)
        }
        // Under a limit on memory, a death no sequence repeats alone is the limit's, not the
        // model's (#54: `ulimit -v` made an allocation fail, and a passing model was called
        // nondeterministic, exit 1).
        if let limit = ResourceLimits.memory {
            fail("the run died of \(signal) under a memory limit (\(limit)) and none of the sequences it was running dies again when run alone: the limit, not the model — raise it, or run with fewer --jobs or a smaller --start-tabs")
        }
        warn("none of the sequences it was running traps again when run alone (sequence seeds \(seeds.map(hex).joined(separator: ", "))): the trap depends on more than the sequence — another thread, the clock, the order of a Set or Dictionary")
        return 1
    }
}
