/// The built-in properties as the engine runs them. Their names are `GridPropertyName`'s
/// constants (TabGridCore); each oracle-free one is a `StepProperty` type in this folder, and
/// `differential` and `crash` are stages of the run loop (`RunLoop`). A custom property
/// brings its own name with its `GridStepProperty`.
extension GridPropertyName {
    /// The properties of the capabilities declared on top of `Capability.all` (decisions.md, Behaviour, D).
    static let viewKind: Set<Property> = [snapshot, movement]
    /// Every built-in property, in the order reports list them.
    package static let allCases: [Property] = [.differential] + builtInNames + [.crash]

    /// The oracle-free built-in properties, in the order the run loop checks them.
    package static let builtInChecks: [any StepProperty] = [
        // The app's life and the model's scheduled work (S1–S3), first: a schedule step that
        // changed the grid or lost a tab is reported under its own rule, not as the view's
        // mismatch it also causes. Only drivers declaring appLifecycle: no other run sees it.
        LifecycleProperty(),
        MappingProperty(), CloseAllButtonProperty(), ItemsPerRowProperty(), ActiveTabProperty(), SwipeLockProperty(),
        ReopenProperty(), SessionProperty(), RejectionProperty(), FilterProperty(),
        // Added with every rule (decisions.md, Properties and oracles: judged without the oracle); last, so the failures the
        // properties above report are reported as before.
        TabListProperty(), SearchBarProperty(), LayoutRulesProperty(), FlyAwayProperty(),
        // The diffable data source (D1–D5; decisions.md, Behaviour, D); only drivers that feed one are judged by it.
        SnapshotProperty(), MovementProperty(),
    ]

    /// Their names, in the same order (read once: a name read through `any StepProperty` is a call).
    package static let builtInNames: [Property] = builtInChecks.map(\.name)

    /// A built-in property by name, or nil.
    package init?(rawValue: String) {
        guard Self.allCases.contains(Property(rawValue)) else { return nil }
        self.init(rawValue)
    }

    /// The rules a built-in property judges, e.g. "F3 F4 F10 G6" ("all" for the two stages).
    package var rules: String {
        if self == .differential || self == .crash { return "all" }
        return Self.builtInChecks.first { $0.name == self }?.rules.joined(separator: " ") ?? ""
    }
}
