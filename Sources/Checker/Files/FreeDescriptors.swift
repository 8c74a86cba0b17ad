import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How many file descriptors this process could open now, counted up to a bound by opening
/// /dev/null and closing it again, and the open-file limit (`ulimit -n`) they are counted
/// under: what a command asks before it starts a child, threads or an atomic write (#54).
package enum FreeDescriptors {
    /// Up to `bound`: the number that could be opened (all of them closed again).
    package static func count(upTo bound: Int) -> Int {
        var opened: [Int32] = []
        defer { for fd in opened { close(fd) } }
        while opened.count < bound {
            let fd = open("/dev/null", O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { break }
            opened.append(fd)
        }
        return opened.count
    }

    /// The soft open-file limit.
    package static var limit: rlim_t {
        var r = rlimit()
        getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &r)
        return r.rlim_cur
    }
}
