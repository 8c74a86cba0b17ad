/// Adversarial values: small alphabets so filters hit and miss often, and the Unicode
/// cases that break naive matching (F1).
package enum Values {
    /// Letters of a tiny alphabet: most random titles and queries overlap.
    package static let smallAlphabet = ["a", "b", "A", "B", " "]
    /// The hard cases: dotted/dotless i, sharp s, precomposed vs combining accent, emoji
    /// with ZWJ, right-to-left text, whitespace, and the empty string.
    package static let tricky = [
        "", " ", "  ", "\t", "İ", "ı", "i", "I", "ß", "SS", "ss", "é", "e\u{301}", "E\u{301}",
        "👩‍👩‍👧", "👩", "\u{200D}", "שלום", "مرحبا", "New Tab", "new", "TAB", "Ω", "ω", "\r\n", "\n", "\r",
    ]

    /// A title: mostly the small alphabet, then characters of every class (`TextClass`), the
    /// tricky cases, real titles, raw UTF-8 bytes and very long ones.
    package static let title: Gen<String> = .oneOf([
        (6, .string(smallAlphabet, length: 0...4)),
        (4, .string(tricky, length: 1...3)),
        (3, classText(length: 1...4)),
        (1, .element(["New Tab", "Apple", "apple pie", "Swift Forums"])),
        (1, rawText),
        (1, longTitle),
    ])

    /// A very long title (a page's whole headline, a data URL): three times in four two letters
    /// repeated, else 64 to 1,000 scalars of one class (a script, symbols, controls, pieces of
    /// clusters) from two to five of its scalars — so a query of a few of them matches partly
    /// many times before it matches (#55: long titles in every script).
    package static let longTitle = Gen<String> { c in
        if c.bool(0.75) { return String(repeating: "ab", count: c.int(in: 100...600)) }
        let k = TextClass.allCases[c.int(in: 1...(TextClass.allCases.count - 1))]
        let letters = (0..<c.int(in: 2...5)).map { _ in k.scalar(&c) }
        var s = String.UnicodeScalarView()
        // One draw a scalar: a space one time in ten, else one of the letters.
        let n = logUniform(&c, 64...1_000), spaced = letters.count * 10
        for _ in 0..<n {
            let d = c.int(in: 0...(spaced - 1))
            s.append(d < letters.count ? " " : letters[d % letters.count])
        }
        return String(s)
    }

    /// A tab id no model of ours makes, as sessions from another version or a sync hold: text of
    /// the classes, one with a character the file must escape (`"`, `\`, a control, a literal
    /// `\u0022`), or a long one.
    package static let foreignID: Gen<String> = .oneOf([
        (3, classText(length: 1...6)),
        (3, Gen { c in
            classText(length: 0...3).run(&c) + c.element(of: ["\"", "\\", "\u{0}", "\u{1F}", "\n", "\u{7F}", "\\u0022", "\u{2028}", "\u{FEFF}"])
                + classText(length: 0...3).run(&c)
        }),
        (1, Gen { c in let n = logUniform(&c, 64...400); return classText(length: n...n).run(&c) }),
    ])

    /// A length in `range`, each power of two as likely as the next: long strings of every
    /// length, most of them at the short end (each scalar of a long title costs every step that
    /// filters it).
    static func logUniform(_ c: inout Choices, _ range: ClosedRange<Int>) -> Int {
        let lo = max(1, range.lowerBound)
        var bands = 0
        while lo << (bands + 1) <= range.upperBound { bands += 1 }
        let k = c.int(in: 0...bands)
        return c.int(in: (lo << k)...min(range.upperBound, (lo << (k + 1)) - 1))
    }

    /// A title for a page while a query is set: now and then one that holds the query (the page
    /// the user searches for loads), so a title change shows a hidden tab as often as it hides one.
    package static func title(query: String) -> Gen<String> {
        query.isEmpty ? title : .oneOf([(8, title), (1, Gen { c in
            String.string(smallAlphabet, &c, length: 0...2) + query + String.string(smallAlphabet, &c, length: 0...2)
        })])
    }

    /// A query: often a piece of an open tab's title with its case changed, or the current
    /// query edited by one keystroke (`Typing`: what incremental filtering must get right).
    package static func query(titles: [String], current: String = "") -> Gen<String> {
        let long = titles.filter { $0.utf8.count >= 64 }
        return .oneOf([
            (4, .string(smallAlphabet, length: 0...2)),
            (3, .string(tricky, length: 1...2)),
            (2, classText(length: 1...2)),
            (1, rawText),
            (4, Typing.edit(current, titles: titles)),
            // 2 to 16 scalars of a long title as they are: in a title of few letters its first
            // ones recur before it, so the query matches partly before it matches (#55).
            (long.isEmpty ? 0 : 2, Gen { c in
                let t = Array(c.element(of: long).unicodeScalars)
                let start = c.int(in: 0...(t.count - 2))
                var piece = String.UnicodeScalarView()
                piece.append(contentsOf: t[start..<min(t.count, start + c.int(in: 2...16))])
                return String(piece)
            }),
            (titles.isEmpty ? 0 : 6, Gen { c in
                // A third of the pieces cut a character of several scalars (the "e" of
                // "e\u{301}", the "\n" of "\r\n", the "👩" of a family): where a match by scalars
                // and a match by characters part.
                if c.bool(0.33), let cut = clusterCut(&c, titles) { return cut }
                let t = Array(c.element(of: titles.isEmpty ? [""] : titles))
                if t.isEmpty { return "" }
                let start = c.int(in: 0...(t.count - 1))
                // From a long title, up to 16 characters: a piece whose beginning recurs before it (#55).
                let end = c.int(in: start...min(t.count, start + (t.count > 40 ? 16 : 3)))
                let piece = String(t[start..<end])
                switch c.int(in: 0...2) {
                case 0: return piece.uppercased()
                case 1: return piece.lowercased()
                default: return piece
                }
            }),
        ])
    }

    /// Part of one character of several scalars of an open tab's title — its first or last
    /// scalars, never all — or nil when no title holds such a character.
    static func clusterCut(_ c: inout Choices, _ titles: [String]) -> String? {
        // Only a title with a non-ASCII byte or a CR can hold one: the rest are not counted.
        let clustered = titles.filter { t in t.utf8.contains { $0 >= 0x80 || $0 == 0x0D } && t.unicodeScalars.count > t.count }
        guard !clustered.isEmpty else { return nil }
        let characters = c.element(of: clustered).filter { $0.unicodeScalars.count > 1 }
        guard !characters.isEmpty else { return nil }
        let scalars = Array(c.element(of: Array(characters)).unicodeScalars)
        let k = c.int(in: 1...(scalars.count - 1))
        var out = String.UnicodeScalarView()
        out.append(contentsOf: c.bool(0.5) ? scalars[..<k] : scalars[k...])
        return String(out)
    }

    /// Real devices (points, safe-area insets), portrait and landscape, split view.
    package static let devices: [ViewportSpec] = [
        ViewportSpec(width: 320, height: 568),                                           // iPhone SE 1
        ViewportSpec(width: 375, height: 667, safeTop: 20),                              // iPhone 8
        ViewportSpec(width: 393, height: 852, safeTop: 59, safeBottom: 34),              // iPhone 15
        ViewportSpec(width: 430, height: 932, safeTop: 59, safeBottom: 34),              // 15 Pro Max
        ViewportSpec(width: 852, height: 393, safeLeft: 59, safeRight: 59, safeBottom: 21),
        ViewportSpec(width: 932, height: 430, safeLeft: 59, safeRight: 59, safeBottom: 21),
        ViewportSpec(width: 568, height: 320),
        ViewportSpec(width: 820, height: 1180, safeTop: 24, safeBottom: 20),             // iPad Air
        ViewportSpec(width: 1180, height: 820, safeTop: 24, safeBottom: 20),
        ViewportSpec(width: 1024, height: 1366, safeTop: 24, safeBottom: 20),            // iPad Pro 12.9
        ViewportSpec(width: 1366, height: 1024, safeTop: 24, safeBottom: 20),
        ViewportSpec(width: 320, height: 1024),                                          // Slide Over
        ViewportSpec(width: 507, height: 1024), ViewportSpec(width: 694, height: 1024),  // split view
        ViewportSpec(width: 375, height: 375),                                           // square
    ]

    package static let viewport: Gen<ViewportSpec> = .oneOf([
        (5, .element(devices)),
        (3, Gen { c in   // random, fractional
            insets(&c, ViewportSpec(width: Double(c.int(in: 1...30_000)) / 10, height: Double(c.int(in: 1...30_000)) / 10,
                                    safeLeft: Double(c.int(in: 0...600)) / 10, safeRight: Double(c.int(in: 0...600)) / 10))
        }),
        (2, Gen { c in   // tiny, around the 44 pt thresholds
            insets(&c, ViewportSpec(width: Double(c.int(in: 0...260)), height: Double(c.int(in: 0...260)),
                                    safeLeft: Double(c.int(in: 0...20)), safeRight: Double(c.int(in: 0...20))))
        }),
        (2, nearlySquare),
        (2 * NumberDomain.share, anyFields),
        (1, .element([
            ViewportSpec(width: 0, height: 0), ViewportSpec(width: -100, height: 500),
            ViewportSpec(width: .nan, height: 800), ViewportSpec(width: .infinity, height: 800),
            ViewportSpec(width: 400, height: -.infinity), ViewportSpec(width: 1e300, height: 1e-300),
            ViewportSpec(width: 400, height: 800, safeLeft: -10), ViewportSpec(width: 100, height: 800, safeLeft: 60, safeRight: 60),
            ViewportSpec(width: 1e9, height: 1e9), ViewportSpec(width: 74, height: 100), ViewportSpec(width: 163.9, height: 100),
        ])),
    ])

    /// A device's viewport with one to three of its six numbers drawn from the whole of `Double`
    /// (`NumberDomain`): a width of 7e+11, an inset of −∞, a height of 3e−310 — and a third of
    /// them NaN or ±∞, which a layout must survive in any of the six.
    package static let anyFields = Gen<ViewportSpec> { c in
        var v = c.element(of: devices)
        for _ in 0..<c.int(in: 1...3) {
            let x = c.weighted([2, 1]) == 0 ? NumberDomain.double(&c) : c.element(of: [Double.nan, .infinity, -.infinity])
            switch c.int(in: 0...5) {
            case 0: v.width = x
            case 1: v.height = x
            case 2: v.safeLeft = x
            case 3: v.safeRight = x
            case 4: v.safeTop = x
            default: v.safeBottom = x
            }
        }
        return v
    }

    /// Top and bottom insets drawn independently of the shape, now and then as large as the
    /// bounds themselves (decisions.md, Shrinking: a status bar on a window of any shape).
    static func insets(_ c: inout Choices, _ v: ViewportSpec) -> ViewportSpec {
        guard c.bool(0.5) else { return v }
        var v = v
        let scale = c.bool(0.2) ? max(1, v.height.isFinite ? v.height : 1) : 100
        v.safeTop = (scale * Double(c.int(in: 0...100)) / 100).rounded()
        v.safeBottom = (scale * Double(c.int(in: 0...60)) / 100).rounded()
        return v
    }

    /// Split-view and Stage Manager windows with a status bar: portrait by the bounds
    /// (`W ≤ H`), yet shorter than wide once the insets are taken off (`H < W + top + bottom`) —
    /// where a layout that reads its orientation from the safe height, not the bounds (L1),
    /// differs.
    package static let nearlySquare = Gen<ViewportSpec> { c in
        let width = Double(c.int(in: 100...1400)), top = Double(c.int(in: 1...80)), bottom = Double(c.int(in: 0...40))
        let height = width + Double(c.int(in: 0...Int(top + bottom) - 1))
        return ViewportSpec(width: width, height: height, safeLeft: Double(c.int(in: 0...20)), safeTop: top, safeBottom: bottom)
    }

    /// Translations and velocities around the G4 thresholds (±125 pt, ±1000 pt/s, exactly on
    /// them), physical ones, and the whole of `Double` (`NumberDomain`).
    package static let translation: Gen<Double> = .oneOf([
        (3, .element([-125, -124.999, -125.001, 125, 0, -0.0, 1, -1, -500, 500])),
        (2, Gen { c in Double(c.int(in: -4000...4000)) / 10 }),
        (NumberDomain.share, Gen { NumberDomain.double(&$0) }),
    ])
    package static let velocity: Gen<Double> = .oneOf([
        (3, .element([-1000, -999.999, -1000.001, 1000, 0, -5000, 5000])),
        (2, Gen { c in Double(c.int(in: -30_000...30_000)) / 10 }),
        (NumberDomain.share, Gen { NumberDomain.double(&$0) }),
    ])
}
