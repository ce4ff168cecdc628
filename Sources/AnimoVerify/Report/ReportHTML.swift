// report.html from the runs of a report folder (Report): every case, failures first by severity,
// with a pass/fail filter. Each part carries `data-part` so that a headless browser's DOM dump
// can be checked for it (scripts/check-report-in-browser):
//   filter      the pass / fail / all switch and a name search
//   case        one per case (`data-status`, `data-severity` = its rank), failures first
//   compare     per failed frame: expected | actual | difference side by side,
//   slider        a swipe between expected and actual,
//   blink         expected and actual alternating
//   flipbook    per case: the golden's frames and today's, playing side by side (before / after)
//   timeline    per case with key poses: each pose at its recorded and its current time
//   plot        when timing moved: the transitions' progress over time, recorded and now (SVG)
//   timing      the timing sentence
//   spec-link   a link to the spec's line (the listing below, and the file in the repository)
//   spec        the spec's text with line anchors
// Severity: cases that could not be checked or miss files first, then frames that differ
// perceptibly (most such pixels first, then the largest Δ), then moved key poses (largest shift
// first), then differences below perception (largest Δ first); passing cases by name.
// An inline script checks that every image decoded and writes `data-images="ok|broken"` into
// <body>, plays the flip-books and runs the filter, tabs, slider and blink. Nothing loads from
// the network.
import Foundation

enum ReportHTML {
    struct Entry {
        var run: OutputJSON
        var json: OutputJSON
        var id: String
        var severity: [Double]
        var failed: Bool { json["status"]?.stringValue != "passed" }
    }

    static func page(runs: [OutputJSON]) -> String {
        var entries: [Entry] = []
        for run in runs {
            for c in run["cases"]?.arrayValue ?? [] {
                let id = "c\(entries.count)"
                entries.append(Entry(run: run, json: c, id: id, severity: severity(c)))
            }
        }
        entries.sort { a, b in
            if a.failed != b.failed { return a.failed }
            if a.failed, a.severity != b.severity { return a.severity.lexicographicallyPrecedes(b.severity) }
            return (a.json["name"]?.stringValue ?? "") < (b.json["name"]?.stringValue ?? "")
        }
        let failed = entries.filter(\.failed).count
        let title = entries.isEmpty ? "No cases" : (failed == 0 ? "All \(entries.count) cases pass"
                                                  : "\(failed) of \(entries.count) case\(entries.count == 1 ? "" : "s") fail\(failed == 1 && entries.count == 1 ? "s" : "")")
        var body = "<header><h1>\(esc(title))</h1>\n"
        for run in runs {
            let cmd = run["command"]?.stringValue ?? ""
            var label = cmd
            if let sh = run["shard"], let i = sh["index"]?.intValue, let n = sh["count"]?.intValue { label += " shard \(i)/\(n)" }
            body += "<p class=run data-part=run><b>\(esc(label))</b>: \(esc(run["summary"]?.stringValue ?? ""))</p>\n"
        }
        for note in missingShards(runs) { body += "<p class=warn data-part=missing-shard>\(esc(note))</p>\n" }
        body += """
        <div class=filter data-part=filter role=group aria-label="show cases">
        <button data-show=all>all (\(entries.count))</button><button data-show=failed class=on>failed (\(failed))</button><button data-show=passed>passed (\(entries.count - failed))</button>
        <input type=search placeholder="filter by name" aria-label="filter by name">
        </div></header>

        """
        for (rank, e) in entries.enumerated() { body += caseHTML(e, rank: rank) }
        return document(title: title, body: body)
    }

    /// Notes for shards a folder lacks: runs from shard i of N exist but not all N.
    static func missingShards(_ runs: [OutputJSON]) -> [String] {
        var seen: [Int: Set<Int>] = [:]
        for r in runs {
            if let sh = r["shard"], let i = sh["index"]?.intValue, let n = sh["count"]?.intValue { seen[n, default: []].insert(i) }
        }
        return seen.keys.sorted().flatMap { n in
            (1...n).filter { !seen[n]!.contains($0) }.map { "shard \($0) of \(n) is not in this report: its cases are missing (copy its report folder here, then run animo-render report on this folder)" }
        }
    }

