import Checker
import Foundation

/// One path named in two roles of one command (decisions.md, Command line and inputs): an output onto an input (`--replay r.json
/// --html r.json`) would destroy the input before it is read again, two outputs onto one file
/// (`--junit o --html o`) would leave only the last. Refused up front, before anything runs,
/// with both flags named; paths are compared after `.`/`..` and symbolic links are resolved.
enum FileRoles {
    static let inputs = ["--replay", "--bytes", "--policy"]
    static let outputs = ["--junit", "--html", "--frames", "--db"]

    /// What names one file: its device and inode when it exists (a hard link is the same file
    /// under another name, decisions.md, Command line and inputs), else its resolved path.
    static func identity(_ v: String) -> String {
        var st = stat()
        if stat(v, &st) == 0 { return "inode \(st.st_dev):\(st.st_ino)" }
        // Written where its standardized path points ("sub/../s2.json" is "s2.json" to the writer,
        // even when "sub" does not exist): that file's identity, or the path (#54, an input overwritten).
        let standard = URL(fileURLWithPath: v).standardizedFileURL.resolvingSymlinksInPath().path
        if stat(standard, &st) == 0 { return "inode \(st.st_dev):\(st.st_ino)" }
        return standard
    }

    static func refuseShared(_ a: Arguments) throws(InputError) {
        var seen: [(flag: String, value: String, path: String)] = []
        for flag in inputs + outputs {
            guard let v = a.valueOf(flag) else { continue }
            // A policy preset's name is not a file.
            if flag == "--policy" && !FileManager.default.fileExists(atPath: v) { continue }
            let path = identity(v)
            if let other = seen.first(where: { $0.path == path }), outputs.contains(flag) {
                let what = inputs.contains(other.flag) ? "it would destroy the input" : "one would overwrite the other"
                throw InputError("\(flag) \(v) is the \(other.flag) file too (\(other.value)): \(what); give another name")
            }
            seen.append((flag, v, path))
        }
        // A report file inside a folder tabcheck owns: in the failure database it would replace
        // a saved failure (and the next run pass); in --frames it would be taken for a frame.
        let db = a.given("--no-db") ? nil : a.valueOf("--db") ?? ".tabcheck/failures"
        for folderFlag in ["--db", "--frames"] {
            guard let folder = folderFlag == "--db" ? db : a.valueOf(folderFlag) else { continue }
            let inside = URL(fileURLWithPath: folder).standardizedFileURL.resolvingSymlinksInPath().path + "/"
            for flag in ["--junit", "--html", "--frames"] where flag != folderFlag {
                guard let v = a.valueOf(flag), URL(fileURLWithPath: v).standardizedFileURL.resolvingSymlinksInPath().path.hasPrefix(inside) else { continue }
                throw InputError("\(flag) \(v) is inside the \(folderFlag == "--db" ? "failure database" : "--frames folder") \(folder), which tabcheck owns: it could replace a file there; write it elsewhere")
            }
        }
    }
}
