import Generators
/// One way of making a failing sequence smaller: a named unit the shrinker runs in order.
///
/// A pass offers candidates to `ShrinkState.attempt(_:)`, which runs them (several at once
/// under parallel shrinking) and accepts the first that still fails, in the pass's own order.
/// A pass keeps offering until it has nothing left to offer or the state says stop. Each
/// pass's doc comment says what it tries and which failure showed the need for it.
///
/// To add a pass: write a type conforming to `ShrinkPass` in its own file here, put it in
/// `Shrinker.standardPasses` where it should run, and add a test in
/// `Tests/PropertyTests/ShrinkPassTests.swift` showing a sequence only it makes smaller.
package protocol ShrinkPass: Sendable {
    /// What statistics and `--shrink-stats` call it.
    var name: String { get }
    /// When the shrinker runs it.
    var schedule: ShrinkSchedule { get }
    /// Offers candidates until none is left or `state.stopped`; true if one was accepted.
    func run(_ state: ShrinkState) -> Bool
}

/// When a pass runs.
package enum ShrinkSchedule: Sendable {
    /// Once, before the rounds: passes that turn a long sequence short in a few candidates.
    case opening
    /// In every round, in order; any acceptance starts another round.
    case everyRound
    /// Only when a round's every-round passes (and the local-minimum passes before it)
    /// accepted nothing: costlier or coordinated changes, tried at a local minimum.
    case atLocalMinimum
}

/// What one pass did in one shrink.
package struct ShrinkPassStatistics: Sendable, Equatable, Codable {
    package let name: String
    /// Candidates run (what sequential shrinking would have run).
    package var tried = 0
    /// Candidates accepted (each made the sequence smaller).
    package var accepted = 0
    /// Seconds spent in the pass, by the shrinker's clock.
    package var seconds = 0.0

    /// The same pass's figures from another shrink added to these (several starts of one shrink).
    package mutating func add(_ other: ShrinkPassStatistics) {
        tried += other.tried; accepted += other.accepted; seconds += other.seconds
    }
}
