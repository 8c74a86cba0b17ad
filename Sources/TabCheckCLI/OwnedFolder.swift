import Checker
import Foundation

/// A folder tabcheck fills with a set of files (`--frames DIR`: frame-NNN.svg; `corpus DIR`:
/// seed-N): its own once marked with a file. A later run replaces only files in a folder so
/// marked; one that holds files of those names without the mark is the user's and refused up
/// front; nothing is written through a symbolic link (decisions.md, Command line and inputs: `corpus` overwrote a user's file,
/// and wrote through a link to a file outside the folder).
package struct OwnedFolder {
    package let path: String
    package let flag: String
    /// The files of the set, by name.
    package let isOurs: (String) -> Bool
    /// Whether a later run may replace the set (`--frames`), which a mark file allows; a fuzzer's
    /// corpus is not marked (libFuzzer would read the mark as an input): a rerun into it is refused.
    package var replaces = true
    package init(path: String, flag: String, isOurs: @escaping (String) -> Bool, replaces: Bool = true) {
        self.path = path; self.flag = flag; self.isOurs = isOurs; self.replaces = replaces
    }
    package static let mark = ".tabcheck-owned"

    package var marked: Bool { replaces && FileManager.default.fileExists(atPath: path + "/" + Self.mark) }

    /// Refuses a folder holding files of the set that tabcheck did not write.
    package func claim() throws(InputError) {
        guard !marked, let theirs = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted().first(where: isOurs) else { return }
        // An unmarked set (a fuzzer's corpus) may be tabcheck's own from an earlier run: the reason says what is known.
        let whose = replaces ? "which tabcheck did not write and would replace" : "which this run would replace (a corpus folder carries no mark: libFuzzer reads every file in it as an input)"
        throw InputError("\(flag) \(path) already holds \(theirs), \(whose); give an empty or new folder\(replaces ? "" : ", or remove its seed-* files")")
    }

    /// Whether `prepare()` made the folder (a run that writes nothing removes it again:
    /// `discardIfEmpty`). A box, so `prepare()` stays non-mutating (its public signature).
    private let made = Made()
    private final class Made: @unchecked Sendable { var folder = false }

    /// Creates the folder, marks it, and removes the set's files of an earlier run.
    package func prepare() throws(InputError) {
        made.folder = !FileManager.default.fileExists(atPath: path)
        do { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) } catch {
            throw InputError("\(flag) \(path): \(InputFile.reason(error))")
        }
        try claim()
        if marked {
            for old in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] where isOurs(old) { unlink(path + "/" + old) }
        }
        if replaces { try write(Data("files written by tabcheck (\(flag)); it replaces them on the next run\n".utf8), name: Self.mark) }
    }

    /// After a write failed (`write` removes its half-written file): the folder too, when this
    /// run made it and nothing is in it — a refusal under a file-size limit leaves nothing behind (#54).
    package func discardIfEmpty() {
        if made.folder, ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? ["?"]).isEmpty { rmdir(path) }
    }

    /// Writes one file, never through a link (`O_NOFOLLOW`).
    package func write(_ data: Data, name: String) throws(InputError) {
        let file = path + "/" + name
        let fd = open(file, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            let why = errno == ELOOP ? "it is a symbolic link, and tabcheck does not write through one" : String(cString: strerror(errno))
            throw InputError("\(flag): cannot write \(file): \(why)")
        }
        defer { close(fd) }
        let ok = data.withUnsafeBytes { buffer -> Bool in
            var done = 0
            while done < buffer.count {
                let n = Foundation.write(fd, buffer.baseAddress! + done, buffer.count - done)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return false }
                done += n
            }
            return true
        }
        guard ok else {
            let why = String(cString: strerror(errno))
            unlink(file)   // this run's own half-written file (opened with O_CREAT, never through a link)
            throw InputError("\(flag): cannot write \(file): \(why)")
        }
    }
}
