#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The jobs one model has enqueued and not yet run — its tasks, actor hops, sleeps — held
/// until the schedule runs them, with the model's test clock. A thread drives one model at a
/// time: while it does (`enter`), every job enqueued from it comes here (`HeldExecutors`), and
/// a job runs on it when the schedule picks it. Nothing here reads the real clock or asks the
/// OS scheduler anything, so a seed gives the same interleaving on any machine, at any load and
/// any `--jobs`.
final class JobQueue: @unchecked Sendable {
    /// One held job.
    struct Held {
        let job: UnownedJob
        /// On the main actor (else: a task, an actor's work, or a sleep's wake-up).
        let main: Bool
        /// When it may run, on the test clock (ms): a sleep's deadline, else when it was enqueued.
        let due: Int64
        /// The order it was enqueued in, from 1 for each model.
        let serial: Int
        let slept: Int64
        /// Its lineage (`JobBirth`), by which the shrinker re-aims picks (`ScheduleAim`).
        let birth: JobBirth
    }

    private(set) var pending: [Held] = []
    /// The test clock in milliseconds; it starts at 0 and moves only when the schedule says.
    private(set) var now: Int64 = 0
    private var serial = 0
    /// The step being applied (−1 while the model is made) and the jobs it enqueued so far
    /// outside any job (the first of their lines).
    private(set) var step = -1
    private var bornThisStep = 0
    /// The job running now, if any, and the jobs it has enqueued so far (its children).
    private var running: (birth: JobBirth, children: Int)?
    /// What ran since `takeLog()`, in order: what the storyboard draws between two steps. At
    /// most `logLimit` lines, then a count (a campaign never takes it: it must not grow).
    private var log: [String] = []
    private var unlogged = 0
    static let logLimit = 24

    init() { HeldExecutors.install() }

    func hold(_ job: UnownedJob, main: Bool, afterMilliseconds delay: Int64) {
        serial += 1
        let (due, overflow) = now.addingReportingOverflow(max(0, delay))
        let birth: JobBirth
        if let parent = running {
            birth = JobBirth(step: parent.birth.step, path: parent.birth.path + [parent.children], timer: delay > 0)
            running!.children += 1
        } else {
            birth = JobBirth(step: step, path: [bornThisStep], timer: delay > 0)
            bornThisStep += 1
        }
        pending.append(Held(job: job, main: main, due: overflow ? .max : due, serial: serial, slept: delay, birth: birth))
    }

    /// The next step begins: jobs enqueued from now on are born in it.
    func beginStep() {
        step += 1
        bornThisStep = 0
    }

    /// The held jobs that may run now (due by the clock), oldest first: the positions a pick counts in.
    var ready: [Int] { pending.indices.filter { pending[$0].due <= now } }
    var isQuiet: Bool { pending.isEmpty }

    /// Runs the ready job a pick names: `pick` modulo the number ready, 0 the oldest. Nothing
    /// when none is ready. Returns its place among the ready jobs and its birth, if one ran.
    @discardableResult
    func run(pick: Int) -> (place: Int, birth: JobBirth)? {
        let ready = self.ready
        guard !ready.isEmpty else { return nil }
        let count = ready.count
        let place = ((pick % count) + count) % count
        let birth = pending[ready[place]].birth
        run(at: ready[place])
        return (place, birth)
    }

    /// Runs the job born as `birth` if it is ready; returns its place among the ready jobs.
    func run(birth: JobBirth) -> Int? {
        let ready = self.ready
        guard let place = ready.firstIndex(where: { pending[$0].birth == birth }) else { return nil }
        run(at: ready[place])
        return place
    }

    /// Runs the ready job that began `birth`'s line or is the oldest of its ancestors held, if
    /// `birth` itself is not held yet; returns its place among the ready jobs and its birth.
    func runAncestor(of birth: JobBirth) -> (place: Int, birth: JobBirth)? {
        guard !pending.contains(where: { $0.birth == birth }) else { return nil }
        let ready = self.ready
        let ancestors = ready.indices.filter {
            let b = pending[ready[$0]].birth
            return b.step == birth.step && b.path.count < birth.path.count && Array(birth.path.prefix(b.path.count)) == b.path
        }
        guard let place = ancestors.min(by: { pending[ready[$0]].birth.path.count < pending[ready[$1]].birth.path.count }) else { return nil }
        let ancestor = pending[ready[place]].birth
        run(at: ready[place])
        return (place, ancestor)
    }

