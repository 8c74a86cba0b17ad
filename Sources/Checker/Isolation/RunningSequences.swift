#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a campaign is doing, written where a supervising parent can read it after the
/// campaign's process died (decisions.md, Isolation and traps): memory shared across `fork`, so keeping it costs a
/// store per sequence, not a system call. The parent learns which sequences were running —
/// one per job — or which failure was being shrunk, and runs them again in isolation.
package final class RunningSequences: @unchecked Sendable {
    package enum Phase: UInt64, Sendable {
        /// Not in a campaign (a replay, one sequence, the failure database).
        case other = 0
        /// Running generated sequences.
        case generating = 1
        /// Shrinking the failure of `failingSeed`.
        case shrinking = 2
    }

    /// Jobs beyond this share the last slot (a parent then reruns fewer candidates).
    package static let maxJobs = 64
    private let words: UnsafeMutablePointer<UInt64>
    /// Words: phase, failing seed, sequences and steps finished, (running flag, seed) per job, then sequences started.
    private static let counter = 4 + 2 * maxJobs
    private static let size = (counter + 1) * 8

    /// Shared memory for one campaign, or nil when the system refuses it: anonymous (shared
    /// with children forked after it), or the file at `path` (shared with any process that
    /// maps it: a child started anew — `fresh` empties it first).
    package init?(path: String? = nil, fresh: Bool = true) {
        var fd: Int32 = -1
        if let path {
            fd = open(path, O_RDWR | O_CREAT, 0o600)
            guard fd >= 0, !fresh || ftruncate(fd, 0) == 0, ftruncate(fd, off_t(Self.size)) == 0 else { if fd >= 0 { close(fd) }; return nil }
            // The file's pages reserved now: a file only sized is sparse, and on a full file
            // system the first write through the mapping would be a SIGBUS, not an error (#54's
            // audit: every isolated command crashed with TMPDIR on a full disk).
            #if canImport(Glibc)
            if fresh {
                let r = posix_fallocate(fd, 0, off_t(Self.size))
                guard r == 0 else { close(fd); errno = r; return nil }
            }
            #endif
        }
        defer { if fd >= 0 { close(fd) } }
        let p = mmap(nil, Self.size, PROT_READ | PROT_WRITE, fd >= 0 ? MAP_SHARED : MAP_SHARED | MAP_ANONYMOUS, fd, 0)
        guard let p, p != MAP_FAILED else { return nil }
        words = p.bindMemory(to: UInt64.self, capacity: Self.size / 8)
        if fresh { words.initialize(repeating: 0, count: Self.size / 8) }
    }
    deinit { munmap(words, Self.size) }

    package var phase: Phase {
        get { Phase(rawValue: words[0]) ?? .other }
        set { words[0] = newValue.rawValue }
    }
    /// The sequence whose failure is being shrunk.
    package var failingSeed: UInt64 {
        get { words[1] }
        set { words[1] = newValue }
    }
    /// Sequences and steps finished, as of the last round.
    package var finished: (sequences: Int, steps: Int) {
        get { (Int(truncatingIfNeeded: words[2]), Int(truncatingIfNeeded: words[3])) }
        set { words[2] = UInt64(truncatingIfNeeded: newValue.sequences); words[3] = UInt64(truncatingIfNeeded: newValue.steps) }
    }
    /// Job `job` starts the sequence of `seed`.
    package func start(job: Int, seed: UInt64) {
        let j = min(max(job, 0), Self.maxJobs - 1)
        words[Self.counter] &+= 1
        words[4 + 2 * j + 1] = seed
        words[4 + 2 * j] = 1
    }
    /// Sequences started so far: what a watching parent takes for progress.
    package var started: UInt64 { words[Self.counter] }
    /// The seeds of the sequences running when the process died, one per job that had one.
    package var running: [UInt64] {
        (0..<Self.maxJobs).compactMap { j in words[4 + 2 * j] == 1 ? words[4 + 2 * j + 1] : nil }
    }
}
