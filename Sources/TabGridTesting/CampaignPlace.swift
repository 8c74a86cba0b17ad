import Checker
import Foundation
import Testing

extension GridCheck {
    /// Where a campaign runs (docs/reliability.md), and the line the summary gives it:
    /// - by default in a fresh copy of the test binary (`FreshProcessCampaign`), so a model
    ///   that traps is a failure reported at the call, never the end of the test process;
    /// - when its drivers or custom properties cannot be made there (a factory made from a
    ///   closure, a property that is not Codable): in the test's process, as `isolated: true`
    ///   asks in a fork of it (`SupervisedCampaign`, which can stall on a runtime lock
    ///   another thread held and is then tried again), else not isolated — said in the
    ///   summary, with why;
    /// - `isolated: false` (or TABGRID_ISOLATED=0): in the test's process, for a debugger.
    /// Nil when the fresh process gave no result (an issue at the call says why).
    static func run(_ campaign: Campaign, isolated: Bool?, sourceLocation: SourceLocation) async
        -> (result: Campaign.Result, died: String?, place: String)? {
        if isolated == false {
            return (await offThread { campaign.run() }, nil, "in the test's process (isolated: false or TABGRID_ISOLATED=0): a trap would end it")
        }
        #if os(macOS) || os(Linux)
        switch FreshProcessCampaign.recipe(campaign.runner, campaign.config) {
        case .success(let recipe):
            guard let (result, died) = await recipe.run(sourceLocation: sourceLocation) else { return nil }
            return (result, died, "in a fresh process (a copy of the test binary)")
        case .failure(let why) where isolated == true:
            let (result, died) = await offThread { SupervisedCampaign(campaign).run() }
            return (result, died, "in a fork of the test's process, as isolated: true asks (not in a fresh process: \(why.message))")
        case .failure(let why):
            return (await offThread { campaign.run() }, nil, "in the test's process, not isolated — a trap would end it: \(why.message)")
        }
        #else
        return (await offThread { campaign.run() }, nil, "in the test's process: this platform has no exit tests")
        #endif
    }

    /// `work` on a new thread, awaited without blocking the caller's: a campaign is seconds
    /// of work, and holding one of the test runner's cooperative threads for it would queue
    /// every other test behind it.
    static func offThread<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: work()) }
        }
    }
}