    // MARK: - Severity

    static func frameKey(_ f: OutputJSON) -> [Double] {
        let status = f["status"]?.stringValue ?? ""
        if ["missing", "unreadable", "extra"].contains(status) || f["sizeMismatch"]?.boolValue == true { return [0, 0, 0] }
        guard status == "failed" else { return [9, 0, 0] }
        let perceptual = f["perceptualPixels"]?.doubleValue ?? 0, delta = f["maxDelta"]?.doubleValue ?? 0
        return perceptual > 0 ? [1, -perceptual, -delta] : [3, -delta, -(f["differingPixels"]?.doubleValue ?? 0)]
    }

    /// The sort key of a case (smaller first).
    static func severity(_ c: OutputJSON) -> [Double] {
        var key: [Double] = [9, 0, 0]
        func take(_ k: [Double]) { if k.lexicographicallyPrecedes(key) { key = k } }
        if c["status"]?.stringValue == "error" { take([0, 0, 0]) }
        if !(c["orphans"]?.arrayValue ?? []).isEmpty { take([0, 0, 0]) }
        for f in c["frames"]?.arrayValue ?? [] { take(frameKey(f)) }
        for p in c["poses"]?.arrayValue ?? [] {
            switch p["status"]?.stringValue {
            case "missing", "new": take([0, 0, 0])
            case "moved": take([2, -abs(p["shift"]?.doubleValue ?? 0), 0])
            default: break
            }
        }
        if c["status"]?.stringValue == "failed", key[0] == 9 { take([2, 0, 0]) }
        return key
    }

    // MARK: - A case

    static func caseHTML(_ e: Entry, rank: Int) -> String {
        let c = e.json
        let name = c["name"]?.stringValue ?? "case"
        let status = c["status"]?.stringValue ?? "failed"
        let frames = c["frames"]?.arrayValue ?? []
        var s = "<section class=\"case \(status == "passed" ? "passed" : "failed")\" id=\(e.id) data-part=case data-name=\"\(esc(name))\" data-status=\(status == "passed" ? "passed" : "failed") data-severity=\(rank)\(status == "passed" ? " hidden" : "")>\n"
        s += "<h2><span class=badge>\(status == "passed" ? "pass" : (status == "error" ? "error" : "fail"))</span> \(esc(name))</h2>\n"
        s += "<p class=summary>\(esc(c["summary"]?.stringValue ?? ""))</p>\n"
        let specFile = c["spec"]?["file"]?.stringValue
        let lines = (c["specText"]?.stringValue).map { $0.components(separatedBy: "\n") }
        func specLink(_ line: Int?, _ text: String? = nil) -> String {
            guard let specFile else { return "" }
            let l = line ?? 1
            let label = text ?? "\(specFile):\(l)"
            return lines != nil ? "<a data-part=spec-link href=\"#\(e.id)-L\(l)\">\(esc(label))</a>" : esc(label)
        }
        if let specFile {
            s += "<p class=spec-ref>spec: \(specLink(nil, specFile))"
            if let href = c["specHref"]?.stringValue { s += " (<a data-part=spec-link href=\"\(esc(href))\">file</a>)" }
            s += "</p>\n"
        }
        if let t = c["timing"], case .object = t, let sentence = t["sentence"]?.stringValue {
            s += "<p class=timing data-part=timing>timing: \(esc(sentence))</p>\n"
            if let detail = t["detail"]?.arrayValue, !detail.isEmpty {
                s += "<ul class=detail>" + detail.compactMap(\.stringValue).map { "<li>\(esc($0))</li>" }.joined() + "</ul>\n"
            }
        }
        // Key-pose problems with links to the event's line.
        let poses = c["poses"]?.arrayValue ?? []
        let moved = poses.filter { $0["status"]?.stringValue != "kept" }
        if !moved.isEmpty {
            s += "<ul class=poses>" + moved.map { p in
                "<li>\(esc(p["message"]?.stringValue ?? "")) — \(specLink(p["line"]?.intValue))</li>"
            }.joined() + "</ul>\n"
        }
        // Detail lines without the local paths of the failure sheets (the report shows the images).
        let other = (c["details"]?.arrayValue ?? []).compactMap(\.stringValue).filter { d in !moved.contains { $0["message"]?.stringValue == d } }
            .map { $0.components(separatedBy: " → ").first ?? $0 }
        if !other.isEmpty || c["error"]?.stringValue != nil {
            s += "<ul class=details>" + ((c["error"]?.stringValue).map { ["<li>\(esc($0))</li>"] } ?? []).joined()
                + other.map { "<li>\(esc($0))</li>" }.joined() + "</ul>\n"
        }
        if !poses.isEmpty { s += timeline(poses, duration: c["spec"]?["duration"]?.doubleValue) }
        let timingMoved = (c["timing"]?["model"]?.stringValue).map { $0 != "unchanged" } ?? (c["timing"]?["sentence"] != nil)
        if timingMoved, let curves = c["curves"]?.arrayValue, !curves.isEmpty { s += plot(curves) }
        s += flipbook(frames, id: e.id, comparison: c["kind"]?.stringValue == "comparison")
        let failing = frames.filter { $0["status"]?.stringValue != "passed" }
            .sorted { frameKey($0).lexicographicallyPrecedes(frameKey($1)) }
        // The failing frames, most severe first; a long run of them is cut (the table has all).
        let shownFailures = 12
        for f in failing.prefix(shownFailures) { s += frameHTML(f) }
        if failing.count > shownFailures {
            s += "<p class=legend>\(failing.count - shownFailures) more failing frames: their figures are in the table below</p>\n"
        }
        s += table(frames)
        if let lines {
            let marked = Set(moved.compactMap { $0["line"]?.intValue })
            s += "<details class=spec data-part=spec><summary>\(esc(specFile ?? "spec.json"))</summary><pre>"
            for (i, line) in lines.enumerated() where !(i == lines.count - 1 && line.isEmpty) {
                let n = i + 1
                s += "<span id=\(e.id)-L\(n)\(marked.contains(n) ? " class=hit" : "")><a href=\"#\(e.id)-L\(n)\">\(n)</a>\(esc(line))</span>\n"
            }
            s += "</pre></details>\n"
        }
        return s + "</section>\n"
    }

