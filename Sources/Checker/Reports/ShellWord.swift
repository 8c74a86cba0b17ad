/// A word as a POSIX shell reads it back: as it is when it holds only characters a shell
/// leaves alone, else in single quotes (decisions.md, Command line and inputs: a reproduce line with a path of spaces, quotes
/// or `$` ran something else when pasted).
package func shellWord(_ s: String) -> String {
    let plain = !s.isEmpty && s.unicodeScalars.allSatisfy {
        ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "-_./=,:@%+".unicodeScalars.contains($0)
    }
    return plain ? s : "'" + s.replacing("'", with: "'\\''") + "'"
}
