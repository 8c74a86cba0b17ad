import Generators

/// The run loop's side of drivers in other processes (docs/wire-protocol.md): nothing here
/// runs for a pair of in-process drivers (`Runner.hasRemote`).
extension RunLoop {
    /// A driver in another process gets a whole sequence at once (a fixed one, or a generated
    /// run's prediction): one exchange, not one a step.
    mutating func planRemote(_ actions: [Action]) {
        guard runner.hasRemote, !actions.isEmpty else { return }
        if var p = impl as? any PlannedDriver { p.plan(actions, viewport: runner.startViewport); impl = p }
        ref.plan(actions, viewport: runner.startViewport)
    }

    /// A driver in another process that could not start: its crash before the first step (not an
    /// empty state's difference), or — when Ctrl-C ended the wait — a run stopped early.
    /// Whether the run ends here.
    mutating func remoteStartFailed() -> Bool {
        guard runner.hasRemote else { return false }
        for (driver, oracleSide) in [(impl, false), (ref.driver, true)] {
            guard let p = driver as? any PlannedDriver, let fault = p.startFault else { continue }
            if fault.hasSuffix(WireConnection.interrupted) { out.stoppedEarly = true; return true }
            let who = oracleSide ? "\(runner.oracle.name) (the oracle)" : "\(runner.implementation.name) (the implementation)"
            out.failure = Runner.Failure(step: 0, action: nil, violation: Violation(.crash, "crash", "\(who) crashed: \(fault)"))
            return true
        }
        return false
    }

    /// A wait for a driver in another process ended by Ctrl-C: stopped, not failed.
    mutating func forgiveRemoteInterrupt() {
        guard runner.hasRemote, let f = out.failure, f.violation.property == .crash,
              f.violation.message.hasSuffix(WireConnection.interrupted) else { return }
        out.failure = nil
        out.stoppedEarly = true
        out.executed.removeLast()
    }
}
