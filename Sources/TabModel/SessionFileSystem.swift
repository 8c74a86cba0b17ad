import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The file operations a ``SessionStore`` needs, behind one small protocol so tests can
/// inject crashes between (or inside) them (P4).
public protocol SessionFileSystem: Sendable {
    /// The file's bytes, or nil when there is no such file.
    func read(_ path: String) throws -> Data?
    /// Creates or replaces the file with `data` (not atomic by itself).
    func write(_ data: Data, to path: String) throws
    /// Atomically replaces `to` with `from` (POSIX rename).
    func rename(_ from: String, to: String) throws
}

/// The real disk.
public struct LocalFileSystem: SessionFileSystem {
    public init() {}

    public func read(_ path: String) throws -> Data? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    public func write(_ data: Data, to path: String) throws {
        try data.write(to: URL(fileURLWithPath: path))
    }

    public func rename(_ from: String, to: String) throws {
        #if canImport(Glibc)
        let status = Glibc.rename(from, to)
        #else
        let status = Darwin.rename(from, to)
        #endif
        guard status == 0 else {
            throw SessionStore.StoreError.writeFailed(path: to, reason: String(cString: strerror(errno)))
        }
    }
}
