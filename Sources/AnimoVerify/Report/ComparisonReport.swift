// The report a person reads when goldens fail: a folder with, per failing frame, the expected,
// actual and an expected | actual | heat-map sheet (PNG), and `report.html`, self-contained (no
// network: images by relative path, CSS and JS inline) with the failures first, a side-by-side
// and a swipe view per failure, the timing analysis and a table of figures for every frame.
// On load, a small script checks that every image decoded and writes the result into the page
// title and `<body data-images="ok|broken">`, so headless browsers can assert it
// (scripts/check-report-in-browser).
import Foundation
import AnimoCheck
import AnimoRaster
import AnimoGeometry
import AnimoRaster
import AnimoGeometry

public enum ComparisonReport {
    /// Where the report was written.
    public struct Written: Sendable {
        public var html: URL
        /// Every image written (relative to the report folder).
        public var images: [String]
    }

    /// Writes the report of `runs` (one per case; a single comparison is one run titled by its
    /// name) into `folder` (created if missing). Images of a case go to `images/<case>/`.
    public static func write(_ runs: [(title: String, run: ComparisonRun)], to folder: URL) throws -> Written {
        let fm = FileManager.default
        try fm.createDirectory(at: folder, withIntermediateDirectories: true)
        var images: [String] = []
        var failureSections: [String] = []
        var tables: [String] = []
        for (ci, entry) in runs.enumerated() {
            let caseDir = "images/\(ci)-\(safe(entry.title))"
            try fm.createDirectory(at: folder.appendingPathComponent(caseDir), withIntermediateDirectories: true)
            for f in entry.run.failures {
                var sheetRel: String? = nil, expRel: String? = nil, actRel: String? = nil
                let exp = f.expected.flatMap { try? RGBAImage(contentsOf: $0) }
                let act = f.actual.flatMap { try? RGBAImage(contentsOf: $0) }
                let base = safe(f.name.hasSuffix(".png") ? String(f.name.dropLast(4)) : f.name)
                if let e = exp {
                    expRel = "\(caseDir)/\(base).expected.png"
                    try PNG.write(e.pixmap(), to: folder.appendingPathComponent(expRel!))
                    images.append(expRel!)
                }
                if let a = act {
                    actRel = "\(caseDir)/\(base).actual.png"
                    try PNG.write(a.pixmap(), to: folder.appendingPathComponent(actRel!))
                    images.append(actRel!)
                }
                if let e = exp, let a = act {
                    sheetRel = "\(caseDir)/\(base).diff.png"
                    try PNG.write(try DiffImage.sideBySide(expected: e.pixmap(), actual: a.pixmap()),
                                  to: folder.appendingPathComponent(sheetRel!))
                    images.append(sheetRel!)
                }
                failureSections.append(failureHTML(title: entry.title, frame: f, sheet: sheetRel, expected: expRel, actual: actRel))
            }
            tables.append(tableHTML(title: entry.title, run: entry.run))
        }
        let failing = runs.reduce(0) { $0 + $1.run.failures.count }
        let driftHTML = runs.compactMap { r in
            r.run.drift.map { "<p class=drift><b>\(esc(r.title))</b>: timing: \(esc($0.description))</p>" }
        }.joined(separator: "\n")
        let html = page(title: failing == 0 ? "All frames match" : (failing == 1 ? "1 frame differs" : "\(failing) frames differ"),
                        body: driftHTML + "\n" + failureSections.joined(separator: "\n") + "\n<h2>Every frame</h2>\n" + tables.joined(separator: "\n"))
        let url = folder.appendingPathComponent("report.html")
        try Data(html.utf8).write(to: url, options: .atomic)
        return Written(html: url, images: images)
    }

