import Foundation

/// Runs a built executable of this package (`tabcheck`, `tabcheck-planted`) as a process, as
/// a user or CI would, with its output in files (never a pipe that could fill up).
struct Tool {
    struct Run: CustomStringConvertible {
        let status: Int32
        /// Killed by a signal (a trap is SIGILL/SIGTRAP), not an exit.
        let signaled: Bool
        let stdout: String
        let stderr: String
        var description: String { "exit \(status)\(signaled ? " (signal)" : ""); stdout: \(stdout.suffix(1500)); stderr: \(stderr.suffix(800))" }
        var stderrLines: [Substring] { stderr.split(separator: "\n") }
    }

    /// The folder holding the test bundle holds the executables too; `TABCHECK_CLI_BINARIES`
    /// points the harness at another build's (an older revision's, to show what it finds there).
    static let binaries: URL = {
        if let other = ProcessInfo.processInfo.environment["TABCHECK_CLI_BINARIES"] { return URL(fileURLWithPath: other) }
        let me = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var dir = URL(fileURLWithPath: me).deletingLastPathComponent()
        // On Linux the bundle is `TabGridPackageTests.xctest` (a file); elsewhere a folder.
        while !FileManager.default.fileExists(atPath: dir.appendingPathComponent("tabcheck").path), dir.path != "/" {
            dir = dir.deletingLastPathComponent()
        }
        return dir
    }()

    let name: String
    /// An executable elsewhere (`/bin/sh`), by full path; nil: this package's `name`.
    var path: String?
    init(name: String) { self.name = name }
    init(path: String) { self.name = (path as NSString).lastPathComponent; self.path = path }
    static let tabcheck = Tool(name: "tabcheck")
    static let planted = Tool(name: "tabcheck-planted")

    /// Whether this system's env(1) has `--default-signal` (GNU coreutils 8.31 and later).
    static let envDefaultsSignals: Bool = {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["--default-signal=HUP", "true"]
        p.standardError = FileHandle.nullDevice
        guard (try? p.run()) != nil else { return false }
        p.waitUntilExit()
        return p.terminationStatus == 0
    }()

    /// A fresh scratch folder (mkdtemp).
    static func scratch(_ label: String) -> URL {
        var template = Array(URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("tabgrid-cli-\(label)-XXXXXX").path.utf8CString)
        guard let made = mkdtemp(&template) else { fatalError("cannot create a scratch folder: \(String(cString: strerror(errno)))") }
        return URL(fileURLWithPath: String(cString: made))
    }

    /// Runs with `args` in `cwd`; `environment` adds variables; `whileRunning` gets the
    /// process and its stdout file (to send signals); a run over `timeout` seconds is killed.
    @discardableResult
    func run(_ args: [String], cwd: URL? = nil, environment: [String: String] = [:], timeout: Double = 120,
             stdoutToFullDisk: Bool = false, whileRunning: ((Process, URL) -> Void)? = nil) throws -> Run {
        let dir = Tool.scratch("io")
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out"), err = dir.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        let p = Process()
        p.executableURL = path.map(URL.init(fileURLWithPath:)) ?? Tool.binaries.appendingPathComponent(name)
        p.arguments = args
        // `swift test` runs with SIGHUP ignored, which a child inherits (as under nohup): the
        // tool starts with the signal's default, as from a terminal, through env(1) (#36).
        if path == nil, Tool.envDefaultsSignals {
            p.arguments = ["--default-signal=HUP", p.executableURL!.path] + args
            p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        }
        if let cwd { p.currentDirectoryURL = cwd }
        p.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        p.standardOutput = stdoutToFullDisk ? FileHandle(forWritingAtPath: "/dev/full") : try FileHandle(forWritingTo: out)
        p.standardError = try FileHandle(forWritingTo: err)
        p.standardInput = FileHandle.nullDevice
        try p.run()
        whileRunning?(p, out)
        let deadline = Date().addingTimeInterval(timeout)
        while p.isRunning && Date() < deadline { usleep(10_000) }
        if p.isRunning { p.terminate(); usleep(200_000); kill(p.processIdentifier, SIGKILL) }
        // Bounded: a grandchild that kept one of Process's descriptors would hold
        // `waitUntilExit` for as long as it lives.
        let reaped = Date().addingTimeInterval(10)
        while p.isRunning && Date() < reaped { usleep(10_000) }
        guard !p.isRunning else {
            return Run(status: 137, signaled: true, stdout: "", stderr: "the process could not be reaped 10 s after SIGKILL")
        }
        return Run(status: p.terminationStatus, signaled: p.terminationReason == .uncaughtSignal,
                   stdout: (try? String(contentsOf: out, encoding: .utf8)) ?? "",
                   stderr: (try? String(contentsOf: err, encoding: .utf8)) ?? "")
    }
}
