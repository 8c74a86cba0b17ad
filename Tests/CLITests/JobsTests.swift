import Foundation
import Testing

/// Issue 14.1: for a fixed --sequences, the number of worker threads changes nothing but
/// the time — same verdict, first failure, shrunk sequence, steps.
@Suite struct JobsTests {
    /// The JSON summary without its timings.
    static func summary(_ r: Tool.Run) throws -> NSDictionary {
        let d = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        var kept = d
        for key in ["elapsed", "stepsPerSecond", "secondsToFailure", "shrinkSeconds"] { kept[key] = nil }
        // Each shrink pass's time too (its candidates and acceptances stay).
        if var failure = kept["failure"] as? [String: Any], let passes = failure["shrinkPasses"] as? [[String: Any]] {
            failure["shrinkPasses"] = passes.map { p in p.filter { $0.key != "seconds" } }
            kept["failure"] = failure
        }
        return kept as NSDictionary
    }

    @Test func theSameCampaignWithOneTwoAndFourJobs() throws {
        var passing: [NSDictionary] = [], failing: [NSDictionary] = [], tests: [String] = []
        for jobs in ["1", "2", "4"] {
            let pass = try Tool.tabcheck.run(["--sequences", "300", "--no-db", "--json", "--quiet", "--jobs", jobs])
            #expect(pass.status == 0, "\(pass)")
            passing.append(try Self.summary(pass))
            let fail = try Tool.planted.run(["--compare", "planted-f3,reference", "--sequences", "300", "--no-db", "--json", "--jobs", jobs])
            #expect(fail.status == 1, "\(fail)")
            failing.append(try Self.summary(fail))
            tests.append(String(fail.stderr.split(separator: "@Test").last ?? ""))
        }
        #expect(passing.allSatisfy { $0 == passing[0] }, "\(passing)")
        #expect(failing.allSatisfy { $0 == failing[0] }, "\(failing)")
        #expect(tests.allSatisfy { $0 == tests[0] && !$0.isEmpty }, "the shrunk sequences differ")
    }
}