    // MARK: - Frames

    static func frameHTML(_ f: OutputJSON) -> String {
        let name = f["name"]?.stringValue ?? "frame"
        let time = f["time"]?.doubleValue.map { String(format: " at %.3f s", $0) } ?? ""
        var s = "<div class=frame><h3>\(esc(name))\(time): \(esc(figures(f)))</h3>\n"
        let e = f["expected"]?.stringValue, a = f["actual"]?.stringValue, d = f["diff"]?.stringValue
        guard let e, let a else {
            for (label, src) in [("expected", e), ("actual", a)] {
                if let src { s += "<figure><img src=\"\(esc(src))\" alt=\(label)><figcaption>\(label)</figcaption></figure>" }
            }
            return s + "</div>\n"
        }
        s += """
        <div class=views data-part=compare>
        <div class=tabs><button class=on data-view=side>side by side</button><button data-view=slider>slider</button><button data-view=blink>blink</button></div>
        <div class=side><figure><img src="\(esc(e))" alt=expected><figcaption>expected</figcaption></figure><figure><img src="\(esc(a))" alt=actual><figcaption>actual</figcaption></figure>\(d.map { "<figure><img src=\"\(esc($0))\" alt=difference><figcaption>difference (brighter = larger)</figcaption></figure>" } ?? "")</div>
        <div class=slider data-part=slider hidden><div class=stack><img src="\(esc(e))" alt=expected><img class=top src="\(esc(a))" alt=actual></div><input type=range min=0 max=100 value=50 aria-label="slide between expected (left) and actual (right)"><p class=legend>left of the line: expected; right: actual</p></div>
        <div class=blink data-part=blink hidden><div class=stack><img src="\(esc(e))" alt=expected><img class=top src="\(esc(a))" alt=actual></div><p class=legend>alternating every half second: <b class=which>actual</b></p></div>
        </div>

        """
        return s + "</div>\n"
    }

