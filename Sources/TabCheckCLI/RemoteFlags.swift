import Checker

/// `--wire COMMAND`, `--against REV` and `--allow FIELD,…`: flags that add a driver in
/// another process before the rest of the command line is read (so `--compare` can name it,
/// and a worker process started with the same arguments adds it again).
enum RemoteFlags {
    /// What `--allow` takes: a field of the observation, or a rule that names one (docs/refactors.md).
    static let fields = ["tabs", "displayed", "query", "active", "cancelVisible", "closeAllEnabled", "swipe", "scrollEnabled",
                         "pendingFlyAways", "layout", "moving", "closedCount", "newestClosed", "accept", "flyAway"]

    /// The arguments without these flags, and the drivers with the one they add.
    /// `dry`: the drivers they would add, as stand-ins that are never run, without starting or
    /// building anything — so the rest of the command line is checked before a build of minutes
    /// (#54's fifth audit: `--against HEAD --sequences 0` built REV, then refused the 0).
    static func attach(_ arguments: [String], _ drivers: Drivers, dry: Bool = false, say: (String) -> Void) throws(InputError) -> ([String], Drivers) {
        var rest: [String] = [], wire: String?, against: String?, allow: String?
        var i = 0
        while i < arguments.count {
            let flag = arguments[i]
            guard ["--wire", "--against", "--allow"].contains(flag) else { rest.append(flag); i += 1; continue }
            guard i + 1 < arguments.count else { throw InputError("\(flag) needs a value (see \(drivers.program) --help)") }
            let v = arguments[i + 1]
            i += 2
            switch flag {
            case "--wire": guard wire == nil else { throw InputError("--wire given twice; give it once") }; wire = v
            case "--against": guard against == nil else { throw InputError("--against given twice; give it once") }; against = v
            default: guard allow == nil else { throw InputError("--allow given twice; name every field in one list: --allow a,b") }; allow = v
            }
        }
        if wire != nil && against != nil { throw InputError("--wire and --against cannot be used together: --against runs its own program (REV's serve) over the wire") }
        if allow != nil && against == nil { throw InputError("--allow needs --against: it names differences between two revisions that are intended") }
        if rest.contains("--help") || rest.contains("-h") { return (rest, drivers) }
        var d = drivers
        if dry, wire != nil || against != nil {
            if let allow { _ = try mask(allow) }
            let impl = drivers.all[0]
            let names = against != nil ? ["after", "before"] : ["wire"]
            let standIns = names.map { DriverFactory(name: $0, summary: "", capabilities: impl.capabilities) { impl.make($0) } }
            d = Drivers(all: drivers.all + standIns, properties: drivers.properties, program: drivers.program, regressionTestFile: drivers.regressionTestFile)
            d.compareOverride = against != nil ? ["after", "before"] : ["wire", "reference"]
            if against != nil && !rest.contains("--property") { rest += ["--property", "differential"] }
        } else if let command = wire {
            guard !command.isEmpty else { throw InputError("--wire needs a command that starts a program speaking the wire protocol (docs/wire-protocol.md)") }
            d = Drivers(all: drivers.all + [try .wire(command, name: "wire")], properties: drivers.properties, program: drivers.program,
                        regressionTestFile: drivers.regressionTestFile)
            d.compareOverride = ["wire", "reference"]
            d.remoteArguments = ["--wire", command]
        }
        if let revision = against, !dry {
            let masked = try allow.map { v throws(InputError) in try mask(v) } ?? []
            let target = try AgainstRevision.resolve(revision)
            let exe = try target.build(program: drivers.program, say: say)
            let impl = drivers.all[0]
            // Its own messages (a trap's backtrace among them) go to its log, not between ours.
            let command = "\(shellWord(exe)) serve --driver \(shellWord(impl.name)) 2>>\(shellWord(target.folder + "/serve.log"))"
            let before = try DriverFactory.wire(command, name: "before", flag: "--against \(revision):")
            let after = DriverFactory(name: "after", summary: "\(impl.name) in the working tree", capabilities: impl.capabilities) { impl.make($0) }
            d = Drivers(all: drivers.all + [after.masking(masked), before.masking(masked)], properties: drivers.properties,
                        program: drivers.program, regressionTestFile: drivers.regressionTestFile)
            d.compareOverride = ["after", "before"]
            d.remoteArguments = ["--against", revision] + (allow.map { ["--allow", $0] } ?? [])
            d.againstCommit = target.commit
            // The two revisions are compared field by field; the reference's policy is not asked.
            if !rest.contains("--property") { rest += ["--property", "differential"] }
        }
        // --compare must name the driver these flags add, or the program would run for nothing.
        if let added = d.compareOverride, let k = rest.firstIndex(of: "--compare"), k + 1 < rest.count {
            let named = rest[k + 1].split(separator: ",").map(String.init)
            let remote = added.contains("before") ? "before" : "wire"
            guard named.contains(remote) else {
                throw InputError("--compare \(rest[k + 1].prefix(80)) does not name \"\(remote)\", the driver \(against != nil ? "--against" : "--wire") adds: leave --compare out (\(added.joined(separator: ","))) or name it")
            }
        }
        return (rest, d)
    }

    /// `--allow`'s list as field names; a rule id stands for the fields it governs.
    static func mask(_ v: String) throws(InputError) -> [String] {
        var out: [String] = []
        for item in v.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
            let named = fields.contains(item) ? [item] : Observation.fields(governedBy: item)
            guard !named.isEmpty else {
                throw InputError("--allow: \"\(item.prefix(40))\" is neither a field (\(fields.joined(separator: ", "))) nor a rule that governs one (F1, A2, L3 …)")
            }
            out += named.filter { !out.contains($0) }
        }
        return out
    }
}
