import Foundation
import Generators

/// The true minimal failing length, by brute force: every sequence over an alphabet of
/// length 1, 2, … up to a limit, breadth first, so the first failure found is a shortest one.
///
/// Two things make lengths up to 5 affordable. The alphabet can be drawn from a failing
/// sequence (`alphabet(limit:from:)`: its own arguments, every index and sequential id a
/// sequence of that length can reach, the boundary values of each threshold). And states
/// are merged: a prefix that leaves both drivers and the checker in exactly the state an
/// earlier (no longer) prefix left them in has the same failing continuations, so it is not
/// extended again. "Exactly the state" is the whole of it, hidden fields included — the
/// `StateText` of both drivers (every stored property, a mutant's stale cache and the
/// simulated disk too), the simulated collection view and the runner's own flags — so
/// merging loses no failing sequence; two equal states that print differently only merge less.
package enum ExhaustiveSearch {
    /// The fixed alphabet: each action kind with its simplest arguments.
    package static let alphabet: [Action] = [
        .willAppear, .newTab, .closeDisplayed(0), .closeDisplayed(1), .closeID("t1"), .closeAll, .setQuery("a"),
        .setQuery("new"), .cancelSearch, .setTitle(id: "t1", title: "a"), .move(from: 0, to: 1), .select(0), .reopen,
        .setViewport(ViewportSpec(width: 60, height: 60)), .swipeBegan(0, vx: 0, vy: 0), .swipeChanged(tx: -1),
        .swipeEnded(tx: 1, vx: -1000), .swipeEnded(tx: -125, vx: 0), .swipeCancelled, .tapClose(0),
        .flyAwayFinished("t1"), .save, .restoreSaved, .restoreData("{}"),
    ]

    /// The fixed alphabet's actions of the kinds declared on top of `Capability.all` (decisions.md, Behaviour, D), for
    /// drivers that have them: the user's reorder, the interactive movement.
    package static func newerActions(_ capabilities: Set<Capability>) -> [Action] {
        (capabilities.contains(.diffable) ? [.reorder(from: 0, to: 1)] : [])
            + (capabilities.contains(.interactiveMovement) ? [.beginMove(0), .updateMove(1), .endMove, .cancelMove] : [])
            + (capabilities.contains(.backgroundTabs) ? [.newBackgroundTab] : [])
            + (capabilities.contains(.appLifecycle) ? lifecycleActions : [])
    }

    /// The schedule's and the app's life's plainest steps (S): the oldest job, the next one, a
    /// throttle's interval on the clock, a settle, a flush, a kill and relaunch.
    static let lifecycleActions: [Action] = [.runJobs([0]), .runJobs([1]), .advanceClock(milliseconds: 5_000), .settle, .background, .relaunch]

    /// The alphabet for proving a failure minimal up to `limit` actions: the fixed alphabet,
    /// every action of `failing` itself, and for each kind the values that matter at that
    /// length — displayed indices 0…limit−1 (a sequence of `limit` actions holds at most
    /// limit−1 tabs before its last step, so limit−1 is also the first out-of-range index)
    /// and ids t1…t(limit−1), with the largest index and id `failing` uses; every query,
    /// title, viewport and velocity `failing` uses; and the G1/G4 thresholds' boundaries
    /// (|vy| = |vx|, tx = 0, −tx = 125, −vx = 1000, one point either side). Deterministic
    /// and ordered simplest kinds first, so the first failure found is the same every time.
    package static func alphabet(limit: Int, from failing: [Action] = []) -> [Action] {
        var indices = 0...max(1, limit - 1)
        var idNumbers = 1...max(1, limit - 1)
        var queries = ["", "a", "new"], titles = ["a"], data = ["{}"], ids: [String] = []
        var viewports = [ViewportSpec(width: 60, height: 60), .phone]
        var began: [(Double, Double)] = [(0, 0), (0, 1), (-1, 1), (-1000, 0)]
        var changed: [Double] = [-1, 1, -125]
        var ended: [(Double, Double)] = [(1, -1000), (-125, 0), (0, -1000), (-124, -999), (0, 0), (-1, 0)]
        func note(index i: Int) { if i >= 0 && i > indices.upperBound && i <= 64 { indices = 0...i } }
        func note(id: String) {
            if let d = id.firstIndex(where: \.isNumber), id[..<d] == "t", let n = Int(id[d...]), n >= 1, n <= 64 {
                if n > idNumbers.upperBound { idNumbers = 1...n }
            } else if !ids.contains(id) { ids.append(id) }
        }
        func add<T>(_ x: T, to list: inout [T], equal: (T, T) -> Bool) { if !list.contains(where: { equal($0, x) }) { list.append(x) } }
        func same(_ x: Double, _ y: Double) -> Bool { x == y || (x.isNaN && y.isNaN) }
        for a in failing {
            switch a {
            case .closeDisplayed(let i), .select(let i), .tapClose(let i): note(index: i)
            case let .move(f, t): note(index: f); note(index: t)
            case let .swipeBegan(i, vx, vy): note(index: i); add((vx, vy), to: &began) { same($0.0, $1.0) && same($0.1, $1.1) }
            case .swipeChanged(let tx): add(tx, to: &changed, equal: same)
            case let .swipeEnded(tx, vx): add((tx, vx), to: &ended) { same($0.0, $1.0) && same($0.1, $1.1) }
            case .closeID(let id), .flyAwayFinished(let id): note(id: id)
            case let .setTitle(id, title): note(id: id); add(title, to: &titles, equal: ==)
            case .setQuery(let q): add(q, to: &queries, equal: ==)
            case .setViewport(let v): add(v, to: &viewports, equal: ==)
            case .restoreData(let text): add(text, to: &data, equal: ==)
            case let .reorder(f, t): note(index: f); note(index: t)
            case .beginMove(let i), .updateMove(let i): note(index: i)
            // No argument to draw from; listed, not `default`, so a new kind's arguments are not forgotten.
            case .willAppear, .newTab, .closeAll, .beginSearch, .endSearch, .cancelSearch, .reopen, .swipeCancelled, .save,
                 .restoreSaved, .endMove, .cancelMove, .newBackgroundTab, .runJobs, .advanceClock, .settle, .background, .relaunch: break
            }
        }
        let allIDs = idNumbers.map { "t\($0)" } + ids
        var out: [Action] = [.newTab, .willAppear, .closeAll, .beginSearch, .endSearch, .cancelSearch, .reopen,
                             .swipeCancelled, .save, .restoreSaved]
        out += indices.map { .closeDisplayed($0) } + indices.map { .select($0) } + indices.map { .tapClose($0) }
        out += allIDs.map { .closeID($0) } + allIDs.map { .flyAwayFinished($0) }
        out += queries.map { .setQuery($0) }
        out += allIDs.flatMap { id in titles.map { .setTitle(id: id, title: $0) } }
        out += indices.flatMap { f in indices.map { .move(from: f, to: $0) } }
        out += indices.flatMap { i in began.map { .swipeBegan(i, vx: $0.0, vy: $0.1) } }
        out += changed.map { .swipeChanged(tx: $0) } + ended.map { .swipeEnded(tx: $0.0, vx: $0.1) }
        out += viewports.map { .setViewport($0) } + data.map { .restoreData($0) }
        if failing.contains(where: { Capability.needed(by: $0.kind) == .appLifecycle }) { out += lifecycleActions }
        for a in alphabet + failing where !out.contains(a) { out.append(a) }
        return out
    }

    package struct Result: Sendable {
        /// A shortest failing sequence (the first in breadth-first alphabet order), or nil.
        package let found: [Action]?
        /// The longest length searched completely (one less than `found`'s, if found).
        package let provenAbove: Int
        /// Sequences run, and distinct states kept for extension.
        package let sequencesRun: Int
        package let distinctStates: Int
        package let alphabetSize: Int
        /// Stopped before the search was complete (`shouldStop`, the deadline): `provenAbove`
        /// is all it proved.
        package var stopped = false
    }

    /// Breadth-first search with state merging; `jobs` threads run the candidates of a level
    /// (the result does not depend on `jobs`: the first failure in alphabet order wins).
    /// States are remembered by a 128-bit hash of their `StateText` (two independent 64-bit
    /// hashes), not the text itself, which runs to kilobytes: a collision would merge two
    /// different states, with a probability below 10⁻²⁵ for a million states.
    ///
    /// `isolated` (a failure that kills the process: a trap, a hang) runs each level's
    /// candidates in forked children instead (`IsolatedLevel`), and a candidate that ends its
    /// child as `isolated` says is a failure; `deadline` (a `RunClock` time) bounds them.
    package static func search(_ runner: Runner, limit: Int, alphabet: [Action], jobs: Int = 1,
                              shouldStop: @escaping @Sendable () -> Bool = { false }) -> Result {
        search(runner, limit: limit, alphabet: alphabet, jobs: jobs, isolated: nil, deadline: nil, shouldStop: shouldStop)
    }

    /// The search, with every option: `isolated` and `deadline` as above; `fails` says
    /// which outcomes count as a failure (nil: any failure); `maxSequences`
    /// bounds the candidates: a level that would take the total past it is not started, so
    /// the result depends on the bound, never on the machine (the shrinker's budget).
    package static func search(_ runner: Runner, limit: Int, alphabet: [Action], jobs: Int,
                               isolated: (@Sendable (Sandbox.End) -> Bool)?, deadline: Double?,
                               fails: (@Sendable (Runner.Outcome) -> Bool)? = nil, maxSequences: Int = .max,
                               shouldStop: @escaping @Sendable () -> Bool) -> Result {
        var frontier: [[Action]] = [[]]
        var seen: Set<StateHash> = []
        if let key = runner.stateKey(after: []).key { seen.insert(key) }
        var run = 0
        let a = alphabet.count
        for length in 1...max(1, limit) {
            let last = length == limit
            let total = frontier.count * a
            if total > maxSequences - run {
                return Result(found: nil, provenAbove: length - 1, sequencesRun: run, distinctStates: seen.count, alphabetSize: a, stopped: true)
            }
            let level = Level(runner: runner, prefixes: frontier, alphabet: alphabet, last: last,
                              workers: max(1, min(jobs, total)), fails: fails ?? { $0.failure != nil }, shouldStop: shouldStop)
            let (firstFailure, keys, complete) = isolated.map { level.runIsolated(counts: $0, deadline: deadline) } ?? level.run()
            run += total
            if shouldStop() || !complete {
                return Result(found: nil, provenAbove: length - 1, sequencesRun: run, distinctStates: seen.count, alphabetSize: a, stopped: true)
            }
            if let i = firstFailure {
                return Result(found: level.candidate(i), provenAbove: length - 1, sequencesRun: run,
                              distinctStates: seen.count, alphabetSize: a)
            }
            if last { break }
            frontier = []
            for (i, key) in keys.enumerated() {
                guard let key else { continue }
                if seen.insert(key).inserted { frontier.append(level.candidate(i)) }
            }
        }
        return Result(found: nil, provenAbove: max(1, limit), sequencesRun: run, distinctStates: seen.count, alphabetSize: a)
    }

    /// One length of the search: candidate i is prefix i / a followed by action i % a.
    struct Level: Sendable {
        let runner: Runner
        let prefixes: [[Action]]
        let alphabet: [Action]
        /// The last length: no state keys are needed, only failures.
        let last: Bool
        let workers: Int
        /// Which outcomes are the failure searched for.
        let fails: @Sendable (Runner.Outcome) -> Bool
        let shouldStop: @Sendable () -> Bool

        var total: Int { prefixes.count * alphabet.count }
        func candidate(_ i: Int) -> [Action] { prefixes[i / alphabet.count] + [alphabet[i % alphabet.count]] }

        /// In this process. Strided: each worker takes every workers-th candidate, so they
        /// finish together; a worker stops early only past a failure already found at a lower index.
        func run() -> (firstFailure: Int?, keys: [StateHash?], complete: Bool) {
            let results = Slots<StateHash?>(count: last ? 0 : total, empty: nil)
            let firstFailure = FirstIndex()
            DispatchQueue.concurrentPerform(iterations: workers) { w in
                let local = runner.isolatedCopy()
                var i = w
                while i < total && !shouldStop() && i < firstFailure.value {
                    let r = verdict(local, i)
                    if r.failed { firstFailure.lower(to: i) } else if !last { results.set(i, r.key) }
                    i += workers
                }
            }
            return (firstFailure.value < total ? firstFailure.value : nil, results.values, true)
        }

        /// Candidate i run on `local`: whether it fails as searched for, else the state it leaves.
        func verdict(_ local: Runner, _ i: Int) -> (failed: Bool, key: StateHash?) {
            let out = local.run(.actions(candidate(i)), collectCoverage: false, keyingState: !last)
            return (fails(out), out.stateKey)
        }
    }
}

