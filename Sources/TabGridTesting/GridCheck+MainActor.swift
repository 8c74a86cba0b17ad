import Testing

/// The same calls for a model on the main actor: its driver is made and driven on a thread that
/// is, for that model, the main actor, with its jobs held and scheduled by the checker
/// (`MainActorGridDriver`). Call them from any test, isolated or not: no `@MainActor` on the
/// test, no `assumeIsolated`.
extension GridCheck {
    /// `expectAgreement` for a `MainActorGridDriver`.
    @discardableResult
    public static func expectAgreement<D: MainActorGridDriver>(
        _ driver: D.Type, with oracle: Oracle = .reference, budget: Budget? = nil, properties: [GridPropertyName]? = nil,
        customProperties: [any GridStepProperty] = [], seed: UInt64? = nil, maxSteps: Int = 200, shrinkTime: Double = 10, isolated: Bool? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async -> Finding? {
        await check(GridDriverFactory(driver), with: oracle, budget: budget, properties: properties, custom: customProperties, seed: seed,
                    maxSteps: maxSteps, shrinkTime: shrinkTime, isolated: isolated, sourceLocation: sourceLocation)
    }

    /// `expectNoFailure` for a `MainActorGridDriver`: what a pasted regression test of such a model calls.
    @discardableResult
    public static func expectNoFailure<D: MainActorGridDriver>(
        _ actions: [GridAction], _ driver: D.Type, with oracle: Oracle = .reference, policy: GridPolicy? = nil,
        properties: [GridPropertyName]? = nil, customProperties: [any GridStepProperty] = [], sourceLocation: SourceLocation = #_sourceLocation
    ) -> Failure? {
        expectNoFailure(actions, implementation: GridDriverFactory(driver), with: oracle, policy: policy, properties: properties,
                        customProperties: customProperties, sourceLocation: sourceLocation)
    }
}
