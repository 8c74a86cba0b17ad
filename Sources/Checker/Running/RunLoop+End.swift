import Generators
import ReferenceModel

/// The end of a run (`RunLoop`): the last state compared in full, then the outcome.
extension RunLoop {
    /// Stopped early after a step the oracle only agreed with: the end of a sequence is
    /// always compared in full.
    mutating func compareLastInFull() {
        guard oracleSkipped && out.failure == nil, let last = out.executed.last else { return }
        if let d = Differential.compare(StepOutcome(), impl.observe(), StepOutcome(), ref.observe(), runner.implementation.name, runner.oracle.name) {
            out.failure = Runner.Failure(step: out.executed.count, action: last, violation: d)
        }
    }

    /// The outcome: coverage of the sequence, the state key when asked for, the choices.
    mutating func finish(keyingState: Bool) -> Runner.Outcome {
        compareLastInFull()
        if collectCoverage { out.coverage.distributions.sequence(length: out.executed.count, maxTabs: mostTabs) }
        if keyingState && out.failure == nil {
            // Everything a later step's verdict can depend on: both drivers whole (every
            // stored property, private ones too), the view, and the runner's own flags —
            // read through `StateText`, a `dump` with dictionaries and sets in sorted order.
            out.stateKey = StateHash(StateText.of((impl, ref.driver, view, appeared, viewport, saved)))
        }
        out.choices = choices?.recorded ?? []
        out.bounds = choices?.bounds ?? []
        return out
    }
}