    /// Runs the oldest ready timer not in `aimed`, standing in for the timer `birth` that is not
    /// held (the step that set it is gone, and another step set the timer that plays its part).
    func runStandIn(for birth: JobBirth, aimed: Set<JobBirth>) -> (place: Int, birth: JobBirth)? {
        guard birth.timer, !pending.contains(where: { $0.birth == birth }) else { return nil }
        let ready = self.ready
        guard let place = ready.firstIndex(where: { pending[$0].birth.timer && !aimed.contains(pending[$0].birth) }) else { return nil }
        let standIn = pending[ready[place]].birth
        run(at: ready[place])
        return (place, standIn)
    }

    /// Moves the clock forward (a negative or zero amount moves nothing; it stops at `endOfTime`).
    func advance(milliseconds: Int) {
        guard milliseconds > 0 else { return }
        now = min(Self.endOfTime, now &+ min(Int64(milliseconds), Self.endOfTime))
    }

    /// Where the clock stops (~146 million years): an advance past it ends there, and a sleep
    /// due later (its deadline saturates at `.max`) never wakes. Were the clock to reach `.max`,
    /// every sleep started afterwards would be due at once: a throttle that never waits, which
    /// no real clock gives (an `advanceClock(Int.max)` shrunk no further than itself for that).
    static let endOfTime = Int64.max / 2

    /// Drops every held job without running it: the process was killed. (A dropped task never
    /// completes; what it holds is not freed.)
    func dropAll() {
        if !pending.isEmpty { note("killed: \(pending.count) pending job\(pending.count == 1 ? "" : "s") dropped (\(pending.prefix(8).map(Self.name).joined(separator: ", "))\(pending.count > 8 ? ", …" : ""))") }
        pending.removeAll()
    }

    /// How a wait ended.
    enum Wait: Equatable {
        case done
        /// Nothing held and the awaited work not done: it waits for something no job will do.
        case deadlock
        /// The budget of jobs ran out first: the work never goes quiet.
        case endless(jobs: Int)
    }

    /// Runs held jobs until `done()` (nil: until none is held), newest ready first when
    /// `newestFirst` (an event handler runs to its end before earlier background work), else
    /// oldest first; when none is ready the clock moves to the earliest due time. At most
    /// `budget` jobs.
    func run(until done: (() -> Bool)?, newestFirst: Bool, budget: Int) -> Wait {
        var ran = 0
        while true {
            if let done { if done() { return .done } } else if pending.isEmpty { return .done }
            if pending.isEmpty { return .deadlock }
            if ran >= budget { return .endless(jobs: ran) }
            var best = -1
            for i in pending.indices {
                let held = pending[i]
                if best < 0 { best = i; continue }
                let b = pending[best]
                let readyNow = held.due <= now, bestReady = b.due <= now
                if readyNow != bestReady { if readyNow { best = i }; continue }
                if !readyNow { if held.due < b.due { best = i }; continue }   // none ready: the earliest due
                if newestFirst { best = i }   // later serial: newer
            }
            if pending[best].due > Self.endOfTime { return done == nil ? .done : .deadlock }   // only sleeps past the end of time
            if pending[best].due > now { now = pending[best].due }
            run(at: best)
            ran += 1
        }
    }

    private func run(at index: Int) {
        let held = pending.remove(at: index)
        note(Self.name(held))
        let parent = running
        running = (held.birth, 0)
        defer { running = parent }
        if held.main {
            held.job.runSynchronously(on: HeldExecutors.main.asUnownedSerialExecutor())
        } else {
            held.job.runSynchronously(on: HeldExecutors.task.asUnownedTaskExecutor())
        }
    }

    static func name(_ held: Held) -> String {
        held.main ? "main #\(held.serial)" : held.slept > 0 ? "timer #\(held.serial) (+\(held.slept) ms)" : "task #\(held.serial)"
    }

    /// What ran since the last call (and the clock), emptied.
    func takeLog() -> [String] {
        defer { log.removeAll(); unlogged = 0 }
        return unlogged == 0 ? log : log + ["… and \(unlogged) more"]
    }
    func note(_ line: String) {
        if log.count < Self.logLimit { log.append(line) } else { unlogged += 1 }
    }

    // MARK: The thread's model

    /// The queue of the model this thread is driving, if any.
    static var current: JobQueue? { slot.current }
    private static let slot = ThreadSlot<JobQueue>()

    /// Runs `body` with this queue as the thread's: jobs enqueued meanwhile are held here, and the
    /// thread is the main actor's. Nested calls keep the outer queue's place.
    func enter<R>(_ body: () throws -> R) rethrows -> R { try Self.slot.with(self, body) }
}
