#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `serve`'s side of the pipe (#54's second audit of the fifth round): requests read a line at
/// a time with a cap (an endless line — `serve < /dev/zero` — grew to 11 GB), a reply that
/// cannot be written said on one line, and a signal that ends the server at once (it holds
/// nothing to save; it waited in `readLine` and ignored SIGINT and SIGTERM until its input closed).
struct ServeInput {
    /// The longest request read (a `run` of the checker's longest sequence is ~10 MB).
    static let maxLine = 64 << 20
    private var buffer: [UInt8] = []
    private var start = 0
    private var skipping = false

    /// The next line, `.tooLong` once for a line over the cap (the rest of it is skipped), nil at end of input.
    enum Line { case text(String), tooLong }

    mutating func next() -> Line? {
        var scanned = start
        while true {
            if let nl = buffer[scanned...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = buffer[start..<nl]
                start = nl + 1
                if skipping { skipping = false; scanned = start; continue }
                return .text(String(decoding: line, as: UTF8.self))
            }
            scanned = buffer.count
            if buffer.count - start > Self.maxLine {
                buffer.removeAll(keepingCapacity: true); start = 0; scanned = 0
                if !skipping { skipping = true; return .tooLong }
            }
            if start > 0 && start >= buffer.count / 2 { buffer.removeFirst(start); scanned -= start; start = 0 }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let n = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress!, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                guard start < buffer.count, !skipping else { return nil }
                let last = buffer[start...]
                start = buffer.count
                return .text(String(decoding: last, as: UTF8.self))
            }
            buffer.append(contentsOf: chunk[0..<n])
        }
    }

    /// SIGINT, SIGTERM and SIGHUP end the server at once, with the shell's status for each.
    static func endOnSignals() {
        signal(SIGINT) { _ in _exit(130) }
        signal(SIGTERM) { _ in _exit(143) }
        signal(SIGHUP) { _ in _exit(129) }
    }
}
