/// The configuration this code was compiled in, "debug" or "release". A model's scheduled
/// work depends on it: the optimizer removes executor hops a debug build keeps (a task that
/// ends on another actor need not hop back), so the same steps enqueue other jobs and a pick
/// — a place among the ready jobs — may name another job (docs/decisions.md, "Whose executor
/// runs a model's jobs"). A replay file of a failure with schedule steps records it
/// (`ReplayFile.build`), and a replay in the other configuration that passes proves nothing.
package enum BuildConfiguration {
    package static var current: String {
        #if DEBUG
        "debug"
        #else
        "release"
        #endif
    }
    package static let all = ["debug", "release"]
}
