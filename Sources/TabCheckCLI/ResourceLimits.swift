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
}
