import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

#if canImport(Glibc)
private let systemRead = Glibc.read
#elseif canImport(Darwin)
private let systemRead = Darwin.read
#endif

/// Reading a file the user named, safely: it must be a regular file (a FIFO would block
/// forever, a folder or a device is not a file) no larger than `limit` bytes. Every
/// problem is an `InputError` naming the file and saying what it is instead.
package enum InputFile {
    package static func read(_ path: String, what: String, limit: Int) throws(InputError) -> Data {
        var st = stat()
        guard stat(path, &st) == 0 else {
            throw InputError("cannot read \(what) \(path): \(String(cString: strerror(errno)))")
        }
        guard st.st_mode & S_IFMT == S_IFREG else {
            throw InputError("\(what) \(path) is \(kind(path)), not a file")
        }
        guard Int(st.st_size) <= limit else {
            throw InputError("\(what) \(path) is \(Int(st.st_size)) bytes, over the limit of \(limit) bytes")
        }
        return try readAll(path, what: what, limit: limit)
    }

    /// What is at `path`, in words ("a folder", "a character device"; "a file" for a regular one).
    static func kind(_ path: String) -> String {
        var st = stat()
        guard stat(path, &st) == 0 else { return "nothing that can be read" }
        switch st.st_mode & S_IFMT {
        case S_IFREG: return "a file"
        case S_IFDIR: return "a folder"
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        default: return "not a regular file"
        }
    }

    /// The bytes of a regular file, read with `open`/`read`: every failure is an errno in words
    /// ("Input/output error"), never a Foundation error's domain and code (decisions.md, Command line and inputs).
    static func readAll(_ path: String, what: String, limit: Int) throws(InputError) -> Data {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw InputError("cannot read \(what) \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw InputError("cannot read \(what) \(path): \(String(cString: strerror(errno)))") }
            if n == 0 { return data }
            data.append(contentsOf: buffer[0..<n])
            if data.count > limit { throw InputError("\(what) \(path) grew past the limit of \(limit) bytes while it was read") }
        }
    }

    /// The plain reason behind a Foundation file error ("Permission denied"), not its
    /// "NSCocoaErrorDomain error 256" wrapper.
    package static func reason(_ error: any Error) -> String {
        let ns = error as NSError
        // A Swift error that says itself ("…: No space left on device"), not "StoreError error 0" (decisions.md, Command line and inputs).
        // (Every error describes itself on Linux; a description that is only its type's name is not words.)
        if ns.domain != NSCocoaErrorDomain && ns.domain != NSPOSIXErrorDomain {
            let said = String(describing: error)
            if !said.contains(String(describing: type(of: error))) { return said }
        }
        if ns.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(ns.code))) }
        if let u = ns.userInfo[NSUnderlyingErrorKey] as? NSError, u.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(u.code)))
        }
        // Foundation's own codes, in words: its description ends in "(NSCocoaErrorDomain error N.)".
        switch CocoaError.Code(rawValue: ns.code) {
        case .fileNoSuchFile, .fileReadNoSuchFile: return "No such file or directory"
        case .fileReadNoPermission, .fileWriteNoPermission: return "Permission denied"
        case .fileWriteOutOfSpace: return "No space left on device"
        case .fileWriteVolumeReadOnly: return "Read-only file system"
        case .fileReadTooLarge: return "the file is too large"
        case .fileWriteFileExists: return "a file of that name already exists"
        default:
            let text = ns.localizedDescription
            guard text.contains("Domain") || text.contains(" error ") else { return text }
            // Foundation drops errno here; a shortage of descriptors (an atomic write needs two) is
            // the one cause this process can see for itself, and is said when it holds (#54).
            return (ns.code >= 512 ? "the file could not be written" : "the file could not be read") + (descriptorShortage().map { "; \($0)" } ?? "")
        }
    }

    /// "only N file descriptors are free (ulimit -n L)" when fewer than four can be opened now.
    static func descriptorShortage() -> String? {
        let free = FreeDescriptors.count(upTo: 4)
        guard free < 4 else { return nil }
        return "only \(free) file descriptor\(free == 1 ? " is" : "s are") free (ulimit -n \(FreeDescriptors.limit)): raise the limit"
    }

    /// Makes sure `path` can be written before any work is done, and creates nothing (a usage
    /// error found after this check must leave no folder or file behind, decisions.md, Command line and inputs): refuses a
    /// folder, a FIFO, a socket, a block device or an unwritable place. An existing file is
    /// probed by opening it for writing; a new one (or a dangling link's target) needs its
    /// nearest existing folder to be writable. `writeOutput` creates the folders when it writes.
    package static func prepareOutput(_ path: String, flag: String) throws(InputError) {
        try requireWorkingFolder(for: path, flag: flag)
        try checkLength(path, flag: flag, room: 0)
        try refuseOwned(path, flag: flag)
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDir), isDir.boolValue {
            throw InputError("\(flag) \(path) is a folder; give a file name")
        }
        // A report is a file: a FIFO would block the write (and this probe) until a reader
        // came, a socket or a block device is no place for one (decisions.md, Command line and inputs).
        var st = stat()
        if stat(path, &st) == 0 {
            if [S_IFIFO, S_IFSOCK, S_IFBLK].contains(st.st_mode & S_IFMT) {
                let kind = st.st_mode & S_IFMT == S_IFIFO ? "a FIFO (named pipe)" : st.st_mode & S_IFMT == S_IFSOCK ? "a socket" : "a block device"
                throw InputError("\(flag) \(path) is \(kind); give a file name")
            }
            // O_NONBLOCK: whatever `path` became since the check, the probe never waits.
            let fd = open(path, O_WRONLY | O_APPEND | O_NONBLOCK)
            guard fd >= 0 else { throw InputError("\(flag) \(path) cannot be written: \(String(cString: strerror(errno)))") }
            close(fd)
            // A file is written whole beside itself, then renamed (`writeOutput`): its folder must
            // take a new file (#54's fifth audit: `--html /proc/version` passed this probe, and the
            // report was lost after the run, "No such file or directory").
            if st.st_mode & S_IFMT == S_IFREG {
                let folder = URL(fileURLWithPath: path).resolvingSymlinksInPath().deletingLastPathComponent().path
                let probe = folder + "/.tabcheck-probe-\(getpid())"
                let made = open(probe, O_WRONLY | O_CREAT | O_EXCL, 0o600)
                guard made >= 0 else {
                    throw InputError("\(flag) \(path) cannot be written: it is replaced whole, and its folder \(folder) takes no new file (\(String(cString: strerror(errno))))")
                }
                close(made)
                unlink(probe)
            }
            return
        }
        // Not there: the write creates it, and its folders. A link that leads nowhere (dangling,
        // or a loop), as the path or as one of its folders, would fail only then, after the run:
        // refused now, as --frames and --db refuse theirs.
        var lst = stat()
        if lstat(path, &lst) == 0 {
            throw InputError("\(flag) \(path) is a symbolic link to something that does not exist (or a loop of links); remove it or point it at a file")
        }
        var folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        while stat(folder.path, &st) != 0, folder.path != "/" {
            if lstat(folder.path, &lst) == 0 {
                throw InputError("\(flag) \(path): its folder \(folder.path) is a symbolic link to something that does not exist (or a loop of links)")
            }
            folder = folder.deletingLastPathComponent()
        }
        isDir = ObjCBool(st.st_mode & S_IFMT == S_IFDIR)
        guard isDir.boolValue else { throw InputError("\(flag) \(path): cannot create its folder: \(folder.path) is a file") }
        guard access(folder.path, W_OK | X_OK) == 0 else {
            throw InputError("\(flag) \(path) cannot be written: \(folder.path): \(String(cString: strerror(errno)))")
        }
    }

    /// Writes an output `prepareOutput` checked, creating its folders first. A file is written
    /// whole or not at all (#54): a write cut short (a full disk, `ulimit -f`) leaves no
    /// truncated report and the file that was there before untouched. A device (`/dev/stdout`,
    /// `/dev/null`) is written in place: an atomic write renames over its path, and once
    /// replaced /dev/full with a plain file.
    package static func writeOutput(_ data: Data, to path: String) throws {
        try FileManager.default.createDirectory(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path, withIntermediateDirectories: true)
        var st = stat()
        let special = stat(path, &st) == 0 && st.st_mode & S_IFMT != S_IFREG
        // Through a symbolic link to the file it names: the rename must not replace the link.
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath()
        try data.write(to: target, options: special ? [] : .atomic)
    }

    /// A path a file or folder that does not exist yet would fail at only when written — after
    /// the run: a name over NAME_MAX, or a whole path (with `room` bytes for a file name in it)
    /// over PATH_MAX, refused now by every output flag alike (decisions.md, Command line and
    /// inputs; #54: only --db was checked).
    package static func checkLength(_ path: String, flag: String, room: Int) throws(InputError) {
        let p = URL(fileURLWithPath: path).standardizedFileURL.path
        if let long = p.split(separator: "/").first(where: { $0.utf8.count > Int(NAME_MAX) }) {
            throw InputError("\(flag) \(path.prefix(60))…: the name \(long.prefix(20))… is \(long.utf8.count) bytes, over the system's limit of \(NAME_MAX) for one name")
        }
        if p.utf8.count + max(room, 1) > Int(PATH_MAX) {
            throw InputError("\(flag) \(path.prefix(60))…: the path is \(p.utf8.count) bytes\(room > 0 ? "; with a file name in it," : ",") over the system's limit of \(PATH_MAX)")
        }
    }

    /// Makes sure `path` is a writable folder, or that it can be created (its nearest
    /// existing ancestor is a writable folder). Creates nothing.
    /// A relative path needs a working folder: one deleted under the run is said as such, not
    /// as "…is a file" or "no such file" about the path (decisions.md, Command line and inputs).
    static func requireWorkingFolder(for path: String, flag: String) throws(InputError) {
        guard !path.hasPrefix("/") else { return }
        var st = stat()
        guard stat(".", &st) == 0, st.st_nlink > 0 else {
            throw InputError("\(flag) \(path): the current folder no longer exists (it was deleted); cd to one that does, or give an absolute path")
        }
    }

    package static func checkFolder(_ path: String, flag: String) throws(InputError) {
        guard !path.isEmpty else { throw InputError("\(flag) takes a folder name, got an empty one") }   // (#54: "corpus : No such file")
        try requireWorkingFolder(for: path, flag: flag)
        var isDir: ObjCBool = false
        var p = URL(fileURLWithPath: path).standardizedFileURL.path
        try checkLength(path, flag: flag, room: 256)
        // A link to nothing passes "does not exist yet", then every save fails; say so now.
        var info = stat()
        var q = p
        while true {
            if lstat(q, &info) == 0 {
                if (info.st_mode & S_IFMT) == S_IFLNK && stat(q, &info) != 0 {
                    throw InputError("\(flag) \(path): \(q) is a symbolic link to something that does not exist; remove it or point it at a folder")
                }
                break
            }
            let up = (q as NSString).deletingLastPathComponent
            if up == q || up.isEmpty { break }
            q = up
        }
        while !FileManager.default.fileExists(atPath: p, isDirectory: &isDir) {
            let up = (p as NSString).deletingLastPathComponent
            if up == p || up.isEmpty { break }
            p = up
        }
        guard isDir.boolValue else {
            throw InputError("\(flag) \(path) cannot be a folder: \(p) is \(kind(p))")
        }
        guard access(p, W_OK | X_OK) == 0 else {
            throw InputError("\(flag) \(path) cannot be written: \(p): \(String(cString: strerror(errno)))")
        }
    }
}
