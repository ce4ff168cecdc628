// ExportBenchmarks.png: encode time and bytes of one still frame, the peers benchmark's PNG
// workload (bench/peers, the PNG workload: the 1170×1170 metaball-over-gradient frame that
// `peers.py png` saves as out/png_frame.png). Compares our encoder (PNGEncoder: adaptive row
// filters + libdeflate) at several levels with the same filters over zlib and with libpng's
// simplified API, on the same frame in the same run, and checks every output decodes bit-exactly.
import CZlib
import Foundation
import AnimoGeometry
import AnimoRaster
@_spi(Benchmarks) import AnimoExport

extension ExportBenchmarks {
    /// Times PNG encoders on the frame at `framePath` (nil or unreadable = the synthetic stand-in of
    /// the GIF benchmark at 1170²); median of `runs` runs each, single thread.
    public static func png(framePath: String? = nil, runs: Int = 7, all: Bool = true) -> [String] {
        var lines: [String] = []
        let rgba: [UInt8], w: Int, h: Int
        if let framePath, let p = try? PNG.read(from: URL(fileURLWithPath: framePath)) {
            rgba = p.rgba8Straight(); w = p.width; h = p.height
            lines.append("png: source = \(framePath) (\(w)×\(h))")
        } else {
            let p = syntheticFrame(0, n: 60, size: 1170)
            rgba = p.rgba8Straight(); w = p.width; h = p.height
            lines.append("png: source = synthetic stand-in \(w)×\(h) (peers png_frame.png not found)")
        }
        /// `isPNG`: the output is a PNG, checked to decode back to the frame exactly.
        func time(_ label: String, isPNG: Bool = true, _ body: () throws -> [UInt8]) {
            var ts: [Double] = [], cpu: [Double] = []
            var bytes: [UInt8] = []
            guard (try? body()) != nil else { lines.append("png: \(label): failed"); return }   // warm-up
            for _ in 0..<max(1, runs) {
                let t0 = DispatchTime.now().uptimeNanoseconds, c0 = processCPUSeconds()
                guard let b = try? body() else { lines.append("png: \(label): failed"); return }
                ts.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
                cpu.append((processCPUSeconds() - c0) * 1e3)
                bytes = b
            }
            ts.sort(); cpu.sort()
            let exact = !isPNG || (try? PNG.decode(bytes).rgba8Straight()) == rgba
            lines.append(String(format: "png: %@: median %.1f ms (min %.1f, n %d; CPU %.1f ms), %d bytes%@", label,
                                ts[ts.count / 2], ts[0], ts.count, cpu[cpu.count / 2], bytes.count, exact ? "" : " NOT LOSSLESS"))
        }
        let d = PNGEncoder.defaultLevel
        time("animo PNGEncoder level \(d) [default], strips in parallel") {
            try PNGEncoder.encode(rgba: rgba, width: w, height: h, level: d)
        }
        time("animo PNGEncoder level \(d), one strip") {
            try PNGEncoder.encode(rgba: rgba, width: w, height: h, level: d, filtering: .auto, stripBytes: Int.max / 2)
        }
        time("animo PNGEncoder level 4, strips in parallel") {
            try PNGEncoder.encode(rgba: rgba, width: w, height: h, level: 4)
        }
        time("animo PNGEncoder level 4, one strip") {
            try PNGEncoder.encode(rgba: rgba, width: w, height: h, level: 4, filtering: .auto, stripBytes: Int.max / 2)
        }
        guard all else { return lines }
        for level in [1, 2, 4, 5, 6, 7, 9] {
            time("animo PNGEncoder level \(level) (auto filters + libdeflate \(PNGEncoder.deflateLevel(level)))\(level == PNGEncoder.defaultLevel ? " [default]" : "")") {
                try PNGEncoder.encode(rgba: rgba, width: w, height: h, level: level)
            }
        }
        for level in [4, 6] {
            time("animo PNGEncoder level \(level), no row filter") {
                try PNGEncoder.encode(rgba: rgba, width: w, height: h, level: level, filtering: .none)
            }
        }
        for level in [4, 6] {
            time("animo PNGEncoder level \(level), adaptive row filters") {
                try PNGEncoder.encode(rgba: rgba, width: w, height: h, level: level, filtering: .adaptive)
            }
        }
        time("row filters only (no compression, not a PNG)", isPNG: false) {
            rgba.withUnsafeBufferPointer { PNGRowFilter.filter($0, rowBytes: w * 4, height: h) }
        }
        time("row filters only, portable SWAR path (the same-run baseline)", isPNG: false) {
            rgba.withUnsafeBufferPointer { PNGRowFilter.filter($0, rowBytes: w * 4, height: h, portable: true) }
        }
        let samePaths = rgba.withUnsafeBufferPointer {
            PNGRowFilter.filter($0, rowBytes: w * 4, height: h) == PNGRowFilter.filter($0, rowBytes: w * 4, height: h, portable: true)
        }
        lines.append("png: the two row filter paths give \(samePaths ? "the same bytes" : "DIFFERENT BYTES")")
        for level in [1, 6] {
            time("adaptive filters + zlib \(level) (IDAT payload only)") {
                let f = rgba.withUnsafeBufferPointer { PNGRowFilter.filter($0, rowBytes: w * 4, height: h) }
                return try APNGEncoder.deflate(f, level: level)
            }
        }
        var copy = rgba
        time("libpng simplified API, PNG_IMAGE_FLAG_FAST (Raster PNG.encode)") { try PNG.encodeRGBA8(&copy, width: w, height: h, fast: true) }
        time("libpng simplified API, default flags") { try PNG.encodeRGBA8(&copy, width: w, height: h, fast: false) }
        lines.append("png: peers (run `peers.py png` in the same run): pillow default 123324 bytes, opencv default 177372 bytes (RESULTS.md §e: opencv 26 ms)")
        return lines
    }
}
