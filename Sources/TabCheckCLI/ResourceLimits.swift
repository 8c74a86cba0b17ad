import Checker
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The limits the tool was started under that can end a run for reasons of its own (#54): a
/// death that no sequence repeats alone, under one of them, is the limit's and is said so with
/// exit 2 — never taken for the model's nondeterminism.
enum ResourceLimits {
    /// The memory limit in the shell's words ("ulimit -v 120000 kB"), nil when there is none.
    static var memory: String? {
        for (resource, name) in [(Int32(RLIMIT_AS.rawValue), "ulimit -v"), (Int32(RLIMIT_DATA.rawValue), "ulimit -d")] {
            var r = rlimit()
            guard getrlimit(__rlimit_resource_t(UInt32(resource)), &r) == 0, r.rlim_cur != rlim_t.max else { continue }
            return "\(name) \(r.rlim_cur / 1024) kB"
        }
        return nil
    }

    /// The line to exit with when `failure` is the memory limit's — the Swift runtime's "failed
    /// to allocate" under `ulimit -v` — and not the model's: the harness's memory class found
    /// 10,000 start tabs under `ulimit -v 90000` called a FAIL ("the checker trapped"), then the
    /// shrink ran out of memory too and the tool died with a backtrace (#54). Nil otherwise.
    static func outOfMemory(_ failure: Runner.Failure, at origin: String) -> String? {
        guard failure.violation.property == .crash, let limit = memory,
              failure.violation.message.contains("failed to allocate") else { return nil }
        return "the run ran out of memory under a memory limit (\(limit)) at step \(failure.step) of \(origin): the limit, not the model — raise it, or run with a smaller --start-tabs or --max-steps"
    }

    /// Whether a run on `jobs` threads has the file descriptors it needs: libdispatch's threads
    /// keep three of their own (it traps with fewer than two: under `ulimit -n 4` the worker
    /// died of SIGILL, #54), and a failure's replay file and the reports need one more each
    /// while they are written (under `ulimit -n` 5 or 6 the run went on, found its failure and
    /// could save nothing). Nil when they are free; else the line to exit with. One thread keeps none.
    static func descriptorProblem(jobs: Int) -> String? {
        guard jobs > 1 else { return nil }
        let needed = 4, free = FreeDescriptors.count(upTo: needed)
        guard free < needed else { return nil }
        return "--jobs \(jobs) needs \(needed) free file descriptors (its threads keep 3, a file being saved takes 1), and the open-file limit (ulimit -n \(FreeDescriptors.limit)) leaves \(free): give --jobs 1 or raise the limit"
    }

    /// Whether `jobs` threads can start under the memory limit: each needs its stack mapped, and
    /// where none can be, libdispatch's concurrentPerform waits for one forever (#54: a campaign
    /// under `ulimit -v 80000` slept in _dispatch_temporary_resource_shortage, never ending).
    /// Nil when they can (or there is no limit); else the line to exit with.
    static func threadProblem(jobs: Int) -> String? {
        guard jobs > 1, let limit = memory else { return nil }
        var started: [pthread_t] = []
        defer { for t in started { pthread_join(t, nil) } }
        for _ in 1..<jobs {
            var t = pthread_t()
            let r = pthread_create(&t, nil, { _ in nil }, nil)
            guard r == 0 else {
                return "--jobs \(jobs) needs \(jobs) threads, and the memory limit (\(limit)) leaves room for \(started.count + 1): give --jobs \(started.count + 1) or raise the limit"
            }
            started.append(t)
        }
        return nil
    }
}
