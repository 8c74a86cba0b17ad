import Foundation

/// Writing to the terminal without ever trapping. `FileHandle.write` traps when the stream
/// cannot be written (stderr closed with `2>&-`, or `2>/dev/full`); a lost progress line or
/// diagnostic must not cost a run, so these write(2) the bytes and ignore its errors, and
/// SIGPIPE is ignored (`tabcheck | head -1` closes stdout after the first line: the run goes
/// on, saves its failure and exits with its own code).
package enum Console {
    /// Once, at start-up.
    /// SIGXFSZ ignored too (#54): under `ulimit -f` a write past the limit then fails with
    /// EFBIG, which every writer here reports (a line and exit 2), instead of killing the process
    /// with no message and its temporary files left behind. (An isolated child inherits it.)
    package static func install() {
        signal(SIGPIPE, SIG_IGN)
        signal(SIGXFSZ, SIG_IGN)
        holdClosedDescriptors()
    }

    /// A process started with 0, 1 or 2 closed (`tabcheck >&-`) gets /dev/null there before it
    /// opens anything: else the first file it opens (a database entry, a report) takes the
    /// number and every line meant for stdout lands in that file. A closed stdout counts as
    /// lost (`stdoutLost`), so the verdict it would have carried is never exit 0 (#54).
    static func holdClosedDescriptors() {
        for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            let null = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY)
            if null >= 0 && null != fd { dup2(null, fd); close(null) }
            if fd == 1 { stdoutLost = EBADF }
        }
    }

    /// The executable's name, which begins every diagnostic (`tabcheck: …`, or an adopter's
    /// own). Set once by `TabCheck.run` before any thread starts, read-only after.
    nonisolated(unsafe) package static var program = "tabcheck"

    package static func error(_ s: String) { write(2, s) }

    /// The errno of the first write to standard output that failed (a full disk, a closed
    /// descriptor), else nil: `outputWritten` reads it with C's stdout, so a verdict that went
    /// nowhere is never exit 0 whichever way a command wrote it (#54).
    nonisolated(unsafe) package static var stdoutLost: Int32?

    /// After what `print` has buffered, so the lines keep their order.
    package static func output(_ s: String) {
        fflush(nil)
        write(1, s)
    }

    private static func write(_ fd: Int32, _ s: String) {
        var bytes = Array(s.utf8)
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Foundation.write(fd, $0.baseAddress! + done, $0.count - done) }
            if n <= 0 {               // closed, full, or gone: the line is lost, the run goes on
                if fd == 1, stdoutLost == nil { stdoutLost = n < 0 ? errno : EIO }
                return
            }
            done += n
        }
    }
}
