import Generators

/// `--against REV --allow FIELD,…`: differences that are intended. Both drivers' observations
/// are read with those fields set to one value, so the differential never sees them; every
/// other field is compared in full.
struct MaskedDriver: PlannedDriver {
    var base: any GridDriver
    let fields: Set<String>

    mutating func apply(_ action: Action) -> StepOutcome {
        var o = base.apply(action)
        if fields.contains("accept") { o.rejected = nil }
        if fields.contains("flyAway") { o.flyAwayDuration = nil }
        return o
    }
    func observe() -> Observation { mask(base.observe()) }
    var startFault: String? { (base as? any PlannedDriver)?.startFault }
    mutating func plan(_ actions: [Action], viewport: ViewportSpec) {
        if var p = base as? any PlannedDriver { p.plan(actions, viewport: viewport); base = p }
    }
    func roundTrip() -> Result<Observation, RoundTripError>? { base.roundTrip().map { $0.map(mask) } }
    func storageProblem() -> String? { base.storageProblem() }

    func mask(_ o: Observation) -> Observation {
        var m = o
        let blank = Observation()
        for f in fields {
            switch f {
            case "tabs": m.tabIDs = blank.tabIDs; m.titles = blank.titles
            case "displayed": m.displayed = blank.displayed
            case "query": m.query = blank.query
            case "active": m.active = blank.active
            case "cancelVisible": m.cancelVisible = blank.cancelVisible
            case "closeAllEnabled": m.closeAllEnabled = blank.closeAllEnabled
            case "swipe": m.swipeHolder = nil; m.swipeOffset = blank.swipeOffset; m.swipeScale = blank.swipeScale; m.swipeAbove = blank.swipeAbove
            case "scrollEnabled": m.scrollEnabled = blank.scrollEnabled
            case "pendingFlyAways": m.pending = blank.pending
            case "layout": m.layout = blank.layout
            case "moving": m.moving = nil
            case "closedCount": m.closedCount = blank.closedCount
            case "newestClosed": m.newestClosed = blank.newestClosed
            default: break
            }
        }
        return m
    }
}

extension DriverFactory {
    /// This factory's drivers with `fields` masked (unchanged when there are none).
    package func masking(_ fields: [String]) -> DriverFactory {
        guard !fields.isEmpty else { return self }
        let make = self.make, set = Set(fields)
        var f = DriverFactory(name: name, summary: summary + ", not compared on \(fields.joined(separator: ", "))", capabilities: capabilities) {
            MaskedDriver(base: make($0), fields: set)
        }
        f.inAnotherProcess = inAnotherProcess
        return f
    }
}

extension Observation {
    /// The fields a rule governs, as the differential names them (`diff(against:)`).
    package static func fields(governedBy rule: String) -> [String] {
        switch rule {
        case "F1": return ["displayed"]
        case "F2", "F3", "F4", "F5", "F8", "F9", "F10", "F11": return ["tabs"]
        case "F6": return ["query"]
        case "F7": return ["query", "cancelVisible"]
        case "A1", "A2", "A3", "A4": return ["active"]
        case "B1": return ["closeAllEnabled"]
        case "G1", "G3", "G4", "G5": return ["swipe"]
        case "G2": return ["scrollEnabled"]
        case "G6": return ["pendingFlyAways", "flyAway"]
        case "L1", "L2", "L3", "L4", "L5", "L6", "L7": return ["layout"]
        case "D4": return ["moving"]
        case "U1", "U2": return ["closedCount", "newestClosed"]
        default: return []
        }
    }
}

extension Violation {
    /// `--against`'s headline for a differential failure between the working tree ("after")
    /// and the revision ("before"): "behaviour changed at step k: field before …, after …".
    package func behaviourChange(step: Int) -> String? {
        guard property == .differential, message.contains("(- after, + before)") else { return nil }
        guard let d = differences.first else { return "behaviour changed at step \(step): \(message)" }
        return "behaviour changed at step \(step): \(d.field) (\(d.rule)) before: \(d.right.prefix(300)); after: \(d.left.prefix(300))"
    }
}