/// A state's identity for merging: two 64-bit hashes of its text.
package struct StateHash: Hashable, Sendable {
    let a, b: UInt64
    init(_ text: String) {
        var a: UInt64 = 0xcbf2_9ce4_8422_2325          // FNV-1a
        var b: UInt64 = 0x9e37_79b9_7f4a_7c15          // a multiply-rotate hash, independent of it
        for byte in text.utf8 {
            a = (a ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            b = ((b ^ UInt64(byte)) &* 0xff51_afd7_ed55_8ccd)
            b = (b << 29) | (b >> 35)
        }
        self.a = a; self.b = b
    }
}

/// The lowest index any thread reported.
final class FirstIndex: @unchecked Sendable {
    private var lowest = Int.max
    private let lock = NSLock()
    var value: Int { lock.lock(); defer { lock.unlock() }; return lowest }
    func lower(to i: Int) { lock.lock(); lowest = min(lowest, i); lock.unlock() }
}


/// The whole of a value as text, for state merging: every stored property, recursively
/// (private ones and class instances' too), like `dump` — except that a dictionary's or a
/// set's entries are sorted, so equal contents read the same whatever their storage order
/// (which depends on where the storage lives, and so on the thread and the run).
enum StateText {
    static func of(_ value: Any) -> String {
        var out = ""
        var visited: Set<ObjectIdentifier> = []
        write(value, &out, &visited)
        return out
    }

    private static func write(_ value: Any, _ out: inout String, _ visited: inout Set<ObjectIdentifier>) {
        // Values whose mirror shows an address rather than contents: bytes by their contents,
        // a Foundation object (a lock) and a raw pointer by their type alone.
        // (Exact types only: a cast like `is NSObject` would also accept a bridged String.)
        if type(of: value) == Data.self, let data = value as? Data { out += "Data(\(data.base64EncodedString()));"; return }
        let t = type(of: value)
        if t is NSObject.Type || t == UnsafeRawPointer.self || t == UnsafeMutableRawPointer.self || t == OpaquePointer.self {
            out += "\(t);"
            return
        }
        let m = Mirror(reflecting: value)
        if m.displayStyle == .class {
            let id = ObjectIdentifier(value as AnyObject)
            // A class met again (a cycle, or shared) is written once; the shape stays exact.
            if !visited.insert(id).inserted { out += "<seen \(type(of: value))>"; return }
        }
        if m.children.isEmpty && m.superclassMirror == nil {
            out += "\(m.subjectType)=\(String(reflecting: value));"
            return
        }
        out += "\(m.subjectType){"
        switch m.displayStyle {
        case .dictionary?, .set?:
            let entries = m.children.map { child -> String in
                var s = ""
                write(child.value, &s, &visited)
                return s
            }.sorted()
            out += entries.joined(separator: ",")
        default:
            var mirror: Mirror? = m
            while let current = mirror {
                for child in current.children {
                    out += "\(child.label ?? "_"):"
                    write(child.value, &out, &visited)
                }
                mirror = current.superclassMirror
            }
        }
        out += "}"
    }
}
