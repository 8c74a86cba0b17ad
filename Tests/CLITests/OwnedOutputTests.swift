import Foundation
import Testing

/// #54: an output of any command never lands on a saved failure. A fresh audit found `layout
/// --svg` and `merge --html` writing over a replay file in `.tabcheck/failures` (exit 0; the next
/// campaign skipped the file and passed) where the campaign's `--html` refused: the rule lived in
/// the campaign's options. It lives in `InputFile.prepareOutput` now, which every output flag
/// of every command goes through.
@Suite struct OwnedOutputTests {
    static let replay = #"{"actions":[{"newTab":{}}],"compare":["production","reference"],"format":"tabcheck-replay","version":1}"#

    func folder() throws -> URL {
        let dir = Tool.scratch("owned-outputs")
        let db = dir.appendingPathComponent(".tabcheck/failures")
        try FileManager.default.createDirectory(at: db, withIntermediateDirectories: true)
        try Self.replay.write(to: db.appendingPathComponent("saved.json"), atomically: true, encoding: .utf8)
        try Self.replay.write(to: dir.appendingPathComponent("kept.json"), atomically: true, encoding: .utf8)
        return dir
    }

    @Test(arguments: [
        ["layout", "--width", "400", "--height", "800", "--svg", ".tabcheck/failures/saved.json"],
        ["layout", "--width", "400", "--height", "800", "--svg", ".tabcheck/failures/new.svg"],
        ["layout", "--width", "400", "--height", "800", "--svg", "kept.json"],
        ["merge", "--html", ".tabcheck/failures/saved.json", "kept.json"],
        ["--sequences", "2", "--junit", "kept.json"],
    ])
    func anOutputOntoASavedFailureIsRefused(_ args: [String]) throws {
        let dir = try folder()
        let run = try Tool.tabcheck.run(args, cwd: dir)
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.contains("saved failure") || run.stderr.contains("failure database"), "\(run)")
        for file in [".tabcheck/failures/saved.json", "kept.json"] {
            #expect(try String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8) == Self.replay, "\(file) changed: \(run)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent(".tabcheck/failures/new.svg").path))
    }
}
