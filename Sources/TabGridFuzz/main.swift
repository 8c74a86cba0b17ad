// libFuzzer targets for TabGrid (issue 8). Built only by scripts/fuzz.sh:
//   TABGRID_FUZZ=1 swift build -c release --product TabGridFuzz --scratch-path .build-fuzz \
//     -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING
// TABGRID_FUZZ_TARGET (else the executable's name) picks the target: `sequence` or `session`.
import Checker
import ProductionDriver
import Foundation
import Generators
import TabModel

/// The fuzzer's bytes feed the same choice stream as the seeded generator, so a crash file
/// replays through `tabcheck --bytes FILE`, which shrinks it to a readable sequence.
func fuzzSequence(_ bytes: [UInt8]) {
    let outcome = Runner().run(.choices(Choices(bytes: bytes), maxSteps: 200), collectCoverage: false)
    if let failure = outcome.failure {
        print("TabGridFuzz: \(failure)")
        print("actions: \(outcome.executed.map(\.description).joined(separator: "; "))")
        abort()
    }
}

/// P3: session bytes are rejected (and nothing changes) or accepted whole, and both
/// readings of the spec agree on which.
func fuzzSession(_ bytes: [UInt8]) {
    var before = TabModelDriver(viewport: .phone)
    var ref = ReferenceDriver(viewport: .phone)
    for a: Action in [.newTab, .setTitle(id: "t1", title: "a"), .newTab, .setQuery("a")] {
        _ = before.apply(a); _ = ref.apply(a)
    }
    var after = before
    let data = Data(bytes)
    let production: String?
    do { _ = try after.grid.restore(from: data); production = nil } catch { production = "\(error)" }
    let reference = ref.grid.restore(data).rejected
    if (production == nil) != (reference == nil) {
        print("TabGridFuzz: production \(production ?? "accepted"), reference \(reference ?? "accepted")")
        abort()
    }
    if production != nil {
        let a = before.observe(), b = after.observe()
        if a != b { print("TabGridFuzz: a rejected restore changed the state"); abort() }
    } else if let snapshot = try? SessionSnapshot.decode(data) {
        if after.grid.tabs.map(\.id) != snapshot.tabs.map(\.id) || after.grid.activeTabID != snapshot.activeTabID {
            print("TabGridFuzz: an accepted restore is not whole"); abort()
        }
    } else {
        print("TabGridFuzz: restore accepted data that does not decode"); abort()
    }
}

/// The target: TABGRID_FUZZ_TARGET, else the executable's name — OSS-Fuzz and ClusterFuzzLite
/// run `$OUT/tabgrid_session` and `$OUT/tabgrid_sequence`, two copies of this binary.
let target = ProcessInfo.processInfo.environment["TABGRID_FUZZ_TARGET"]
    ?? ((CommandLine.arguments.first ?? "").hasSuffix("session") ? "session" : "sequence")

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    if target == "session" { fuzzSession(bytes) } else { fuzzSequence(bytes) }
    return 0
}

#if FUZZING
@_extern(c, "LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

// Swift's backtracer installs its crash handlers before main, and libFuzzer keeps a handler
// it finds: a trap would then print a backtrace and write no crash file. Give the signals
// back, so libFuzzer's own handlers catch them (no SWIFT_BACKTRACE=enable=no needed, which a
// ClusterFuzzLite runner would not set).
for s in [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE] { signal(s, SIG_DFL) }
var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv, testOneInput))
#else
print("TabGridFuzz is a libFuzzer target: run scripts/fuzz.sh [sequence|session] [seconds]")
exit(2)
#endif
