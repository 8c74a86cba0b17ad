#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Under a memory limit, the isolated worker's standard error comes through its supervising
/// parent, line by line — all but the Swift runtime's "Fatal error: failed to allocate" and
/// the stack trace after it (#54: 10,000 start tabs under `ulimit -v 90000` ended with exit 2
/// and the worker's 30-line trace above the one line that said it was the limit). The parent
/// then says what the death was: the limit's, in one line, or the model's, with its report.
/// Without a limit the worker writes to standard error itself, as ever.
struct StderrRelay {
    private let readEnd: Int32
    /// The worker's end, given to it as descriptor 2.
    let writeEnd: Int32
    private var line: [UInt8] = []
    /// From the runtime's allocation failure on, nothing more is passed on.
    private var holding = false

    init?() {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        readEnd = ends[0]; writeEnd = ends[1]
    }

    /// After the spawn: the worker has its copy of the write end.
    func spawned() { close(writeEnd) }

    /// Passes on what arrived within `milliseconds`; false at end of file.
    mutating func pump(milliseconds: Int32) -> Bool {
        var p = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
        guard poll(&p, 1, milliseconds) > 0 else { return true }
        var buffer = [UInt8](repeating: 0, count: 4_096)
        let n = read(readEnd, &buffer, buffer.count)
        if n < 0 { return errno == EINTR || errno == EAGAIN }
        if n == 0 { flush(); return false }
        for byte in buffer[..<n] {
            line.append(byte)
            if byte == UInt8(ascii: "\n") { flush() }
        }
        return true
    }

    /// Everything the worker and what it started wrote, until they close it (a second at most).
    mutating func drain() {
        for _ in 0..<10 where pump(milliseconds: 100) {}
        flush()
        close(readEnd)
    }

    private mutating func flush() {
        guard !line.isEmpty else { return }
        if line.starts(with: Array("Fatal error: failed to allocate".utf8)) { holding = true }
        if !holding { line.withUnsafeBufferPointer { _ = write(2, $0.baseAddress, $0.count) } }
        line = []
    }
}
