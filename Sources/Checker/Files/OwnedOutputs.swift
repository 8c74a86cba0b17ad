import Foundation

extension InputFile {
    /// An output of any command never lands where tabcheck keeps what it found (#54: `layout
    /// --svg` and `merge --html` wrote over a saved failure, which the campaign's `--html`
    /// refused): over a saved failure, a replay file wherever it lives (a `--db` of any name),
    /// or inside a failure database's default folders (`.tabcheck/failures`, `.tabcheck/fixed`).
    /// `prepareOutput` calls it, so every output flag of every command inherits it.
    static func refuseOwned(_ path: String, flag: String) throws(InputError) {
        let url = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath()
        let folders = url.deletingLastPathComponent().pathComponents
        for (a, b) in zip(folders, folders.dropFirst()) where a == ".tabcheck" && (b == "failures" || b == "fixed") {
            throw InputError("\(flag) \(path) is inside the failure database (.tabcheck/\(b)), which tabcheck owns: it could replace a saved failure; write it elsewhere")
        }
        if isReplayFile(url.path) {
            throw InputError("\(flag) \(path) is a saved failure (a tabcheck replay file): writing there would lose it; write it elsewhere")
        }
    }

    /// Whether the file at `path` is a replay file: it names its format (`"tabcheck-replay"`)
    /// within the replay files' size limit. Read without parsing: it may be any file at all, and
    /// only a regular file is opened (opening a FIFO to read waits for a writer: a hang).
    static func isReplayFile(_ path: String) -> Bool {
        var st = stat()
        guard stat(path, &st) == 0, st.st_mode & S_IFMT == S_IFREG, let h = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? h.close() }
        guard let data = try? h.read(upToCount: 16 << 20) else { return false }
        return data.range(of: Data("\"tabcheck-replay\"".utf8)) != nil
    }
}