    /// A name made safe for a file name.
    static func safe(_ s: String) -> String {
        String(s.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." ? $0 : "_" })
    }

    /// HTML-escaped text.
    static func esc(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    static func failureHTML(title: String, frame f: ComparedFrame, sheet: String?, expected: String?, actual: String?) -> String {
        let time = f.time.map { String(format: " at %.3f s", $0) } ?? ""
        var s = "<section class=failure><h3>\(esc(title)) / \(esc(f.name))\(time)</h3>\n<p class=figures>\(esc(f.line))</p>\n"
        if let sheet {
            s += "<div class=views><div class=tabs><button class=on data-view=side>side by side</button><button data-view=swipe>swipe</button></div>\n"
            s += "<div class=side><p class=legend>expected | actual | difference (brighter = larger)</p><img src=\"\(esc(sheet))\" alt=\"expected, actual and difference\"></div>\n"
            if let expected, let actual {
                s += "<div class=swipe hidden><div class=stack><img src=\"\(esc(expected))\" alt=expected><img class=top src=\"\(esc(actual))\" alt=actual></div>"
                s += "<input type=range min=0 max=100 value=50 aria-label=\"swipe between expected (left) and actual (right)\"><p class=legend>left of the line: expected, right: actual</p></div>\n"
            }
            s += "</div>\n"
        } else {
            for (label, src) in [("expected", expected), ("actual", actual)] {
                if let src { s += "<p>\(label):</p><img src=\"\(esc(src))\" alt=\(label)>\n" }
            }
        }
        return s + "</section>"
    }

    static func tableHTML(title: String, run: ComparisonRun) -> String {
        var s = "<h3>\(esc(title)): \(esc(run.summary))</h3>\n<table><tr><th>frame</th><th>time</th><th>verdict</th><th>max Δ</th><th>px differ</th><th>perceptual px</th><th>anti-aliased px</th><th>SSIM</th></tr>\n"
        for f in run.frames {
            let c = f.comparison
            let verdict: String
            switch f.status {
            case .passed: verdict = "ok"
            case .failed: verdict = "differs"
            case .missing: verdict = "missing"
            case .extra: verdict = "extra"
            case .unreadable(let w): verdict = "unreadable: \(w)"
            }
            var cells: [String] = [f.name]
            cells.append(f.time.map { String(format: "%.3f", $0) } ?? "")
            cells.append(c?.sizeMismatch == true ? "size mismatch" : verdict)
            cells.append(c.map { String($0.exact.maxChannelDelta) } ?? "")
            cells.append(c.map { String($0.exact.differingPixels) } ?? "")
            let p: PerceptualDifference? = c?.perceptual
            cells.append(p.map { String($0.differingPixels) } ?? "")
            cells.append(p.map { String($0.antialiasedPixels) } ?? "")
            let ssim: Double? = c?.ssim
            cells.append(ssim.map { String(format: "%.5f", $0) } ?? "")
            s += "<tr class=\(f.failed ? "bad" : "good")>" + cells.map { "<td>\(esc($0))</td>" }.joined() + "</tr>\n"
        }
        return s + "</table>"
    }

    static func page(title: String, body: String) -> String {
        """
        <!doctype html>
        <html lang=en><head><meta charset=utf-8><title>\(esc(title))</title>
        <style>
        body{font:14px/1.4 system-ui,sans-serif;margin:1.5em;background:#fafafa;color:#222}
        section.failure{background:#fff;border:1px solid #ddd;border-left:4px solid #c33;padding:.5em 1em;margin:1em 0}
        .figures{font-family:ui-monospace,monospace;font-size:12px}
        img{max-width:100%;image-rendering:pixelated;background:repeating-conic-gradient(#ccc 0 25%,#eee 0 50%) 0 0/16px 16px}
        .tabs button{border:1px solid #999;background:#eee;padding:2px 10px;cursor:pointer}.tabs button.on{background:#333;color:#fff}
        .stack{position:relative;display:inline-block}.stack img{display:block}.stack img.top{position:absolute;left:0;top:0;clip-path:inset(0 0 0 50%)}
        .swipe input{width:100%;max-width:600px;display:block}
        .legend{color:#666;font-size:12px;margin:.2em 0}
        table{border-collapse:collapse;font-size:12px;margin-bottom:1em}td,th{border:1px solid #ddd;padding:2px 6px;text-align:right}td:first-child{text-align:left}
        tr.bad td{background:#fdd}.drift{background:#ffe;border:1px solid #dd8;padding:.5em}
        </style></head>
        <body data-images=pending>
        <h1>\(esc(title))</h1>
        \(body)
        <script>
        document.querySelectorAll('.views').forEach(function(v){
          v.querySelectorAll('.tabs button').forEach(function(b){
            b.addEventListener('click',function(){
              v.querySelectorAll('.tabs button').forEach(function(x){x.classList.toggle('on',x===b)});
              v.querySelector('.side').hidden=b.dataset.view!=='side';
              var s=v.querySelector('.swipe'); if(s) s.hidden=b.dataset.view!=='swipe';
            });
          });
          var r=v.querySelector('.swipe input'), top=v.querySelector('.stack img.top');
          if(r&&top) r.addEventListener('input',function(){top.style.clipPath='inset(0 0 0 '+r.value+'%)'});
        });
        function checkImages(){
          var imgs=Array.prototype.slice.call(document.images);
          var broken=imgs.filter(function(i){return !(i.complete&&i.naturalWidth>0)});
          var state=broken.length?'broken':'ok';
          document.body.dataset.images=state;
          document.body.dataset.imageCount=String(imgs.length);
          document.title=document.title.replace(/ \\[images .*\\]$/,'')+' [images '+state+' '+(imgs.length-broken.length)+'/'+imgs.length+']';
        }
        if(document.readyState==='complete') checkImages(); else window.addEventListener('load',checkImages);
        </script>
        </body></html>

        """
    }
}
