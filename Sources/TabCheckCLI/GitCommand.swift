import Checker
import Foundation

/// git, run as a child: its standard output, or its first line of error. What the shared
/// failure database (`db push|pull`) and `--against REV` ask git; each says the error its way.
enum GitCommand {
    /// stdout when git exits 0; `.failure` with git's first error line (or why it could not start).
    static func run(_ args: [String], env: [String: String] = [:]) -> Result<String, InputError> {
        if let shortage = SpareDescriptors.shortage(toStart: "git") { return .failure(shortage) }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["git"] + args
        if !env.isEmpty { p.environment = ProcessInfo.processInfo.environment.merging(env) { $1 } }
        let out = Pipe(), err = Pipe()
        p.standardOutput = out; p.standardError = err
        do { try p.run() } catch { return .failure(InputError("could not run git: \(InputFile.reason(error))")) }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let problem = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else {
            return .failure(InputError(String(decoding: problem, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? "exit \(p.terminationStatus)"))
        }
        return .success(String(decoding: data, as: UTF8.self))
    }
}
