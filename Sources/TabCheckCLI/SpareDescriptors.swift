import Checker
import Foundation

/// Whether enough file descriptors are free to start a child through Foundation's `Process`
/// (#54, the stop's audit: under `ulimit -n` 5–16, `db push`, `db pull` and `durability` died of
/// SIGILL inside Foundation, or printed its "Could not create wakeup socket pair"). `Process`
/// needs pipes, a socket pair and the child's own three, and traps when it cannot make them;
/// so each command asks first, and a shortage is exit 2 with one line naming the limit.
package enum SpareDescriptors {
    /// What starting one child may take: two pipes (four), a socket pair (two), the child's
    /// three, and headroom for what Foundation opens besides.
    package static let needed = 24

    /// nil when `needed` descriptors can be opened now; else why not, for `what` ("git").
    package static func shortage(toStart what: String) -> InputError? {
        let limit = FreeDescriptors.limit
        // A descriptor open at or above the soft limit (inherited from a shell that lowered it
        // after opening one): Foundation's `Process` fails on it with "Bad file descriptor".
        if let listed = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd"),
           let high = listed.compactMap({ rlim_t($0) }).filter({ $0 >= limit }).max() {
            return InputError("cannot start \(what): file descriptor \(high) is open at or above ulimit -n \(limit), "
                              + "which a child cannot be started beside — raise ulimit -n above \(high) or close it")
        }
        let free = FreeDescriptors.count(upTo: needed)
        guard free < needed else { return nil }
        return InputError("cannot start \(what): only \(free) file descriptors are free (ulimit -n \(limit)); "
                          + "starting a child needs \(needed) — raise ulimit -n")
    }
}
