import Checker
import Foundation
import Testing

/// A `GridCheck` campaign in a fresh copy of the test binary — an exit test of Swift Testing
/// — so that a model that traps ends that copy, never the test process (decisions.md, Isolation and traps). The copy
/// runs nothing but the campaign, so it may fork: it runs a `SupervisedCampaign`, which
/// finds the trapping sequence again alone and shrinks it with every candidate in a child,
/// and prints its result as one line the test process reads back. Forking the test process
/// itself instead is not safe: its other threads may hold a lock of the Swift runtime at the
/// fork, and the child then waits for ever (docs/reliability.md).
///
/// A closure cannot cross into the copy, so the drivers and custom properties travel as
/// recipes (`DriverRecipe`, `PropertyRecipe`): a campaign whose pieces have none is run
/// another way (`GridCheck.check` says which in its summary).
struct FreshProcessCampaign: Codable, Sendable {
    var implementation: DriverRecipe
    var oracle: DriverRecipe
    var properties: [Property]
    var custom: [PropertyRecipe]
    var policy: Policy
    var seed: UInt64
    var sequences: Int
    var timeLimit: Double?
    var maxSteps: Int
    var shrinkTime: Double

    /// The recipe of `runner` run under `config`, or why there is none.
    static func recipe(_ runner: Runner, _ config: Campaign.Config) -> Result<FreshProcessCampaign, InputError> {
        guard let implementation = runner.implementation.recipe else {
            return .failure(InputError("the implementation \(runner.implementation.name) is a DriverFactory made from a closure; give it a CheckableDriver type or a `recipe`"))
        }
        guard let oracle = runner.oracle.recipe else {
            return .failure(InputError("the oracle \(runner.oracle.name) is a DriverFactory made from a closure; give it a CheckableDriver type or a `recipe`"))
        }
        var custom: [PropertyRecipe] = []
        for p in runner.customProperties {
            guard let r = PropertyRecipe(p) else {
                return .failure(InputError("the custom property \(p.name.rawValue) (\(type(of: p))) is not Codable"))
            }
            custom.append(r)
        }
        return .success(FreshProcessCampaign(
            implementation: implementation, oracle: oracle, properties: runner.properties, custom: custom,
            policy: runner.policy, seed: config.seed, sequences: config.sequences, timeLimit: config.timeLimit,
            maxSteps: config.maxSteps, shrinkTime: config.shrinkTime))
    }

    /// The campaign again, in the copy.
    func campaign() -> Result<Campaign, InputError> {
        Result {
            var runner = Runner(implementation: try implementation.factory().get(), oracle: try oracle.factory().get(),
                                properties: properties)
                .withPolicy(policy)
            runner.customProperties = try custom.map { try $0.property().get() }
            var config = Campaign.Config()
            config.seed = seed; config.sequences = sequences; config.timeLimit = timeLimit
            config.maxSteps = maxSteps; config.shrinkTime = shrinkTime
            return Campaign(runner: runner, config: config)
        }.mapError { $0 as? InputError ?? InputError("\($0)") }
    }

    static let resultMark = "tabgrid-campaign-result "
    static let noteMark = "tabgrid-campaign-note "
    static let errorMark = "tabgrid-campaign-error "

    /// Runs in a fresh copy of the test binary; the result, or nil when the copy did not
    /// give one (an issue says why).
    func run(sourceLocation: SourceLocation) async -> (result: Campaign.Result, note: String?)? {
        guard let data = try? ActionCoding.encoder().encode(self) else {
            Issue.record("the campaign's recipe could not be encoded", sourceLocation: sourceLocation)
            return nil
        }
        let text = String(decoding: data, as: UTF8.self)
        let launched = await withTaskExecutorPreference(ThreadPerJobExecutor.shared) {
            await Self.launch(text, sourceLocation: sourceLocation)
        }
        guard let exit = launched else { return nil }
        let lines = String(decoding: exit.standardOutputContent, as: UTF8.self).split(separator: "\n").map(String.init)
        if let error = lines.last(where: { $0.hasPrefix(Self.errorMark) }) {
            Issue.record(Comment(rawValue: "the campaign could not be made in a fresh process: " + error.dropFirst(Self.errorMark.count)),
                         sourceLocation: sourceLocation)
            return nil
        }
        guard let line = lines.last(where: { $0.hasPrefix(Self.resultMark) }),
              let result = SupervisedCampaign.result(String(line.dropFirst(Self.resultMark.count))) else {
            Issue.record("the campaign's process ended without its result", sourceLocation: sourceLocation)
            return nil
        }
        let note = lines.last(where: { $0.hasPrefix(Self.noteMark) }).map { String($0.dropFirst(Self.noteMark.count)) }
        return (result, note)
    }

    /// The exit test: its body is what the copy runs. (Not generic, as an exit test must
    /// not be; everything it needs is in `recipe`.)
    static func launch(_ recipe: String, sourceLocation: SourceLocation) async -> ExitTest.Result? {
        await #expect(processExitsWith: .success, observing: [\.standardOutputContent],
                      "the campaign's process (a fresh copy of this test binary) ended", sourceLocation: sourceLocation) { [recipe] in
            FreshProcessCampaign.child(recipe)
        }
    }

    /// In the copy: the campaign, supervised, its result printed as one line.
    static func child(_ recipe: String) {
        let made = Result { try ActionCoding.decoder().decode(FreshProcessCampaign.self, from: Data(recipe.utf8)) }
            .mapError { InputError("the recipe could not be read: \($0)") }
            .flatMap { $0.campaign() }
        var out = ""
        switch made {
        case .failure(let error): out = errorMark + error.message.replacing("\n", with: " ") + "\n"
        case .success(let campaign):
            let (result, note) = SupervisedCampaign(campaign).run()
            out = resultMark + SupervisedCampaign.line(result) + "\n" + (note.map { noteMark + $0.replacing("\n", with: " ") + "\n" } ?? "")
        }
        FileHandle.standardOutput.write(Data(out.utf8))
    }
}