    static func figures(_ f: OutputJSON) -> String {
        switch f["status"]?.stringValue {
        case "missing": return "missing"
        case "extra": return "extra"
        case "unreadable": return "unreadable: \(f["error"]?.stringValue ?? "")"
        default: break
        }
        if f["sizeMismatch"]?.boolValue == true { return "size mismatch" }
        var parts = ["max Δ \(f["maxDelta"]?.intValue ?? 0)", "\(f["differingPixels"]?.intValue ?? 0) px differ"]
        if let p = f["perceptualPixels"]?.intValue { parts.append("\(p) perceptibly") }
        if let s = f["ssim"]?.doubleValue { parts.append(String(format: "SSIM %.5f", s)) }
        return parts.joined(separator: ", ")
    }

    /// Before / after: the expected frames and the actual ones (the expected where a frame
    /// passed), in time order, playing side by side.
    static func flipbook(_ frames: [OutputJSON], id: String, comparison: Bool) -> String {
        let shown = frames.filter { $0["expected"]?.stringValue != nil || $0["actual"]?.stringValue != nil }
            .sorted { ($0["time"]?.doubleValue ?? 0) < ($1["time"]?.doubleValue ?? 0) }
        guard shown.count >= 2 else { return "" }
        // At most 150 frames in a flip-book: every k-th of longer sequences (failures always kept).
        let step = max(1, (shown.count + 149) / 150)
        let picked = shown.enumerated().filter { $0.offset % step == 0 || $0.element["status"]?.stringValue == "failed" }.map(\.element)
        var delays: [Int] = []
        for (i, f) in picked.enumerated() {
            if comparison, i + 1 < picked.count, let t0 = f["time"]?.doubleValue, let t1 = picked[i + 1]["time"]?.doubleValue {
                delays.append(Int(min(max(((t1 - t0) * 1000).rounded(), 16), 1000)))
            } else {
                delays.append(comparison ? 500 : 700)
            }
        }
        func strip(_ key: String, fallback: String) -> String {
            picked.enumerated().map { i, f in
                let src = f[key]?.stringValue ?? f[fallback]?.stringValue ?? ""
                // decoding=sync: a frame shown by the flip-book is painted at once, so both strips
                // always show the same instant.
                return "<img src=\"\(esc(src))\" alt=\"\(esc(f["name"]?.stringValue ?? ""))\" decoding=sync\(i == 0 ? "" : " hidden")>"
            }.joined()
        }
        let labels = picked.map { f in
            (f["name"]?.stringValue ?? "") + (f["time"]?.doubleValue.map { String(format: " · %.3f s", $0) } ?? "")
        }
        return """
        <div class=flipbook data-part=flipbook data-delays="\(delays.map(String.init).joined(separator: ","))" data-labels="\(esc(labels.joined(separator: "|")))">
        <div class=books><figure><div class=book>\(strip("expected", fallback: "actual"))</div><figcaption>before (golden)</figcaption></figure><figure><div class=book>\(strip("actual", fallback: "expected"))</div><figcaption>after (now)</figcaption></figure></div>
        <p class=legend><button class=play>pause</button> <span class=label>\(esc(labels.first ?? ""))</span></p>
        </div>

        """
    }

    static func table(_ frames: [OutputJSON]) -> String {
        guard !frames.isEmpty else { return "" }
        var s = "<details class=figures><summary>every frame's figures</summary><table><tr><th>frame</th><th>time</th><th>verdict</th><th>max Δ</th><th>px differ</th><th>perceptual px</th><th>anti-aliased px</th><th>SSIM</th></tr>\n"
        for f in frames {
            func int(_ k: String) -> String { f[k]?.intValue.map { String($0) } ?? "" }
            var cells: [String] = [f["name"]?.stringValue ?? ""]
            cells.append(f["time"]?.doubleValue.map { String(format: "%.3f", $0) } ?? "")
            cells.append(f["sizeMismatch"]?.boolValue == true ? "size mismatch" : (f["status"]?.stringValue ?? ""))
            cells += [int("maxDelta"), int("differingPixels"), int("perceptualPixels"), int("antialiasedPixels")]
            cells.append(f["ssim"]?.doubleValue.map { String(format: "%.5f", $0) } ?? "")
            s += "<tr class=\(f["status"]?.stringValue == "passed" ? "good" : "bad")>" + cells.map { "<td>\(esc($0))</td>" }.joined() + "</tr>\n"
        }
        return s + "</table></details>\n"
    }

