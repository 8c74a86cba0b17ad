import Foundation

/// The files a command-line case works on (`CommandLinePropertyTests`): laid out before the
/// run, listed after it, so the invariants can say what changed.
extension CommandLinePropertyTests {
    /// Makes the case's files in `dir`; returns what each held.
    static func lay(_ k: CommandLineCase, in dir: URL) -> [String: Data?] {
        var before: [String: Data?] = [:]
        let fm = FileManager.default
        for (name, kind) in k.files {
            let path = dir.appendingPathComponent(name).path
            guard !fm.fileExists(atPath: path) else { continue }
            try? fm.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            switch kind {
            case .text(let s): fm.createFile(atPath: path, contents: Data(s.utf8))
            case .empty: fm.createFile(atPath: path, contents: Data())
            case .folder: try? fm.createDirectory(atPath: path, withIntermediateDirectories: false)
            case .folderHolding(let inside):
                try? fm.createDirectory(atPath: path, withIntermediateDirectories: false)
                fm.createFile(atPath: path + "/" + inside, contents: Data("a user's own \(inside)\n".utf8))
            case .fifo: mkfifo(path, 0o644)
            case .danglingLink: symlink(dir.appendingPathComponent("nowhere").path, path)
            case .loopingLink: symlink(path, path)
            case .device: symlink("/dev/zero", path)
            case .hardLink(let to): link(dir.appendingPathComponent(to).path, path)
            case .link(let to): symlink(to, path)
            case .readOnly(let s): fm.createFile(atPath: path, contents: Data(s.utf8), attributes: [.posixPermissions: 0o444])
            }
            switch kind {
            case .text, .empty, .readOnly: before[name] = fm.contents(atPath: path)
            default: before[name] = .some(nil)   // never read: a FIFO would block, a device is endless
            }
        }
        return before
    }

    /// Every entry under `dir` (relative path → contents, nil for folders and special files).
    static func listing(_ dir: URL) -> [String: Data?] {
        var out: [String: Data?] = [:]
        let fm = FileManager.default
        guard let e = fm.enumerator(atPath: dir.path) else { return out }
        while let rel = e.nextObject() as? String {
            var st = stat()
            let path = dir.appendingPathComponent(rel).path
            guard lstat(path, &st) == 0 else { continue }
            out[rel] = (st.st_mode & S_IFMT) == S_IFREG ? fm.contents(atPath: path) : nil
        }
        return out
    }
}
