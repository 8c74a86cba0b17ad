import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The file operations a ``SessionStore`` needs, behind one small protocol so tests can
/// inject crashes and power losses between (or inside) them (P4).
public protocol SessionFileSystem: Sendable {
    /// The file's bytes, or nil when there is no such file.
    func read(_ path: String) throws -> Data?
    /// Whether a file (of any content) is at `path`.
    func exists(_ path: String) -> Bool
    /// Creates or replaces the file with `data` (not atomic, not durable by itself).
    func write(_ data: Data, to path: String) throws
    /// Makes the file's contents durable (fsync): they survive a power loss.
    func sync(_ path: String) throws
    /// Atomically replaces `to` with `from` (POSIX rename); durable only after
    /// ``syncDirectory(of:)``.
    func rename(_ from: String, to: String) throws
    /// Makes the names in the folder holding `path` durable (fsync of the folder), so
    /// renames done in it survive a power loss.
    func syncDirectory(of path: String) throws
}

/// The real disk.
public struct LocalFileSystem: SessionFileSystem {
    public init() {}

    public func read(_ path: String) throws -> Data? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    public func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    /// With POSIX calls, so a failure says why in the system's words ("File too large"):
    /// Foundation's `Data.write` gave only "Foundation error 512" under `ulimit -f` (#54).
    public func write(_ data: Data, to path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw Self.failure(path) }
        defer { close(fd) }
        let written = data.withUnsafeBytes { buffer -> Bool in
            var done = 0
            while done < buffer.count {
                #if canImport(Glibc)
                let n = Glibc.write(fd, buffer.baseAddress! + done, buffer.count - done)
                #else
                let n = Darwin.write(fd, buffer.baseAddress! + done, buffer.count - done)
                #endif
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return false }
                done += n
            }
            return true
        }
        guard written else { throw Self.failure(path) }
    }

    public func sync(_ path: String) throws {
        try fsync(path: path, flags: O_RDONLY)
    }

    public func rename(_ from: String, to: String) throws {
        #if canImport(Glibc)
        let status = Glibc.rename(from, to)
        #else
        let status = Darwin.rename(from, to)
        #endif
        guard status == 0 else { throw Self.failure(to) }
    }

    public func syncDirectory(of path: String) throws {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        #if canImport(Glibc)
        try fsync(path: folder, flags: O_RDONLY | O_DIRECTORY)
        #else
        try fsync(path: folder, flags: O_RDONLY)
        #endif
    }

    private func fsync(path: String, flags: Int32) throws {
        let fd = open(path, flags)
        guard fd >= 0 else { throw Self.failure(path) }
        defer { close(fd) }
        #if canImport(Glibc)
        let status = Glibc.fsync(fd)
        #else
        let status = Darwin.fsync(fd)
        #endif
        guard status == 0 else { throw Self.failure(path) }
    }

    private static func failure(_ path: String) -> SessionStore.StoreError {
        SessionStore.StoreError.writeFailed(path: path, reason: String(cString: strerror(errno)))
    }
}
