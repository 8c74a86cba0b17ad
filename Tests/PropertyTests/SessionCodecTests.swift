import Foundation
import Generators
import Shrinking
import Testing
@testable import TabModel

/// P1–P3: the hand-written session encoder and the canonical fast path of the decoder
/// against Foundation's `JSONDecoder` (which decides what a valid session is).
@Suite struct SessionCodecTests {
    /// A snapshot with adversarial ids and titles (any Unicode, control characters, quotes).
    static func snapshot(_ c: inout Choices) -> SessionSnapshot {
        let n = c.int(in: 0...6)
        let odd = ["\"", "\\", "\u{0}", "\u{1F}", "\u{7F}", "/", "\u{2028}", "\r\n", "\t", "\u{8}", "\u{C}"]
        let text = Gen<String>.oneOf([(3, Values.title), (2, .string(odd + Values.tricky, length: 0...4))])
        let tabs = (0..<n).map { i in SessionSnapshot.SavedTab(id: TabID("\(text.run(&c))#\(i)"), title: text.run(&c)) }
        let active = n > 0 && c.bool(0.7) ? tabs[c.int(in: 0...(n - 1))].id : nil
        return SessionSnapshot(version: SessionSnapshot.currentVersion, tabs: tabs, activeTabID: active)
    }

    @Test func P1_encodedSessionsAreReadBackByJSONDecoderAndByTheFastPath() throws {
        for seed in 0..<2000 as Range<UInt64> {
            var c = Choices(seed: seed)
            let s = Self.snapshot(&c)
            let data = s.encoded()
            let foundation = try SessionSnapshot.decodeWithFoundation(data)
            #expect(foundation == s, "seed \(seed): \(String(decoding: data, as: UTF8.self))")
            #expect(CanonicalReader.read(data) == s, "seed \(seed): the fast path must read every encoded session")
        }
    }

    @Test func P3_theFastPathAcceptsNothingJSONDecoderWouldReadDifferently() {
        // Canonical texts broken one byte at a time: the fast path either declines
        // (nil: JSONDecoder decides) or agrees with JSONDecoder exactly.
        let bytes: [UInt8] = Array(#"{}[],:"\ 0019aefnrtu"#.utf8) + [0x00, 0x1F, 0x7F, 0xC3, 0xFF]
        var checked = 0
        for seed in 0..<300 as Range<UInt64> {
            var c = Choices(seed: seed)
            let base = [UInt8](Self.snapshot(&c).encoded())
            for _ in 0..<20 {
                var text = base
                let at = c.int(in: 0...max(0, text.count - 1))
                switch c.int(in: 0...2) {
                case 0: if !text.isEmpty { text[at] = c.element(of: bytes) }
                case 1: if !text.isEmpty { text.remove(at: at) }
                default: text.insert(c.element(of: bytes), at: at)
                }
                guard let fast = CanonicalReader.read(Data(text)) else { continue }
                checked += 1
                let foundation = try? SessionSnapshot.decodeWithFoundation(Data(text))
                #expect(foundation == fast, "\(String(decoding: text, as: UTF8.self))")
            }
        }
        #expect(checked > 100, "too few mutated texts were still canonical: \(checked)")
    }

    @Test func P3_nonCanonicalJSONIsLeftToJSONDecoder() {
        let texts = [#"{"version":1,"tabs":[]}"#, #"{"tabs":[],"version":01}"#, #"{"tabs":[],"version":1.0}"#,
                     #"{"tabs":[] ,"version":1}"#, #"{"tabs":[{"id":"a","title":"\u00E9"}],"version":1}"#,
                     #"{"tabs":[{"id":"a","title":"\/"}],"version":1}"#, "\u{FEFF}{\"tabs\":[],\"version\":1}",
                     #"{"tabs":[],"version":1} "#, #"{"tabs":[{"id":"a","title":"b","x":1}],"version":1}"#]
        for t in texts { #expect(CanonicalReader.read(Data(t.utf8)) == nil, "\(t)") }
        #expect(CanonicalReader.read(Data([0x7B, 0x22, 0x74, 0x61, 0x62, 0x73, 0x22, 0x3A, 0x5B, 0x7B, 0x22, 0x69, 0x64, 0x22, 0x3A, 0x22, 0xC3, 0x28])) == nil)
    }

    /// The fast path's UTF-8 check (decode, then compare the bytes) says what
    /// `String(validating:)` says, on random byte strings biased to the edges of UTF-8:
    /// truncated and overlong sequences, surrogates, U+FFFD itself, bytes past U+10FFFF.
    @Test func P3_theFastPathsUTF8CheckIsStringValidating() {
        let pieces: [[UInt8]] = [[0x61], [0x00], [0x7F], [0xC3, 0xA9], [0xC3], [0xA9], [0xC0, 0x80], [0xE0, 0x80, 0x80],
                                 [0xED, 0xA0, 0x80], [0xEF, 0xBF, 0xBD], [0xF0, 0x9F, 0x98, 0x80], [0xF4, 0x90, 0x80, 0x80],
                                 [0xF8], [0xFF], [0xE2, 0x82]]
        var invalid = 0
        for seed in 0..<20_000 as Range<UInt64> {
            var c = Choices(seed: seed)
            let bytes = (0..<c.int(in: 0...6)).flatMap { _ in c.element(of: pieces) }
            let lead = c.int(in: 0...2)
            let all = [UInt8](repeating: 0x20, count: lead) + bytes + [0x22]
            let got = CanonicalReader.validUTF8(all, lead..<(lead + bytes.count))
            let expected = String(validating: bytes, as: UTF8.self)
            #expect(got == expected, "\(bytes)")
            if expected == nil { invalid += 1 }
        }
        #expect(invalid > 1000, "too few invalid byte strings drawn: \(invalid)")
    }
}
