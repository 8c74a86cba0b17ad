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

    /// A fresh scratch folder (mkdtemp).
    static func scratch(_ label: String) -> URL {
        var template = Array(URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("tabgrid-cli-\(label)-XXXXXX").path.utf8CString)
        guard let made = mkdtemp(&template) else { fatalError("cannot create a scratch folder: \(String(cString: strerror(errno)))") }
        return URL(fileURLWithPath: String(cString: made))
    }

    /// A started process: what `whileRunning` gets, to send it signals.
    struct Spawned { let processIdentifier: pid_t }

    /// Runs with `args` in `cwd`; `environment` adds variables; `whileRunning` gets the
    /// process and its stdout file (to send signals); a run over `timeout` seconds is killed.
    ///
    /// Started with posix_spawn and reaped here, not by Foundation's `Process` (whose spawn
    /// crashed the harness once in a 1,500-case run, #36): the pid stays ours until reaped,
    /// so a late signal never reaches another process.
    @discardableResult
    func run(_ args: [String], cwd: URL? = nil, environment: [String: String] = [:], timeout: Double = 120,
             stdoutToFullDisk: Bool = false, stdoutClosed: Bool = false, fileBlocks: Int? = nil, openFiles: Int? = nil, memoryKB: Int? = nil, whileRunning: ((Spawned, URL) -> Void)? = nil) throws -> Run {
        let dir = Tool.scratch("io")
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out"), err = dir.appendingPathComponent("err")
        var exe = path ?? Tool.binaries.appendingPathComponent(name).path
        var args = args
        // A file-size or open-file limit is the shell's to set (posix_spawn has no rlimit action); `exec`
        // keeps the pid, so signals still reach the tool.
        let limits = (fileBlocks.map { ["ulimit -f \($0)"] } ?? []) + (openFiles.map { ["ulimit -n \($0)"] } ?? []) + (memoryKB.map { ["ulimit -v \($0)"] } ?? [])
        if !limits.isEmpty { args = ["-c", (limits + ["exec \"$0\" \"$@\""]).joined(separator: " && "), exe] + args; exe = "/bin/sh" }
        let env = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let pid = try Tool.spawn(exe, args, env: env, cwd: cwd?.path,
                                 stdout: stdoutClosed ? nil : stdoutToFullDisk ? "/dev/full" : out.path, stderr: err.path)
        whileRunning?(Spawned(processIdentifier: pid), out)
        var status: Int32 = 0
        let deadline = Date().addingTimeInterval(timeout)
        var reaped = Tool.reap(pid, until: deadline, &status)
        if !reaped {
            kill(pid, SIGTERM); usleep(200_000); kill(pid, SIGKILL)
            reaped = Tool.reap(pid, until: Date().addingTimeInterval(10), &status)
        }
        guard reaped else {
            return Run(status: 137, signaled: true, stdout: "", stderr: "the process could not be reaped 10 s after SIGKILL")
        }
        let signaled = (status & 0x7f) != 0
        return Run(status: signaled ? status & 0x7f : (status >> 8) & 0xff, signaled: signaled,
                   stdout: (try? String(contentsOf: out, encoding: .utf8)) ?? "",
                   stderr: (try? String(contentsOf: err, encoding: .utf8)) ?? "")
    }

    /// waitpid until `deadline`; true once the process is reaped (its status in `status`).
    private static func reap(_ pid: pid_t, until deadline: Date, _ status: inout Int32) -> Bool {
        while true {
            let r = waitpid(pid, &status, WNOHANG)
            if r == pid { return true }
            if r < 0 && errno != EINTR { return true }   // not our child any more: nothing to wait for
            if Date() >= deadline { return false }
            usleep(10_000)
        }
    }

    /// posix_spawn with stdin from /dev/null, stdout and stderr to files (created or
    /// truncated), in `cwd`. `swift test` runs with SIGHUP ignored, which a child inherits (as
    /// under nohup): the tool starts with the stopping signals' defaults and an empty mask, as
    /// from a terminal (#36).
    private static func spawn(_ exe: String, _ args: [String], env: [String: String], cwd: String?,
                              stdout: String?, stderr: String) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if let stdout { posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o644) } else { posix_spawn_file_actions_addclose(&actions, 1) }
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        if let cwd {
            // glibc 2.29+ has it; Swift's Glibc module does not declare it (a GNU extension).
            typealias AddChdir = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addchdir_np") else {
                throw CocoaError(.featureUnsupported, userInfo: [NSLocalizedDescriptionKey: "this libc cannot start a process in another folder"])
            }
            _ = unsafeBitCast(symbol, to: AddChdir.self)(&actions, cwd)
        }
        var attr = posix_spawnattr_t()
        posix_spawnattr_init(&attr)
        defer { posix_spawnattr_destroy(&attr) }
        var none = sigset_t(), defaults = sigset_t()
        sigemptyset(&none)
        sigemptyset(&defaults)
        for s in [SIGHUP, SIGINT, SIGTERM, SIGPIPE] { sigaddset(&defaults, s) }
        posix_spawnattr_setsigmask(&attr, &none)
        posix_spawnattr_setsigdefault(&attr, &defaults)
        posix_spawnattr_setflags(&attr, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var cArgs = ([exe] + args).map { strdup($0) } + [nil]
        var cEnv = env.keys.sorted().map { strdup("\($0)=\(env[$0]!)") } + [nil]
        defer { cArgs.forEach { free($0) }; cEnv.forEach { free($0) } }
        var pid: pid_t = 0
        let r = posix_spawn(&pid, exe, &actions, &attr, &cArgs, &cEnv)
        guard r == 0 else {
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "cannot start \(exe): \(String(cString: strerror(r)))"])
        }
        return pid
    }
}
