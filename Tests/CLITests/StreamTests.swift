import Foundation
import Testing

/// #23.2, #23.3: output that cannot be written never costs a run. A diagnostic to a full or
/// closed stderr is lost, not a trap; a reader that stops after the first line (`| head -1`)
/// does not stop the run, which still saves its failure and exits with its own code.
@Suite struct StreamTests {
    func run(_ tool: String, _ args: [String], cwd: URL, stdout: Any, stderr: Any) throws -> Process {
        let p = Process()
        p.executableURL = Tool.binaries.appendingPathComponent(tool)
        p.arguments = args
        p.currentDirectoryURL = cwd
        p.standardOutput = stdout
        p.standardError = stderr
        p.standardInput = FileHandle.nullDevice
        try p.run()
        return p
    }

    @Test func aFullStderrIsNotATrap() throws {
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let p = try run("tabcheck", ["--bogus"], cwd: Tool.scratch("full"), stdout: FileHandle.nullDevice, stderr: full)
        p.waitUntilExit()
        #expect(p.terminationReason == .exit && p.terminationStatus == 2, "\(p.terminationReason) \(p.terminationStatus)")
    }

    @Test func aClosedPipeKeepsTheRunAndItsFailure() throws {
        let dir = Tool.scratch("pipe")
        let out = Pipe()
        let p = try run("tabcheck-planted", FailureTests.planted + ["--sequences", "200", "--shrink-time", "1"], cwd: dir,
                        stdout: out, stderr: FileHandle.nullDevice)
        // Read the first line, then close the pipe, as `head -1` does.
        var first = Data()
        while !first.contains(UInt8(ascii: "\n")) {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            first += chunk
        }
        try out.fileHandleForReading.close()
        p.waitUntilExit()
        #expect(String(decoding: first, as: UTF8.self).hasPrefix("tabcheck: planted-f3 vs reference"))
        #expect(p.terminationReason == .exit && p.terminationStatus == 1, "\(p.terminationReason) \(p.terminationStatus)")
        let saved = (try? FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent(".tabcheck/failures").path)) ?? []
        #expect(saved.count == 1, "nothing saved: \(saved)")
    }
}

/// #23.3: a dangling symbolic link as the failure database is refused at once (exit 2), not
/// found out when the first failure cannot be saved.
@Suite struct DanglingDatabaseTests {
    @Test(arguments: ["db", ".tabcheck/failures"])
    func aLinkToNothingIsRefused(_ name: String) throws {
        let dir = Tool.scratch("dangling")
        let link = dir.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: link.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "/nonexistent/tabgrid-\(name.count)")
        let args = name == "db" ? ["--db", "db", "--sequences", "1"] : ["--sequences", "1"]
        let r = try Tool.tabcheck.run(args, cwd: dir)
        #expect(r.status == 2 && r.stderr.contains("is a symbolic link to something that does not exist"), "\(r)")
    }
}

/// #23.5: --frames into a folder tabcheck used before leaves no frame of the earlier run;
/// #36: a folder holding frames tabcheck did not write is refused, its files kept.
@Suite struct FramesFolderTests {
    @Test func staleFramesAreRemoved() throws {
        let dir = Tool.scratch("frames")
        let frames = dir.appendingPathComponent("frames")
        let run = FailureTests.planted + ["--sequences", "200", "--no-db", "--shrink-time", "1", "--frames", "frames"]
        #expect(try Tool.planted.run(run, cwd: dir).status == 1)
        // As if an earlier, longer failure had left a frame 999 in tabcheck's folder.
        try Data("old".utf8).write(to: frames.appendingPathComponent("frame-999.svg"))
        try Data("keep".utf8).write(to: frames.appendingPathComponent("notes.txt"))
        let r = try Tool.planted.run(run, cwd: dir)
        #expect(r.status == 1, "\(r)")
        let names = try FileManager.default.contentsOfDirectory(atPath: frames.path)
        #expect(!names.contains("frame-999.svg") && names.contains("notes.txt") && names.contains("frame-000.svg"), "\(names)")
    }

    @Test func aUsersFramesAreRefusedNotReplaced() throws {
        let dir = Tool.scratch("frames-user")
        let frames = dir.appendingPathComponent("frames")
        try FileManager.default.createDirectory(at: frames, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: frames.appendingPathComponent("frame-001.svg"))
        let r = try Tool.planted.run(FailureTests.planted + ["--sequences", "200", "--no-db", "--frames", "frames"], cwd: dir)
        #expect(r.status == 2 && r.stderr.contains("did not write"), "\(r)")
        #expect(try String(contentsOf: frames.appendingPathComponent("frame-001.svg"), encoding: .utf8) == "mine")
    }
}