    // MARK: - SVG

    /// Each key pose on a time axis: its recorded time above, its time now below, joined when
    /// they differ.
    static func timeline(_ poses: [OutputJSON], duration: Double?) -> String {
        let times = poses.flatMap { [$0["expectedTime"]?.doubleValue, $0["actualTime"]?.doubleValue].compactMap { $0 } }
        let end = max(duration ?? 0, times.max() ?? 0, 0.001)
        let w = 720.0, left = 20.0, right = 20.0, top = 26.0, bottom = 64.0
        func x(_ t: Double) -> Double { left + (w - left - right) * t / end }
        var s = "<figure class=chart data-part=timeline><svg viewBox=\"0 0 \(Int(w)) 104\" width=\"\(Int(w))\" height=104 role=img aria-label=\"key poses: recorded times above, times now below\">\n"
        s += "<line x1=\(f(x(0))) y1=\(f(bottom - 19)) x2=\(f(x(end))) y2=\(f(bottom - 19)) class=axis />\n"
        let step = tickStep(end)
        for k in 0...Int((end / step).rounded(.up)) {
            let t = min(Double(k) * step, end)
            s += "<text x=\(f(x(t))) y=100 class=tick>\(String(format: "%.1f s", t))</text>\n"
        }
        for (i, p) in poses.enumerated() {
            let role = p["role"]?.stringValue ?? ""
            let old = p["expectedTime"]?.doubleValue, new = p["actualTime"]?.doubleValue
            let moved = p["status"]?.stringValue != "kept"
            if let old, let new, moved {
                s += "<line x1=\(f(x(old))) y1=\(f(top)) x2=\(f(x(new))) y2=\(f(bottom)) class=moved />\n"
            }
            if let old {
                s += "<circle cx=\(f(x(old))) cy=\(f(top)) r=5 class=\"old\(moved ? " bad" : "")\"><title>\(esc(role)) recorded at \(String(format: "%.3f s", old))</title></circle>\n"
            }
            if let new {
                s += "<circle cx=\(f(x(new))) cy=\(f(bottom)) r=5 class=\"new\(moved ? " bad" : "")\"><title>\(esc(role)) now at \(String(format: "%.3f s", new))</title></circle>\n"
            }
            let at = x(old ?? new ?? 0)
            s += "<text x=\(f(at)) y=\(i % 2 == 0 ? 12 : 21) class=\"label\(moved ? " bad" : "")\">\(esc(role))</text>\n"
        }
        s += "</svg><figcaption>key poses: ○ recorded (poses.json), ● now\(poses.contains { $0["status"]?.stringValue != "kept" } ? "; red: moved" : "")</figcaption></figure>\n"
        return s
    }

