import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Saves and loads sessions in a file, atomically, with a backup (P4, P5).
///
/// Files: `<name>` (the session), `<name>.backup` (the previous good session),
/// `<name>.tmp` while a save is in flight, `<name>.corrupt` for a corrupt session
/// moved aside by a save (never deleted).
public struct SessionStore: Sendable {
    public let url: URL
    public var backupURL: URL { URL(fileURLWithPath: url.path + ".backup") }
    public var temporaryURL: URL { URL(fileURLWithPath: url.path + ".tmp") }
    var corruptURL: URL { URL(fileURLWithPath: url.path + ".corrupt") }

    public init(url: URL) { self.url = url }

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

    /// P4/P5: writes a temporary file, keeps the previous good session as the backup,
    /// then renames the temporary file over the session. A crash at any point leaves a
    /// readable session or backup behind.
    public func save(_ snapshot: SessionSnapshot) throws {
        let data = snapshot.encoded()
        do {
            try data.write(to: temporaryURL)
        } catch {
            throw StoreError.writeFailed(path: temporaryURL.path, reason: "\(error)")
        }
        if let current = try? Data(contentsOf: url) {
            if (try? SessionSnapshot.decode(current)) != nil {
                try move(url, to: backupURL)       // P5: previous good snapshot
            } else {
                try move(url, to: corruptURL)      // never lose a corrupt file
            }
        }
        try move(temporaryURL, to: url)
    }

    /// P5: the session, else the backup (saying why), else an empty session; never
    /// deletes or rewrites either file.
    public func load() -> Loaded {
        var problems: [String] = []
        for (file, source) in [(url, Source.main), (backupURL, Source.backup)] {
            guard FileManager.default.fileExists(atPath: file.path) else { continue }
            do {
                let data = try Data(contentsOf: file)
                let snapshot = try SessionSnapshot.decode(data)
                return Loaded(snapshot: snapshot, source: source, problems: problems)
            } catch {
                problems.append("\(file.lastPathComponent): \(error)")
            }
        }
        return Loaded(snapshot: SessionSnapshot(tabs: [], activeTabID: nil), source: .empty, problems: problems)
    }

    private func move(_ from: URL, to: URL) throws {
        guard rename(from.path, to.path) == 0 else {
            throw StoreError.writeFailed(path: to.path, reason: String(cString: strerror(errno)))
        }
    }
}
