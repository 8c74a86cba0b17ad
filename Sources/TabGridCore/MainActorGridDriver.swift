/// A driver whose model lives on the main actor, as an iOS view-model does in Swift 6: a
/// `@MainActor` (often `@Observable`) model whose events may be `async` and whose work — its
/// `Task`s, actor hops, sleeps — is held by the checker and run in an order drawn from the
/// same choice stream as the actions (docs/driver-contract.md, "Models on the main actor").
///
/// ```swift
/// @MainActor struct MyModelDriver: MainActorGridDriver {
///     nonisolated static var capabilities: Set<GridCapability> { [.filter, .closeAll, .activeTab, .appLifecycle] }
///     let model: MyTabsModel              // @MainActor @Observable, with an actor store
///     init(viewport: GridViewport) { model = MyTabsModel(store: TabStore(disk: Disk())) }
///     func apply(_ action: GridAction) async -> GridStepOutcome { … }
///     func observe() -> GridObservation { … }
///     func enterBackground() async { await model.flush() }
///     func relaunched() async -> Self? { … a new model over the same disk, its launch awaited … }
/// }
/// ```
///
/// `GridDriverFactory(MyModelDriver.self)` makes it a driver every entry point takes
/// (`TabCheck.main(drivers:)`, `GridCheck`, `--jobs N`, isolation children, pasted regression
/// tests), with no `assumeIsolated` or `@preconcurrency` in your code: the checker drives it on
/// a thread that is, for that model, the main actor.
@MainActor public protocol MainActorGridDriver: SendableMetatype {
    init(viewport: GridViewport)
    /// What the model implements beyond the core (default: `GridCapability.all`). Declare
    /// `.appLifecycle` when it implements `enterBackground` and `relaunched`.
    nonisolated static var capabilities: Set<GridCapability> { get }
    /// The name reports use (default: the type's name).
    nonisolated static var name: String { get }
    /// One user or system event, on the main actor; it may await. The checker runs the jobs
    /// it needs (newest first) until it returns; other pending work waits for the schedule.
    func apply(_ action: GridAction) async -> GridStepOutcome
    /// The state the user sees now.
    func observe() -> GridObservation
    /// P2, as `GridDriver.roundTrip` (default: nil, no synchronous sessions).
    func roundTrip() async -> Result<GridObservation, GridRoundTripError>?
    /// P4/P5, as `GridDriver.storageProblem` (default: nil).
    func storageProblem() -> String?
    /// The app goes to the background: flush what must survive a kill. Awaited to its end,
    /// as an app's background task is (S2).
    func enterBackground() async
    /// The app was killed (its pending work dropped) and is launched again: a new driver whose
    /// model starts from what this one's storage holds, its launch awaited. Nil: the model has
    /// no storage to relaunch from.
    func relaunched() async -> Self?
}

extension MainActorGridDriver {
    public nonisolated static var capabilities: Set<GridCapability> { GridCapability.all }
    public nonisolated static var name: String { String(describing: Self.self) }
    public func roundTrip() async -> Result<GridObservation, GridRoundTripError>? { nil }
    public func storageProblem() -> String? { nil }
    public func enterBackground() async {}
    public func relaunched() async -> Self? { nil }
}

extension GridDriverFactory {
    /// The factory of a `MainActorGridDriver` type: each driver it makes holds its own model's
    /// jobs and test clock (`ScheduledDriver`).
    public init<D: MainActorGridDriver>(_ type: D.Type, name: String? = nil, summary: String = "") {
        let name = name ?? D.name
        self.init(name: name, summary: summary.isEmpty ? "\(D.self), checked on the main actor through its MainActorGridDriver conformance" : summary,
                  capabilities: D.capabilities) { ScheduledDriver<D>(viewport: $0) }
        typeName = String(describing: D.self)
        recipe = .mainActorType(D.self, name: name, summary: self.summary)
    }

    /// A factory of `MainActorGridDriver`s made by a closure on the main actor (a model with
    /// parameters, a planted mistake): `make` runs on the thread that drives the model.
    public init<D: MainActorGridDriver>(name: String, summary: String, capabilities: Set<GridCapability> = D.capabilities, source: String? = nil,
                                        makeOnMainActor make: @escaping @MainActor @Sendable (GridViewport) -> D) {
        self.init(name: name, summary: summary, capabilities: capabilities, source: source) { ScheduledDriver<D>(viewport: $0, make: make) }
    }
}