    /// Progress over time: the recorded curve (dashed) and today's, per curve.
    static func plot(_ curves: [OutputJSON]) -> String {
        let w = 720.0, h = 200.0, left = 40.0, right = 16.0, top = 12.0, bottom = 28.0
        var tMax = 0.001, vMin = 0.0, vMax = 1.0
        for c in curves {
            for side in ["expected", "actual"] {
                tMax = max(tMax, c[side]?["times"]?.arrayValue?.compactMap(\.doubleValue).max() ?? 0)
                let v = c[side]?["values"]?.arrayValue?.compactMap(\.doubleValue) ?? []
                vMin = min(vMin, v.min() ?? 0); vMax = max(vMax, v.max() ?? 1)
            }
        }
        func x(_ t: Double) -> Double { left + (w - left - right) * t / tMax }
        func y(_ v: Double) -> Double { top + (h - top - bottom) * (1 - (v - vMin) / max(vMax - vMin, 1e-9)) }
        var s = "<figure class=chart data-part=plot><svg viewBox=\"0 0 \(Int(w)) \(Int(h))\" width=\"\(Int(w))\" height=\"\(Int(h))\" role=img aria-label=\"progress over time, recorded and now\">\n"
        s += "<line x1=\(f(left)) y1=\(f(y(0))) x2=\(f(w - right)) y2=\(f(y(0))) class=axis /><line x1=\(f(left)) y1=\(f(y(1))) x2=\(f(w - right)) y2=\(f(y(1))) class=grid />\n"
        s += "<text x=4 y=\(f(y(0) + 4)) class=tick>0</text><text x=4 y=\(f(y(1) + 4)) class=tick>1</text>\n"
        let step = tickStep(tMax)
        for k in 0...Int((tMax / step).rounded(.up)) {
            let t = min(Double(k) * step, tMax)
            s += "<text x=\(f(x(t))) y=\(f(h - 8)) class=tick>\(String(format: "%.1f s", t))</text>\n"
        }
        for (i, c) in curves.enumerated() {
            for side in ["expected", "actual"] {
                let ts = c[side]?["times"]?.arrayValue?.compactMap(\.doubleValue) ?? []
                let vs = c[side]?["values"]?.arrayValue?.compactMap(\.doubleValue) ?? []
                let pts = zip(ts, vs).map { "\(f(x($0))),\(f(y($1)))" }.joined(separator: " ")
                guard !pts.isEmpty else { continue }
                s += "<polyline points=\"\(pts)\" class=\"\(side) c\(i % 4)\"><title>\(esc(c["label"]?.stringValue ?? "")) \(side == "expected" ? "recorded" : "now")</title></polyline>\n"
            }
        }
        let names = curves.compactMap { $0["label"]?.stringValue }.joined(separator: ", ")
        s += "</svg><figcaption>\(esc(names)) over time: dashed = recorded (golden), solid = now</figcaption></figure>\n"
        return s
    }

    static func f(_ v: Double) -> String { String(format: "%.1f", v) }

    /// A tick spacing (0.5 s for the usual seconds-long animations) giving at most 12 ticks over
    /// `end` seconds, whatever the times in a run file.
    static func tickStep(_ end: Double) -> Double {
        guard end.isFinite, end > 0 else { return 1 }
        var step = 0.5
        while end / step > 12 { step *= step.description.hasPrefix("2") ? 2.5 : 2 }
        return step
    }

