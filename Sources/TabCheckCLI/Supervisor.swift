import Checker
import Foundation
import Generators

/// A model that traps is a failure like any other (#23.1). `tabcheck` runs its work in a
/// forked child and waits: a child that ends normally is the whole story (its output, its
/// exit code). A child that dies of a trap leaves, in memory shared with the parent
/// (`RunningSequences`), which sequences it was running or which failure it was shrinking;
/// the parent runs those again each in a child of its own (`Runner.runIsolated`), and the one
/// that traps again is reported, saved, shrunk — every candidate isolated — and replayable,
/// as any failure. A replay, a single sequence or the failure database that trapped is run
/// again the same way, isolated from the start. Nothing of this is on the fast path: the
/// child runs exactly what an unsupervised tabcheck would.
enum Supervisor {
    /// The child's pid, for the parent's signal handlers (0: none).
    nonisolated(unsafe) static var child: pid_t = 0

    static func run(_ command: CheckCommand) throws(InputError) -> Int32 {
        guard !command.options.noIsolation, let shared = RunningSequences() else { return try command.run() }
        var inChild = command
        inChild.running = shared
        fflush(nil)
        let me = getpid()
        let pid = fork()
        if pid == 0 {
            Interrupt.parent = me
            // Its own process group: a Ctrl-C reaches the parent alone, which passes it on once.
            setpgid(0, 0)
            Sandbox.exitFastOnTraps()
            do throws(InputError) { exit(try inChild.run()) } catch { fail(error.message) }
        }
        guard pid > 0 else { return try command.run() }
        child = pid
        forwardInterrupts()
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        child = 0
        switch Sandbox.end(ofStatus: status) {
        case .exited(let code): return code
        case .killed(let name): return name == "SIGINT" ? 130 : name == "SIGTERM" ? 143 : 137
        case .timedOut, .stalled: return 137
        case .trapped(let signal): return recover(command, signal: signal, shared)
        }
    }

    /// SIGINT and SIGTERM sent to the parent go to the child (which stops, saves and reports).
    static func forwardInterrupts() {
        for s in [SIGINT, SIGTERM] {
            signal(s) { sig in if Supervisor.child > 0 { kill(Supervisor.child, sig) } }
        }
    }

    /// After the child died of a trap: find the sequence that traps and finish as the child would have.
    static func recover(_ command: CheckCommand, signal: String, _ shared: RunningSequences) -> Int32 {
        var isolated = command
        isolated.isolated = true
        isolated.warn("the run died of \(signal) (a trap); running what it was running again, each sequence in a process of its own")
        switch shared.phase {
        case .other:
            do throws(InputError) { return try isolated.run() } catch { fail(error.message) }
        case .generating, .shrinking:
            let seeds = shared.phase == .shrinking ? [shared.failingSeed] : shared.running
            return isolated.finishCampaign(seeds: seeds, finished: shared.finished, signal: signal)
        }
    }
}

extension CheckCommand {
    /// The sequences `seeds`, each run alone; the first that fails is the campaign's failure.
    func finishCampaign(seeds: [UInt64], finished: (sequences: Int, steps: Int), signal: String) -> Int32 {
        let config = campaignConfig
        var result = Campaign.Result()
        result.sequences = finished.sequences
        result.steps = finished.steps
        for seed in seeds {
            let outcome = runner.runIsolated(.seeded(seed, maxSteps: config.maxSteps, largeGrids: config.largeGrids))
            result.sequences += 1
            result.steps += outcome.executed.count
            guard let failure = outcome.failure else { continue }
            let saved = reportOriginal(seed: seed, outcome: outcome, origin: "sequence seed \(hex(seed))")
            result.found = Campaign(runner: runner, config: config).shrink(outcome.executed, failure, seed: seed, index: 0)
            return campaignEnding(result, config, saved: saved)
        }
        warn("none of the sequences it was running traps again when run alone (sequence seeds \(seeds.map(hex).joined(separator: ", "))): the trap depends on more than the sequence — another thread, the clock, the order of a Set or Dictionary")
        return 1
    }
}
