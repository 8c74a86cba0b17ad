import Foundation
import Generators

/// A campaign or replay as one self-contained page (XHTML, so it is well-formed XML): the
/// storyboard of a failure — a frame per step of the shrunk sequence plus the state before
/// the first, the failing step drawn for both drivers side by side — then the campaign's
/// figures and the commands that reproduce the failure. No network, no fetched scripts;
/// one inline script steps through the frames with the left and right arrow keys.
package struct HTMLReport {
    package struct Summary: Sendable {
        package var title: String
        package var result: String
        package var implementation: String
        package var oracle: String
        package var seed: String
        package var sequences: Int
        package var steps: Int
        package var elapsed: Double
        package var properties: [Property]
        package var reproduce: [String] = []
        /// Properties skipped for a missing capability, with what they need.
        package var skipped: String?
        /// The policy the run judged by (docs/policies.md), when it is not SPEC's.
        package var policy: String?
        /// The policy itself: the rule texts say which of SPEC's rules it replaces.
        package var policyValue = Policy.spec
        /// The saved replay file and the regression test, for the failure card.
        package var replayFile: String?
        package var regressionTest: String?
        /// What the console said besides the failure (the policy a shrunk sequence passes
        /// under, how to check it so): the page says it too.
        package var hints: [String] = []
        /// A merged campaign's failures, one line each (`tabcheck merge`): each shard's own
        /// report holds the storyboard.
        package var shardFailures: [String] = []
        /// What both drivers implement: frames draw only that, rule coverage counts only it.
        package var capabilities = Capability.all
        package init(title: String, result: String, implementation: String, oracle: String, seed: String, sequences: Int, steps: Int,
                    elapsed: Double, properties: [Property]) {
            self.title = title; self.result = result; self.implementation = implementation; self.oracle = oracle; self.seed = seed
            self.sequences = sequences; self.steps = steps; self.elapsed = elapsed; self.properties = properties
        }
    }

    package var summary: Summary
    /// The shrunk failing sequence, step by step (empty when every property held).
    package var records: [Runner.StepRecord]
    package var coverage: Coverage?

    package init(summary: Summary, records: [Runner.StepRecord], coverage: Coverage?) {
        self.summary = summary; self.records = records; self.coverage = coverage
    }

    package func page() -> String {
        var h = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE html>
        <html xmlns="http://www.w3.org/1999/xhtml" lang="en">
        <head><meta charset="utf-8"/><meta name="viewport" content="width=device-width"/>
        <title>\(xml(summary.title))</title>
        <style>\(Self.css)</style>
        </head>
        <body data-frames="\(records.count)">
        <header><h1>\(xml(summary.title))</h1>
        <p class="result \(summary.result == "pass" ? "pass" : "fail")">\(xml(headline()))</p>
        </header>

        """
        h += failureCard()
        if records.last?.violation == nil { h += stepList() }     // a failure's list is in its card, beside the frames
        h += storyboard()
        h += "<details id=\"campaign-figures\"\(records.isEmpty ? " open=\"open\"" : "")><summary>Campaign figures</summary>\n" + campaign() + "</details>\n"
        if !summary.reproduce.isEmpty && records.last?.violation == nil {
            h += "<section id=\"reproduce\"><h2>Reproduce</h2><ul>"
            for line in summary.reproduce { h += "<li><code>\(xml(line))</code></li>" }
            h += "</ul></section>\n"
        }
        h += "<script>//<![CDATA[\n\(Self.script)\n//]]></script>\n</body>\n</html>\n"
        return h
    }

    /// The line under the title: the rule broken when there is a failure, else the campaign's result.
    func headline() -> String {
        // The view kind the run fed (decisions.md, Behaviour, D): batch updates, or a diffable data source.
        let view = summary.capabilities.contains(.diffable) ? "a diffable data source" : "batch updates"
        let judged = summary.policyValue == .spec ? "" : " · policy \(PolicyFile.name(of: summary.policyValue) ?? "from a file")"
        let who = "implementation \(summary.implementation) vs oracle \(summary.oracle) · view: \(view)\(judged)"
        if let last = records.last, let v = last.violation {
            let what = v.property == .crash ? "\(trappedSide ?? "a driver") trapped" : "\(verdict(last, v).rule) broken"
            let when = last.step == 0 ? "before the first step" : "at step \(last.step) of \(records.count - 1)"
            return "\(summary.result.uppercased()) · \(what) \(when) · \(who) · seed \(summary.seed)"
        }
        return "\(summary.result.uppercased()) · \(who) · seed \(summary.seed) · \(summary.sequences) sequences, \(summary.steps) steps in \(String(format: "%.2f", summary.elapsed)) s"
    }

    func storyboard() -> String {
        if records.isEmpty && !summary.shardFailures.isEmpty {
            return "<section id=\"storyboard\"><h2>Failures in the shards</h2><ul>" + summary.shardFailures.map { "<li><code>\(xml($0))</code></li>" }.joined()
                + "</ul><p>Each shard's own report (its <code>--html</code>) draws its failure as a storyboard.</p></section>\n"
        }
        guard let last = records.last else {
            return "<section id=\"storyboard\"><h2>Storyboard</h2><p>Every property held: there is no failing sequence to draw.</p></section>\n"
        }
        let steps = records.count - 1
        var h = "<section id=\"storyboard\" aria-label=\"storyboard\"><h2>Storyboard: the state before the first step\(steps == 0 ? " (no step ran)" : steps == 1 ? " and after the step" : " and after each of \(steps) steps")</h2>\n"
        guard let v = last.violation else { return h + strip() + "</section>\n" }
        h += "<p class=\"broken\">Broken: \(xml(roundedNumbers(sentence(v, step: last.step)))) <span class=\"detail\">(\(xml(v.property.rawValue)))</span></p>\n"
        return h + strip() + "</section>\n"
    }

    /// An action as a frame's caption: a restore as the session in words, anything else as
    /// written, cut at 120 characters (the replay file and the regression test hold it whole).
    package static func caption(_ a: Action) -> String {
        if case .restoreData(let text) = a, let words = SessionText.summary(text) { return "restoreData — \(words)" }
        let d = a.description
        return d.count > 120 ? String(d.prefix(120)) + "…" : d
    }

    /// The frames, in order, each with its caption in words.
    func strip() -> String {
        var h = "<p class=\"hint\"><span class=\"keys\">Left and right arrow keys step through the frames; </span>a step in the list above selects its frame. <span id=\"position\"></span></p>\n<div class=\"strip\">\n"
        for (r, frames) in zip(records, frames) {
            let caption = r.action.map { "step \(r.step): \(Self.caption($0))" } ?? "before the first step"
            let o = r.implementation
            let failing = r.violation != nil
            h += "<figure class=\"frame\(failing ? " failing" : "")\" id=\"frame-\(r.step)\" data-step=\"\(r.step)\" tabindex=\"-1\">"
            h += frames.map { $0.svg() }.joined()
            h += "<figcaption><strong>\(xml(caption))</strong>\(failing ? " — fails here" : "")<br/>"
            let shown = o.displayed.prefix(8).map { "\($0) \(quoted(String(frames[0].title(of: $0).prefix(24))))" }.joined(separator: ", ")
            h += "displayed: \(o.displayed.isEmpty ? "none" : xml(shown + (o.displayed.count > 8 ? ", … (\(o.displayed.count - 8) more)" : "")))"
            h += "; query \(xml(quoted(o.query))); active \(xml(o.active ?? "none")); Close All \(o.closeAllEnabled ? "enabled" : "disabled")"
            if let reason = r.outcome?.rejected { h += "; rejected (\(xml(reason)))" }
            h += "</figcaption></figure>\n"
        }
        return h + "</div>\n"
    }

    func campaign() -> String {
        var h = "<section id=\"campaign\"><h2>Campaign</h2>\n<table class=\"facts\">"
        h += "<tr><th>sequences</th><td>\(summary.sequences)</td></tr><tr><th>steps</th><td>\(summary.steps)</td></tr>"
        h += "<tr><th>time</th><td>\(String(format: "%.2f", summary.elapsed)) s</td></tr>"
        h += "<tr><th>properties</th><td>\(xml(summary.properties.map(\.rawValue).joined(separator: ", ")))</td></tr>"
        if let skipped = summary.skipped { h += "<tr><th>skipped</th><td>\(xml(skipped))</td></tr>" }
        if let policy = summary.policy { h += "<tr><th>policy</th><td>\(xml(policy))</td></tr>" }
        h += "</table>\n"
        guard let c = coverage else { return h + "<p>No campaign ran (a replay).</p></section>\n" }
        // Distributions of one sequence say nothing (Tyche keeps them apart from the example).
        guard summary.sequences > 1 else { return h + "<p>One sequence ran: no distributions to draw.</p></section>\n" }
        let rules = RuleCoverage.table(c).filter { summary.capabilities.isSuperset(of: Capability.all) || Capability.implements($0.rule, summary.capabilities) }
        h += chart("Rule coverage: steps that exercised each rule", rules.map { ($0.rule, $0.count) })
        let d = c.distributions
        h += chart("Sequence lengths (steps)", zip(Distributions.lengthBuckets.map(\.label), d.lengths).map { ($0, $1) })
        h += chart("Most tabs open at once, per sequence", zip(Distributions.tabBuckets.map(\.label), d.maxTabs).map { ($0, $1) })
        h += chart("Viewport class of each step", zip(Distributions.ViewportClass.allCases.map(\.rawValue), d.viewports).map { ($0, $1) })
        h += chart("Situations reached", Coverage.Situation.allCases.map { ($0.rawValue, c.situations[$0] ?? 0) })
        return h + "</section>\n"
    }

    /// A horizontal bar chart as an HTML table (bars are spans of a width in per cent): its
    /// text stays at the page's size and wraps on a phone.
    func chart(_ title: String, _ rows: [(String, Int)]) -> String {
        let top = max(1, rows.map(\.1).max() ?? 1)
        var s = "<table class=\"chart\"><caption>\(xml(title))</caption>"
        for (label, n) in rows {
            let width = n > 0 ? max(1, 100 * n / top) : 0
            s += "<tr><th>\(xml(label))</th><td class=\"barcell\"><span class=\"bar\" style=\"width:\(width)%\"></span></td><td>\(n)</td></tr>"
        }
        return s + "</table>\n"
    }

    static let css = StoryboardFrame.svgStyle + """
    body{font-family:system-ui,sans-serif;margin:16px;color:#222}h1{font-size:20px;overflow-wrap:anywhere}h2{font-size:17px;margin-top:24px}
    .result.pass{color:#1a7f37}.result.fail{color:#c62828;font-weight:600}.result{overflow-wrap:anywhere}
    .broken{background:#fdecea;padding:8px;border-left:4px solid #c62828;overflow-wrap:anywhere;margin:8px 0}
    .detail{font-size:13px;color:#444;overflow-wrap:anywhere;margin:4px 0}
    dl.rules{font-size:13px;margin:4px 0 8px;display:grid;grid-template-columns:max-content 1fr;gap:2px 8px}dl.rules dt{font-weight:600}dl.rules dd{margin:0;overflow-wrap:anywhere}
    .card{display:flex;flex-wrap:wrap;gap:16px;align-items:flex-start}.pair{display:flex;gap:12px;flex-wrap:wrap;align-items:flex-start}
    .facts{flex:1 1 320px;min-width:0;max-width:100%}.facts table{width:100%;margin-bottom:8px}
    .strip{display:flex;flex-wrap:wrap;gap:12px;align-items:flex-start}figure.frame{margin:0;padding:6px;border:2px solid #ddd;border-radius:8px;max-width:100%;box-sizing:border-box}
    figure.frame.current{box-shadow:0 0 0 3px #90caf9}figure.frame.failing{border-color:#c62828}figure.frame figcaption{font-size:12px;max-width:226px;overflow-wrap:anywhere}figure.frame.failing figcaption{max-width:460px}
    ul.legend{font-size:12px;color:#444;list-style:none;padding:0;margin:4px 0}ul.legend li{margin:2px 0}
    .key{display:inline-block;min-width:22px;padding:0 3px;border-radius:3px;text-align:center;font-size:11px}.key.differs{border:2px dashed #c62828}.key.active{border:2px solid #1565c0}
    .key.pending{opacity:.5;border:1px solid #999}.key.swiping{background:#fffde7;border:1px solid #999}.key.inset{background:#e1bee7}.key.moved{border:2px solid #2e7d32}
    .key.acted{background:#bbdefb}.key.position{border:1px solid #999}
    table.diff{table-layout:fixed;width:100%}table.diff th:nth-child(1){width:27%}table.diff th:nth-child(2){width:11%}table.diff td{overflow-wrap:anywhere}
    .pair svg,.strip svg{vertical-align:top}
    td.minus{background:#fdecea}td.plus{background:#e8f5e9}ol.steps li.failing{color:#c62828;font-weight:600}ol.steps{overflow-wrap:anywhere}
    pre{font-size:12px;background:#f5f5f5;padding:8px;overflow-x:auto;max-width:100%;box-sizing:border-box}code{overflow-wrap:anywhere}
    table{border-collapse:collapse;font-size:13px}td,th{border:1px solid #ccc;padding:2px 6px;text-align:left;vertical-align:top;overflow-wrap:break-word}
    caption{text-align:left;font-size:13px;overflow-wrap:anywhere}table.chart{margin:8px 0;width:100%;max-width:640px}table.chart td.barcell{width:60%}
    .bar{display:inline-block;height:10px;background:#5c6bc0}
    @media (hover:none),(max-width:600px){.keys{display:none}}
    @media (max-width:600px){body{margin:8px}.card{display:block}.pair{justify-content:flex-start}}
    """

    static let script = """
    (function () {
      var frames = document.querySelectorAll('figure.frame');
      document.body.setAttribute('data-rendered-frames', String(frames.length));
      var pair = document.querySelector('.pair');
      if (pair) { document.body.setAttribute('data-failure-bottom', String(Math.round(pair.getBoundingClientRect().bottom + window.scrollY))); }
      if (frames.length === 0) { return; }
      var current = frames.length - 1;
      function show(k, scroll) {
        frames[current].classList.remove('current');
        current = Math.max(0, Math.min(frames.length - 1, k));
        frames[current].classList.add('current');
        if (scroll) {
          frames[current].focus({preventScroll: true});
          frames[current].scrollIntoView({block: 'nearest', inline: 'nearest'});
        }
        document.getElementById('position').textContent = current === 0 ? 'Showing the state before the first step.'
          : 'Showing the state after step ' + current + ' of ' + (frames.length - 1) + '.';
      }
      var links = document.querySelectorAll('a[data-frame]');
      for (var i = 0; i < links.length; i++) {
        links[i].addEventListener('click', function (e) { show(Number(this.getAttribute('data-frame')), true); e.preventDefault(); });
      }
      document.addEventListener('keydown', function (e) {
        if (e.key === 'ArrowRight') { show(current + 1, true); e.preventDefault(); }
        if (e.key === 'ArrowLeft') { show(current - 1, true); e.preventDefault(); }
      });
      show(current, false);
    })();
    """
}
