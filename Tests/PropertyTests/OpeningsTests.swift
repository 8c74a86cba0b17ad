import Checker
import ProductionDriver
import Testing

/// The openings of generated sequences (`Openings`, #40): the default is the one seed in 128
/// it always was (the default stream unchanged), `--start-tabs` covers its whole range, and
/// only well-formed ranges are read.
@Suite struct OpeningsTests {
    @Test func theDefaultIsOneSeedIn128Opening129To300() {
        var opened = 0
        for k in UInt64(0)..<20_000 {
            let seed = k &* 0x9E37_79B9_7F4A_7C15
            let n = Openings.occasional.opening(seed: seed)
            #expect(n == (seed % 128 == 0 ? 129 + Int((seed >> 7) % 172) : 0))
            if n > 0 { opened += 1 }
            #expect(Openings.none.opening(seed: seed) == 0)
        }
        #expect(opened > 100)
    }

    @Test(arguments: [1...1, 7...9, 100...1_000, 9_999...10_000])
    func aRangeIsDrawnWholeAndOnlyWithin(_ r: ClosedRange<Int>) {
        var seen = Set<Int>()
        for k in UInt64(0)..<5_000 {
            let n = Openings.tabs(r).opening(seed: Campaign.sequenceSeed(master: 0x7ab6121d, index: Int(k)))
            #expect(r.contains(n))
            seen.insert(n)
        }
        #expect(seen.contains(r.lowerBound) && seen.contains(r.upperBound), "\(r): \(seen.min()!)…\(seen.max()!)")
        if r.count <= 10 { #expect(seen.count == r.count) }
    }

    /// A titled opening (three in four) is as long as its new tabs and titles, and the drawn
    /// steps follow it. The run loop once read the sequence's length once, before the titles
    /// lengthened it: a titled opening of 153 tabs stopped at 98, with no drawn step after.
    @Test func aTitledOpeningOpensEveryTabAndTheDrawnStepsFollow() {
        var titled = 0
        for k in 0..<24 {
            let seed = Campaign.sequenceSeed(master: 0x7ab6121d, index: k)
            let out = Runner(properties: []).run(.seeded(seed, maxSteps: 30, openings: .tabs(40...40)), collectCoverage: false)
            // The opening: up to its 40th new tab, titles between them.
            var newTabs = 0, end = 0
            while end < out.executed.count && newTabs < 40 {
                if case .newTab = out.executed[end] { newTabs += 1 }
                end += 1
            }
            let titles = out.executed.prefix(end).filter { if case .setTitle = $0 { true } else { false } }.count
            #expect(newTabs == 40 && titles + 40 == end, "seed \(seed): \(newTabs) new tabs, \(titles) titles in \(end) steps")
            #expect(out.executed.count > end, "seed \(seed): no drawn step after the opening")
            if titles > 0 { titled += 1 }
        }
        #expect(titled >= 12, "only \(titled) of 24 openings titled")
    }

    @Test func onlyWellFormedRangesAreRead() {
        #expect(Openings.tabs("5") == .tabs(5...5) && Openings.tabs("1-10000") == .tabs(1...10_000) && Openings.tabs("3-3") == .tabs(3...3))
        for bad in ["0", "10001", "5-3", "", "-", "1-", "-4", "a", "1e3", "5-6-7", " 5", "+5", "５", "0x10", "1234567", "99999999999999999999"] {
            #expect(Openings.tabs(bad) == nil, "\(bad)")
        }
        #expect(Openings.tabs(7...7).arguments == "--start-tabs 7" && Openings.tabs(2...9).arguments == "--start-tabs 2-9")
        #expect(Openings.occasional.arguments == "" && Openings.none.arguments == "--no-large-grids")
    }
}
