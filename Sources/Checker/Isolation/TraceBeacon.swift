#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the child of an isolated run is (decisions.md, Isolation and traps, decisions.md, Shrinking): how many actions the implementation
/// has been given and which driver call is in progress, kept in memory shared across `fork`.
/// A store per call, where a line through a pipe was a system call in the child and a wake-up
/// in the parent; the parent reads the words after the child ended — of a trap, too — and
/// watches `progress` for a stall.
final class TraceBeacon: @unchecked Sendable {
    /// The driver calls a child can die in, by code (0: none).
    static let calls = ["implementation.apply", "implementation.observe", "implementation.roundTrip", "implementation.storageProblem",
                        "oracle.apply", "oracle.observe", "oracle.roundTrip", "oracle.storageProblem"]
    enum Call: Int { case apply = 1, observe, roundTrip, storageProblem }

    /// Words: actions applied, the call in progress, calls begun and ended.
    private let words: UnsafeMutablePointer<UInt64>
    private static let size = 3 * 8

    /// Shared with children forked after it; nil when the system refuses the mapping.
    init?() {
        let p = mmap(nil, Self.size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0)
        guard let p, p != MAP_FAILED else { return nil }
        words = p.bindMemory(to: UInt64.self, capacity: 3)
        words.initialize(repeating: 0, count: 3)
    }
    deinit { munmap(words, Self.size) }

    /// Actions the implementation has been handed (the last one may be running).
    var applied: Int { Int(truncatingIfNeeded: words[0]) }
    /// The driver call in progress as "role.method", or nil between calls.
    var calling: String? {
        let code = Int(truncatingIfNeeded: words[1])
        return code > 0 && code <= Self.calls.count ? Self.calls[code - 1] : nil
    }
    /// Calls begun and ended so far: what the parent takes for progress.
    var progress: UInt64 { words[2] }

    /// Back to the start, for a new child.
    func reset() { words.update(repeating: 0, count: 3) }
    func applying() { words[0] &+= 1 }
    func begin(_ call: Call, oracle: Bool) { words[1] = UInt64(call.rawValue + (oracle ? 4 : 0)); words[2] &+= 1 }
    func end() { words[1] = 0; words[2] &+= 1 }
}
