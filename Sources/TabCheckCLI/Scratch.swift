import Checker
import Foundation

/// Temporary files and folders, in `$TMPDIR` (decisions.md, Command line and inputs). One that cannot be made is the user's to
/// fix and is said in one line: a silent fallback once turned the trap isolation off, so a
/// model that trapped killed the run with nothing saved.
package enum Scratch {
    /// A new file or folder named `prefix-XXXXXX` in the temporary folder; its path.
    package static func make(_ prefix: String, folder: Bool = false) throws(InputError) -> String {
        let base = NSTemporaryDirectory()
        var template = Array(URL(fileURLWithPath: base).appendingPathComponent("\(prefix)-XXXXXX").path.utf8CString)
        if folder {
            if let made = mkdtemp(&template) { return String(cString: made) }
        } else {
            let fd = mkstemp(&template)
            if fd >= 0 { close(fd); return String(cString: template) }
        }
        let why = String(cString: strerror(errno))
        if let given = ProcessInfo.processInfo.environment["TMPDIR"] {
            throw InputError("TMPDIR is \"\(given)\": tabcheck cannot make a temporary \(folder ? "folder" : "file") there (\(why)); point it at a writable folder or unset it")
        }
        throw InputError("cannot make a temporary \(folder ? "folder" : "file") in \(base): \(why)")
    }
}
