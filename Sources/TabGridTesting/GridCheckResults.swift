import Checker
import Foundation
import Generators
import TabGridCore

extension GridCheck {
    /// A sequence that fails, and what broke.
    public struct Failure: Sendable, Equatable, CustomStringConvertible {
        /// The 1-based step of the failing action; 0 when the two drivers differ before the
        /// first step (their starting states).
        public let step: Int
        /// The failing action (nil for step 0).
        public let action: GridAction?
        /// The property and rule broken, the message, and for `differential` the fields.
        public let violation: GridViolation
        /// The sequence step by step, the failing step marked, then the violation (what the
        /// console and the recorded issue print).
        public let report: String
        public var description: String { report }

        init(_ actions: [Action], _ failure: Runner.Failure) {
            step = failure.step; action = failure.action; violation = failure.violation
            report = Report.steps(actions, failure: failure)
        }
    }

    /// What a campaign found: the failing sequence as drawn and as shrunk.
    public struct Finding: Sendable {
        /// The shrunk sequence (what a regression test replays) and its failure.
        public let shrunk: [GridAction]
        public let failure: Failure
        /// The sequence as the campaign drew it, and its failure.
        public let original: [GridAction]
        public let originalFailure: Failure
        /// The seed that draws `original` again (`tabcheck --sequence-seed`).
        public let sequenceSeed: UInt64
        /// Why the shrink stopped early, if it did: its time cap, its candidate budget, an interrupt.
        public let shrinkStopped: String?
        /// Set when the failure did not come back every time it was run again.
        public let nondeterministic: String?
        /// The Swift Testing test to paste (also attached to the recorded issue).
        public let regressionTest: String

        init(_ found: Campaign.Found, regressionTest: String) {
            self.regressionTest = regressionTest
            shrunk = found.shrunk
            failure = Failure(found.shrunk, found.shrunkFailure)
            original = found.original
            originalFailure = Failure(found.original, found.originalFailure)
            sequenceSeed = found.sequenceSeed
            shrinkStopped = found.shrinkTimedOut ? "at its time cap (\(Int(found.shrinkSeconds.rounded())) s)"
                : found.shrinkBudgetSpent ? "at its candidate budget (\(found.shrinkAttempts) candidates)"
                : found.shrinkInterrupted ? "interrupted" : nil
            nondeterministic = found.nondeterministic
        }
    }
}
