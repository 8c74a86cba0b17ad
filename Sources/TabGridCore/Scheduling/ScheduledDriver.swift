/// What the engine reads of a driver whose work is scheduled: the last step's schedule problem
/// (S3) and what ran in it (the storyboard). `package`: the engine's, not the adopter's.
package protocol ScheduledWork {
    /// S3, for the last step: the work it awaited never ended (a deadlock) or never went quiet
    /// within `ScheduledDriver.budget` jobs; nil when it ended as it must.
    var scheduleProblem: String? { get }
    /// The jobs that ran during the last step and the clock after it, in order.
    func takeScheduleLog() -> [String]
}

/// A `MainActorGridDriver` as the engine drives every driver — one synchronous call a step —
/// with its model's jobs held in a `JobQueue` and run as the step says: an event runs what it
/// awaits (newest first) and leaves the rest pending; `runJobs` runs pending jobs by the picks
/// drawn for it; `advanceClock` moves the test clock; `settle` runs everything, oldest first;
/// `background` awaits the model's flush; `relaunch` drops every pending job (a kill between two
/// jobs) and awaits the launch of a new model over the same storage.
struct ScheduledDriver<D: MainActorGridDriver>: GridDriver, ScheduledWork {
    /// The model's driver; a class, so the tasks the queue runs reach it (a struct's copy would not).
    final class Holder: @unchecked Sendable { var driver: D? }
    final class Box<R>: @unchecked Sendable { var value: R? }

    /// The most jobs one step runs before its work counts as never going quiet (S3).
    static var budget: Int { 10_000 }

    let queue: JobQueue
    let holder = Holder()
    /// The shrinker's aim for this run (`ScheduleAim`), if the thread that made the driver has one.
    let aim = ScheduleAim.current
    private(set) var scheduleProblem: String?

    init(viewport: GridViewport) { self.init(viewport: viewport) { D(viewport: $0) } }

    init(viewport: GridViewport, make: @MainActor @Sendable (GridViewport) -> D) {
        queue = JobQueue()
        let holder = self.holder
        queue.enter { MainActor.assumeIsolated { holder.driver = make(viewport) } }
    }

    mutating func apply(_ action: GridAction) -> GridStepOutcome {
        scheduleProblem = nil
        let queue = self.queue
        queue.beginStep()
        switch action {
        case .runJobs(let picks):
            if let aim { runAimed(picks, aim) } else { queue.enter { for pick in picks { queue.run(pick: pick) } } }
            return GridStepOutcome()
        case .advanceClock(let ms):
            queue.advance(milliseconds: ms)
            queue.note("clock +\(max(0, ms)) ms → \(queue.now) ms")
            return GridStepOutcome()
        case .settle:
            let wait = queue.enter { queue.run(until: nil, newestFirst: false, budget: Self.budget) }
            scheduleProblem = Self.problem(wait, "settling (running every pending job, the clock moved to each due time)")
            return GridStepOutcome()
        case .background:
            _ = awaiting("enterBackground") { driver in await driver.enterBackground(); return true }
            return GridStepOutcome()
        case .relaunch:
            queue.dropAll()
            let holder = self.holder
            let relaunched = awaiting("relaunched") { driver -> Bool in
                guard let next = await driver.relaunched() else { return false }
                holder.driver = next
                return true
            }
            guard scheduleProblem == nil else { return GridStepOutcome() }
            guard relaunched == true else { return .crash("\(D.self).relaunched() returned nil: the model has no storage to relaunch from (declare .appLifecycle only with it)") }
            return GridStepOutcome(update: .reload, closeAllSent: observe().closeAllEnabled)
        case .willAppear, .newTab, .closeDisplayed, .closeID, .closeAll, .setQuery, .beginSearch, .endSearch, .cancelSearch,
             .setTitle, .move, .select, .reopen, .setViewport, .swipeBegan, .swipeChanged, .swipeEnded, .swipeCancelled,
             .tapClose, .flyAwayFinished, .save, .restoreSaved, .restoreData, .reorder, .beginMove, .updateMove, .endMove,
             .cancelMove, .newBackgroundTab:
            return awaiting("apply(\(action))") { driver in await driver.apply(action) } ?? GridStepOutcome()
        }
    }

    func observe() -> GridObservation {
        let holder = self.holder
        return queue.enter { MainActor.assumeIsolated { holder.driver!.observe() } }
    }

    func roundTrip() -> Result<GridObservation, GridRoundTripError>? {
        let box = Box<Result<GridObservation, GridRoundTripError>?>()
        let holder = self.holder
        let wait = queue.enter { () -> JobQueue.Wait in
            Task { @MainActor in box.value = .some(await holder.driver!.roundTrip()) }
            return queue.run(until: { box.value != nil }, newestFirst: true, budget: Self.budget)
        }
        return wait == .done ? box.value! : .failure(GridRoundTripError(message: Self.problem(wait, "roundTrip()") ?? ""))
    }

    func storageProblem() -> String? {
        let holder = self.holder
        return queue.enter { MainActor.assumeIsolated { holder.driver!.storageProblem() } }
    }

    func takeScheduleLog() -> [String] { queue.takeLog() }

    /// A `runJobs` step under the shrinker's aim: the jobs it names for this step, where they
    /// are ready, else the picks; either way, what ran is recorded.
    private func runAimed(_ picks: [Int], _ aim: ScheduleAim) {
        let queue = self.queue, step = queue.step
        var births: [JobBirth] = [], places: [Int] = []
        queue.enter {
            if let targets = aim.aims[step] {
                let aimed = Set(targets)
                for target in targets {
                    let birth = aim.following(target)
                    // A job whose parent has not run yet (it ran in a step that is gone): its line first, oldest first.
                    while let (place, ancestor) = queue.runAncestor(of: birth) { births.append(ancestor); places.append(place) }
                    if let place = queue.run(birth: birth) { births.append(birth); places.append(place) }
                    else if let (place, standIn) = queue.runStandIn(for: birth, aimed: aimed) {
                        aim.stand(standIn, for: birth)
                        births.append(standIn)
                        places.append(place)
                    }
                }
            } else {
                for pick in picks { if let ran = queue.run(pick: pick) { births.append(ran.birth); places.append(ran.place) } }
            }
        }
        aim.record(step: step, ran: births, picks: places)
    }

    /// Runs `body` on the model as a main-actor task and the queue until it returns: newest
    /// jobs first, the clock moved when nothing else can run. Nil, with `scheduleProblem` set,
    /// when it deadlocks or never goes quiet.
    private mutating func awaiting<R: Sendable>(_ what: String, _ body: @escaping @MainActor @Sendable (D) async -> R) -> R? {
        let box = Box<R>()
        let holder = self.holder, queue = self.queue
        let wait = queue.enter { () -> JobQueue.Wait in
            Task { @MainActor in box.value = await body(holder.driver!) }
            return queue.run(until: { box.value != nil }, newestFirst: true, budget: Self.budget)
        }
        scheduleProblem = Self.problem(wait, what)
        return box.value
    }

    static func problem(_ wait: JobQueue.Wait, _ what: String) -> String? {
        switch wait {
        case .done: return nil
        case .deadlock: return "\(what) never returned and no job is pending: it waits for something no job will do (a continuation never resumed, an actor waiting on itself)"
        case .endless(let jobs): return "\(what) ran \(jobs) jobs and its work never went quiet (a task that enqueues itself again, a timer that never stops)"
        }
    }
}
