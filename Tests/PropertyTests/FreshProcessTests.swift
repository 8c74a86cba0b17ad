import Checker
import Foundation
import Generators
import ProductionDriver
@testable import TabGridTesting
import Testing

/// #23.1 in a test process as users have it — many tests at once, nothing around the call:
/// `GridCheck.expectAgreement` runs its campaign in a fresh copy of the test binary, so a
/// model that traps is one issue with the shrunk trapping sequence, and every other test of
/// this process goes on.
@Suite struct FreshProcessTests {
    @Test func aTrapIsOneIssueAtTheCallWithTheShrunkSequence() async {
        var found: GridCheck.Finding?
        await withKnownIssue {
            found = await GridCheck.expectAgreement(TrapsOnLastClose.self, budget: .sequences(300), properties: Property.allCases)
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return issue.sourceLocation?.fileID.hasSuffix("FreshProcessTests.swift") == true
                && text.contains("crash broke rule trap") && text.contains(Runner.runtimeSays("Index out of range"))
                && text.contains("traps again alone")
        }
        #expect(found?.shrunk == [.newTab, .newTab, .closeDisplayed(2)] || found?.shrunk.count == 2, "\(found?.shrunk ?? [])")
        #expect(found?.failure.violation.rule == "trap")
    }

    /// A type, a policy and the built-in drivers travel; a closure does not, and says so.
    @Test func driversTravelByRecipe() throws {
        let made = try #require(DriverFactory(GridCheckTests.ClosesTabsIndex.self).recipe).factory().get()
        #expect(made.name == "ClosesTabsIndex" && made.capabilities == Capability.all)
        let seq: [Action] = [.newTab, .newTab, .setTitle(id: "t2", title: "e "), .setQuery("e "), .closeDisplayed(0)]
        #expect(Runner(implementation: made).run(.actions(seq)).failure?.violation.property == .mapping)
        let policy = Policy(activeAfterClose: .none)
        #expect(DriverFactory.reference(policy).recipe == .reference(policy) && DriverFactory.reference.recipe == .reference(.spec))
        let production = try #require(DriverFactory.production.recipe).factory().get()
        #expect(production.name == "production" && Runner(implementation: production).run(.actions(seq)).failure == nil)
        let closure = DriverFactory(name: "closure", summary: "") { TabModelDriver(viewport: $0) }
        #expect(closure.recipe == nil)
        guard case .failure(let why) = FreshProcessCampaign.recipe(Runner(implementation: closure), Campaign.Config()) else {
            Issue.record("a closure factory got a recipe"); return
        }
        #expect(why.message.contains("closure") && why.message.contains("CheckableDriver type"), "\(why)")
        guard case .failure(let missing) = DriverRecipe.type(mangledName: "9NoSuchType", name: "x", summary: "").factory() else {
            Issue.record("a missing type made a factory"); return
        }
        #expect(missing.message.contains("no type named"), "\(missing)")
    }

    /// A factory with parameters crosses as a `FactoryRecipe` value.
    struct PlantedRecipe: FactoryRecipe {
        var bug: String
        func factory() -> DriverFactory { PlantedBug(rawValue: bug)!.factory }
    }

    @Test func aFactoryWithParametersTravelsAsAValue() throws {
        let recipe = try #require(DriverRecipe.value(PlantedRecipe(bug: PlantedBug.closesTabsIndex.rawValue)))
        let decoded = try JSONDecoder().decode(DriverRecipe.self, from: JSONEncoder().encode(recipe))
        let made = try decoded.factory().get()
        #expect(made.name == "planted-closesTabsIndex")
        let seq: [Action] = [.newTab, .newTab, .setTitle(id: "t2", title: "e "), .setQuery("e "), .closeDisplayed(0)]
        #expect(Runner(implementation: made).run(.actions(seq)).failure?.violation.property == .mapping)
        guard case .failure(let why) = DriverRecipe.value(mangledName: _mangledTypeName(AtMostTabs.self)!, json: Data("{}".utf8)).factory() else {
            Issue.record("a type that is no FactoryRecipe made a factory"); return
        }
        #expect(why.message.contains("is not a FactoryRecipe"), "\(why)")
    }

    struct AtMostTabs: GridStepProperty, Codable {
        static let name = Property("atMostTabs")
        var limit: Int
        var rules: [String] { ["F2"] }
        var needs: Set<Capability> { [] }
        func check(_ step: GridStepFacts, _ pre: Observation, _ post: Observation) -> Violation? {
            post.tabIDs.count > limit ? Violation(Self.name, "F2", "more than \(limit) tabs") : nil
        }
    }

