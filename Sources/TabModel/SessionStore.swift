import Foundation

/// Saves and loads sessions in a file, atomically, with a backup (P4, P5).
///
/// Files: `<name>` (the session), `<name>.backup` (the previous good session),
/// `<name>.tmp` while a save is in flight, `<name>.corrupt` (then `<name>.corrupt.2`,
/// `.corrupt.3` …) for each corrupt session moved aside by a save: never deleted, never
/// overwritten.
public struct SessionStore: Sendable {
    public let url: URL
    public let fileSystem: any SessionFileSystem
    /// The files' paths, worked out once (`URL.path` costs more than a save of a few tabs).
    private let path: String, backupPath: String, temporaryPath: String, corruptPath: String
    public var backupURL: URL { URL(fileURLWithPath: backupPath) }
    public var temporaryURL: URL { URL(fileURLWithPath: temporaryPath) }
    public var corruptURL: URL { URL(fileURLWithPath: corruptPath) }

    /// The first corrupt-copy name not yet taken: `.corrupt`, `.corrupt.2`, `.corrupt.3` …
    public func freeCorruptURL() -> URL { URL(fileURLWithPath: freeCorruptPath()) }

    private func freeCorruptPath() -> String {
        var n = 1
        while true {
            let candidate = n == 1 ? corruptPath : corruptPath + ".\(n)"
            if !fileSystem.exists(candidate) { return candidate }
            n += 1
        }
    }

    public init(url: URL, fileSystem: any SessionFileSystem = LocalFileSystem()) {
        self.url = url
        self.fileSystem = fileSystem
        path = url.path
        backupPath = path + ".backup"
        temporaryPath = path + ".tmp"
        corruptPath = path + ".corrupt"
    }

    /// Where a loaded session came from.
    public enum Source: Equatable, Sendable { case main, backup, empty }

    public struct Loaded: Sendable {
        public let snapshot: SessionSnapshot
        public let source: Source
        /// What was wrong with the files that were not used (P5), e.g. "session.json: …".
        public let problems: [String]
    }

    public enum StoreError: Error, CustomStringConvertible {
        case writeFailed(path: String, reason: String)
        public var description: String {
            switch self {
            case let .writeFailed(path, reason): return "could not save the session to \(path): \(reason); the previous file is intact"
            }
        }
    }

    /// P4/P5: writes a temporary file and makes it durable, keeps the previous good session
    /// as the backup (a corrupt one as a numbered `.corrupt` copy), renames the temporary
    /// file over the session, then makes the folder's names durable. A crash or a power loss
    /// at any point leaves the previous session readable (as the session or the backup);
    /// once `save` returns, the new one survives a power loss. O(n).
    public func save(_ snapshot: SessionSnapshot) throws {
        let fs = fileSystem
        do {
            try fs.write(snapshot.encoded(), to: temporaryPath)
            try fs.sync(temporaryPath)                          // the bytes are on disk before any name points at them
        } catch let said as StoreError {
            throw said
        } catch {
            throw StoreError.writeFailed(path: temporaryPath, reason: Self.words(error))
        }
        if let current = try? fs.read(path) {
            if (try? SessionSnapshot.decode(current)) != nil {
                try fs.rename(path, to: backupPath)              // P5: previous good snapshot
            } else {
                try fs.rename(path, to: freeCorruptPath())       // never lose (or overwrite) a corrupt file
            }
        }
        try fs.rename(temporaryPath, to: path)
        try fs.syncDirectory(of: path)                         // the renames survive a power loss
    }

    /// P5: the session, else the backup (saying why), else an empty session; never
    /// deletes or rewrites either file. O(n).
    public func load() -> Loaded {
        var problems: [String] = []
        for (file, source) in [(path, Source.main), (backupPath, Source.backup)] {
            do {
                guard let data = try fileSystem.read(file) else { continue }
                let snapshot = try SessionSnapshot.decode(data)
                return Loaded(snapshot: snapshot, source: source, problems: problems)
            } catch {
                problems.append("\(file.split(separator: "/").last.map(String.init) ?? file): \(error)")
            }
        }
        return Loaded(snapshot: SessionSnapshot(tabs: [], activeTabID: nil), source: .empty, problems: problems)
    }
}

extension SessionStore {
    /// A file system error in words ("File too large"), never Foundation's "Error
    /// Domain=NSCocoaErrorDomain Code=512 …" (#54: under `ulimit -f` the durability check printed
    /// it whole): the POSIX reason where there is one, underneath or at the top.
    static func words(_ error: any Error) -> String {
        let ns = error as NSError
        if ns.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(ns.code))) }
        if let u = ns.userInfo[NSUnderlyingErrorKey] as? NSError, u.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(u.code))) }
        if ns.domain == NSCocoaErrorDomain { return ns.code >= 512 ? "the file could not be written (Foundation error \(ns.code))" : "the file could not be read (Foundation error \(ns.code))" }
        return String(describing: error)
    }
}