    /// HTML-escaped text.
    static func esc(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    // MARK: - Page

    static func document(title: String, body: String) -> String {
        """
        <!doctype html>
        <html lang=en><head><meta charset=utf-8><title>\(esc(title))</title>
        <meta name=viewport content="width=device-width, initial-scale=1">
        <style>
        [hidden]{display:none!important}
        body{font:14px/1.4 system-ui,sans-serif;margin:0;background:#f4f4f5;color:#222}
        header{position:sticky;top:0;background:#fff;border-bottom:1px solid #ddd;padding:.6em 1.5em;z-index:2}
        h1{font-size:20px;margin:.2em 0}.run{margin:.1em 0;color:#444}.warn{background:#fee;border:1px solid #d88;padding:.3em .6em}
        .filter button{border:1px solid #999;background:#eee;padding:3px 12px;cursor:pointer;margin-right:2px}.filter button.on{background:#333;color:#fff}
        .filter input{margin-left:1em;padding:3px 6px}
        section.case{background:#fff;border:1px solid #ddd;border-left:5px solid #2a2;margin:1em 1.5em;padding:.4em 1em}
        section.case.failed{border-left-color:#c33}
        h2{font-size:17px;margin:.4em 0}.badge{font-size:12px;padding:1px 8px;border-radius:8px;background:#2a2;color:#fff;vertical-align:2px}
        .failed .badge{background:#c33}
        .summary{font-family:ui-monospace,monospace;font-size:12px}.timing{background:#ffe;border:1px solid #dd8;padding:.4em .6em;font-weight:600}
        h3{font-size:13px;font-family:ui-monospace,monospace;font-weight:normal;margin:.6em 0 .2em}
        figure{display:inline-block;margin:0 8px 4px 0;vertical-align:top}figcaption{font-size:12px;color:#666}
        img{max-width:100%;image-rendering:pixelated;background:repeating-conic-gradient(#ccc 0 25%,#eee 0 50%) 0 0/16px 16px;display:block}
        .side img,.book img{max-width:320px;max-height:280px;width:auto;height:auto}
        .books figure{margin-right:16px}
        .tabs button{border:1px solid #999;background:#eee;padding:2px 10px;cursor:pointer}.tabs button.on{background:#333;color:#fff}
        .stack{position:relative;display:inline-block}.stack img{display:block;max-width:520px;max-height:480px}.stack img.top{position:absolute;left:0;top:0}
        .slider .stack img.top{clip-path:inset(0 0 0 50%)}.slider input{width:100%;max-width:520px;display:block}
        .legend{color:#666;font-size:12px;margin:.2em 0}
        .chart svg{max-width:100%;height:auto;background:#fcfcfc;border:1px solid #eee}
        .axis{stroke:#888;stroke-width:1}.grid{stroke:#ddd;stroke-dasharray:3 3}.tick{font-size:10px;fill:#777}
        .label{font-size:10px;fill:#333;text-anchor:middle}.label.bad{fill:#c33}
        circle.old{fill:#fff;stroke:#555;stroke-width:1.5}circle.new{fill:#555}circle.bad{stroke:#c33}circle.new.bad{fill:#c33}
        line.moved{stroke:#c33;stroke-width:1.5;stroke-dasharray:4 2}
        polyline{fill:none;stroke-width:2}polyline.expected{stroke-dasharray:5 4;stroke-width:1.5}
        .c0{stroke:#1f6fd1}.c1{stroke:#d1731f}.c2{stroke:#2a9d55}.c3{stroke:#9b3fd1}
        table{border-collapse:collapse;font-size:12px;margin:.4em 0}td,th{border:1px solid #ddd;padding:2px 6px;text-align:right}td:first-child{text-align:left}
        tr.bad td{background:#fdd}
        pre{font-size:12px;background:#fafafa;border:1px solid #eee;padding:.4em;overflow:auto;max-height:420px}
        pre span{display:block;white-space:pre}pre span a{display:inline-block;width:3em;color:#aaa;text-decoration:none;user-select:none}
        pre span.hit,pre span:target{background:#ffd}
        ul.poses li,ul.details li{font-family:ui-monospace,monospace;font-size:12px}
        </style></head>
        <body data-images=pending>
        \(body)
        <script>
        (function(){
          var show='failed', query='';
          function apply(){
            document.querySelectorAll('section.case').forEach(function(c){
              var okStatus=show==='all'||c.dataset.status===show;
              var okName=!query||c.dataset.name.toLowerCase().indexOf(query)>=0;
              c.hidden=!(okStatus&&okName);
            });
          }
          document.querySelectorAll('.filter button').forEach(function(b){
            b.addEventListener('click',function(){
              show=b.dataset.show;
              document.querySelectorAll('.filter button').forEach(function(x){x.classList.toggle('on',x===b)});
              apply();
            });
          });
          var q=document.querySelector('.filter input');
          if(q) q.addEventListener('input',function(){query=q.value.toLowerCase();apply()});
          if(!document.querySelector('section.case[data-status=failed]')){
            show='all';
            document.querySelectorAll('.filter button').forEach(function(x){x.classList.toggle('on',x.dataset.show==='all')});
          }
          apply();
          // A link to a spec line opens the case it belongs to.
          if(location.hash&&location.hash.indexOf('=')<0){var t=document.getElementById(location.hash.slice(1));if(t){var c=t.closest('section.case');if(c)c.hidden=false;var d=t.closest('details');if(d)d.open=true;}}
          document.querySelectorAll('a[href^="#"]').forEach(function(a){a.addEventListener('click',function(){var t=document.getElementById(a.getAttribute('href').slice(1));if(t){var d=t.closest('details');if(d)d.open=true;}})});
          // Compare views: tabs, slider, blink.
          document.querySelectorAll('.views').forEach(function(v){
            var timer=null;
            function blink(on){
              if(timer){clearInterval(timer);timer=null}
              var top=v.querySelector('.blink img.top'), which=v.querySelector('.blink .which');
              if(on&&top) timer=setInterval(function(){top.hidden=!top.hidden;if(which)which.textContent=top.hidden?'expected':'actual'},500);
            }
            v.querySelectorAll('.tabs button').forEach(function(b){
              b.addEventListener('click',function(){
                v.querySelectorAll('.tabs button').forEach(function(x){x.classList.toggle('on',x===b)});
                ['side','slider','blink'].forEach(function(n){var p=v.querySelector('.'+n);if(p)p.hidden=b.dataset.view!==n});
                blink(b.dataset.view==='blink');
              });
            });
            var r=v.querySelector('.slider input'), top=v.querySelector('.slider img.top');
            if(r&&top) r.addEventListener('input',function(){top.style.clipPath='inset(0 0 0 '+r.value+'%)'});
          });
          // Flip-books: both strips advance together.
          document.querySelectorAll('.flipbook').forEach(function(fb){
            var delays=(fb.dataset.delays||'').split(',').map(Number), labels=(fb.dataset.labels||'').split('|');
            var books=fb.querySelectorAll('.book'), label=fb.querySelector('.label'), button=fb.querySelector('.play');
            var i=0, playing=true, timer=null;
            function showFrame(k){books.forEach(function(b){var imgs=b.querySelectorAll('img');imgs.forEach(function(im,j){im.hidden=j!==k})});if(label)label.textContent=labels[k]||''}
            function tick(){if(!playing)return;i=(i+1)%delays.length;showFrame(i);timer=setTimeout(tick,delays[i]||500)}
            timer=setTimeout(tick,delays[0]||500);
            if(button) button.addEventListener('click',function(){playing=!playing;button.textContent=playing?'pause':'play';if(playing){clearTimeout(timer);timer=setTimeout(tick,delays[i]||500)}});
          });
          // Small frames are shown enlarged (pixelated), so a 40 × 30 px golden is readable.
          function enlarge(){
            document.querySelectorAll('.side img,.book img,.stack img').forEach(function(im){
              if(im.naturalWidth>0&&im.naturalWidth<200){var k=Math.floor(200/im.naturalWidth);im.style.width=(im.naturalWidth*k)+'px';im.style.maxWidth='none';im.style.maxHeight='none'}
            });
          }
          // report.html#view=slider (or blink) opens every comparison on that view, #show=all
          // shows every case, #q=NAME filters by name: for links and screenshots.
          function fromHash(){
            var h=location.hash;
            var v=/view=(side|slider|blink)/.exec(h);
            if(v) document.querySelectorAll('.views .tabs button[data-view='+v[1]+']').forEach(function(b){b.click()});
            var s=/show=(all|failed|passed)/.exec(h);
            if(s){var b=document.querySelector('.filter button[data-show='+s[1]+']');if(b)b.click()}
            var n=/[#&]q=([^&]*)/.exec(h);
            if(n&&q){q.value=decodeURIComponent(n[1]);query=q.value.toLowerCase();apply()}
          }
          fromHash();
          function checkImages(){
            enlarge();
            var imgs=Array.prototype.slice.call(document.images);
            var broken=imgs.filter(function(i){return !(i.complete&&i.naturalWidth>0)});
            var state=broken.length?'broken':'ok';
            document.body.dataset.images=state;
            document.body.dataset.imageCount=String(imgs.length);
            if(broken.length) document.body.dataset.brokenImages=broken.slice(0,5).map(function(i){return i.getAttribute('src')}).join(' ');
            document.title=document.title.replace(/ \\[images .*\\]$/,'')+' [images '+state+' '+(imgs.length-broken.length)+'/'+imgs.length+']';
          }
          if(document.readyState==='complete') checkImages(); else window.addEventListener('load',checkImages);
        })();
        </script>
        </body></html>

        """
    }
}