    /// A Codable property travels with its state; one that is not Codable keeps the campaign
    /// in the test's process, and the reason names it.
    @Test func customPropertiesTravelWhenCodable() throws {
        let again = try #require(PropertyRecipe(AtMostTabs(limit: 2))).property().get()
        var runner = Runner(implementation: .production, properties: [AtMostTabs.name])
        runner.customProperties = [again]
        #expect(runner.run(.actions([.newTab, .newTab])).failure == nil)
        #expect(runner.run(.actions([.newTab, .newTab, .newTab])).failure?.violation.message == "more than 2 tabs")
        #expect(PropertyRecipe(CustomPropertyTests.NewTabIsLast()) == nil)
        var plain = Runner(implementation: .production)
        plain.customProperties = [CustomPropertyTests.NewTabIsLast()]
        guard case .failure(let why) = FreshProcessCampaign.recipe(plain, Campaign.Config()) else {
            Issue.record("a property that is not Codable got a recipe"); return
        }
        #expect(why.message.contains("newTabIsLast") && why.message.contains("not Codable"), "\(why)")
    }

    /// The recipe makes the campaign it was made from.
    @Test func aRecipeMakesTheSameCampaign() throws {
        var runner = Runner(implementation: .production, properties: [.mapping, .filter]).withPolicy(Policy(activeAfterClose: .none))
        runner.customProperties = [AtMostTabs(limit: 9)]
        var config = Campaign.Config(); config.seed = 7; config.sequences = 12; config.maxSteps = 30; config.shrinkTime = 2
        let recipe = try FreshProcessCampaign.recipe(runner, config).get()
        let decoded = try JSONDecoder().decode(FreshProcessCampaign.self, from: JSONEncoder().encode(recipe))
        let campaign = try decoded.campaign().get()
        #expect(campaign.runner.properties == [.mapping, .filter] && campaign.runner.policy == runner.policy)
        #expect(campaign.runner.customProperties.map(\.name) == [AtMostTabs.name])
        #expect(campaign.config.seed == 7 && campaign.config.sequences == 12 && campaign.config.maxSteps == 30 && campaign.config.shrinkTime == 2)
        let (a, b) = (Campaign(runner: runner, config: config).run(), campaign.run())
        #expect(a.steps == b.steps && a.sequences == b.sequences && (a.found == nil) == (b.found == nil))
    }

    @Test func isolationComesFromTheArgumentThenTheEnvironment() throws {
        #expect(try GridCheck.settings(budget: nil, properties: nil, seed: nil, environment: [:]).isolated == nil)
        #expect(try GridCheck.settings(budget: nil, properties: nil, seed: nil, environment: ["TABGRID_ISOLATED": "0"]).isolated == false)
        #expect(try GridCheck.settings(budget: nil, properties: nil, seed: nil, isolated: true, environment: ["TABGRID_ISOLATED": "0"]).isolated == true)
        #expect(throws: InputError.self) { try GridCheck.settings(budget: nil, properties: nil, seed: nil, environment: ["TABGRID_ISOLATED": "yes"]) }
    }

    /// Why the exit test runs under `ThreadPerJobExecutor`: its tasks block (Swift Testing
    /// reads the child's pipes to their end). More tasks than the cooperative pool has
    /// threads, each blocked until all have started, finish only if none needs a pool
    /// thread. (Each waits at most 30 s, so a regression fails rather than hangs.)
    @Test func blockingTasksUnderThePreferenceDoNotHoldThePool() async {
        let n = ProcessInfo.processInfo.activeProcessorCount + 3
        let arrived = Arrivals(n)
        let all = await withTaskExecutorPreference(ThreadPerJobExecutor.shared) {
            await withTaskGroup(of: Bool.self) { group in
                for _ in 0..<n { group.addTask { arrived.arriveAndWait() } }
                var ok = true
                for await each in group { ok = ok && each }
                return ok
            }
        }
        #expect(all, "\(n) blocking tasks did not all run at once")
    }
}

/// A barrier for `n` threads, with a time limit.
final class Arrivals: @unchecked Sendable {
    let n: Int
    var count = 0
    let lock = NSCondition()
    init(_ n: Int) { self.n = n }

    func arriveAndWait() -> Bool {
        lock.lock(); defer { lock.unlock() }
        count += 1
        lock.broadcast()
        let deadline = Date().addingTimeInterval(30)
        while count < n { if !lock.wait(until: deadline) { return false } }
        return true
    }
}
