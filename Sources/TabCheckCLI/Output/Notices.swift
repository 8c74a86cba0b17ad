import Foundation
import Synchronization

/// Warnings about what a run left alone — saved failures it did not replay or judge, a fixed
/// one it could not move — said with the run's verdict, not before it (#54: the harness,
/// invariant 4, seed 3010024: a database warning printed first, then a memory limit ended the
/// run, and exit 2 had two lines where it has one). A run that ends with exit 2 says only
/// why; it touched none of those files, so nothing is lost by not listing them.
enum Notices {
    private static let pending = Mutex<[String]>([])

    /// Kept for the verdict.
    static func add(_ line: String) { pending.withLock { $0.append(line) } }

    /// Prints what was kept, once (to stderr, each line under the program's name).
    static func flush() {
        let lines = pending.withLock { all in defer { all = [] }; return all }
        for line in lines { Console.error("\(Console.program): \(line)\n") }
    }
}

extension CheckCommand {
    /// A warning said with the verdict (`Notices`).
    func notice(_ s: String) { Notices.add(s) }
}
