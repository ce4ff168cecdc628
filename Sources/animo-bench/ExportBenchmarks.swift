// ExportBenchmarks: the GIF workload of the peers benchmark (bench/peers, the GIF workload):
// 60 frames of 585×585 at 25 fps (peers.py GIF_FPS), timed end to end (pixmaps in, GIF bytes out).
// The frames come from the raw RGB24 file peers.py writes (source_585x585_rgb24_60f.raw); without
// it, a synthetic stand-in of the same kind (rotating two-color gradient, five moving soft disks)
// is generated so the timing still runs. Quality is scored outside Swift with
// `peers.py score-gif OUT.gif` (SSIM and PSNR need the peers' Python stack).
import Foundation
import AnimoGeometry
import AnimoRaster
import AnimoExport

/// Benchmarks for the Export target, returning printable lines (wired into `animo-bench gif`).
public enum ExportBenchmarks {
    /// CPU seconds of the whole process (all threads), to tell a parallel speed-up from less work.
    static func processCPUSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// Encodes the 60-frame peers animation `runs` times and reports the median seconds and the
    /// bytes. `rawPath`: the peers' raw frames (nil or missing = synthetic frames). `output`: where
    /// to write the GIF for scoring (nil = not written).
    public static func gif(rawPath: String? = nil, output: URL? = nil, runs: Int = 3) -> [String] {
        var lines: [String] = []
        let n = 60, s = 585, fps = 25.0
        let frames: [Pixmap]
        if let rawPath, let data = FileManager.default.contents(atPath: rawPath), data.count == n * s * s * 3 {
            let bytes = [UInt8](data)
            frames = (0..<n).map { k in
                var rgba = [UInt8](repeating: 255, count: s * s * 4)
                for i in 0..<(s * s) {
                    let o = k * s * s * 3 + 3 * i
                    rgba[4 * i] = bytes[o]; rgba[4 * i + 1] = bytes[o + 1]; rgba[4 * i + 2] = bytes[o + 2]
                }
                return try! Pixmap(width: s, height: s, rgba8Straight: rgba)
            }
            lines.append("gif: source = \(rawPath)")
        } else {
            frames = (0..<n).map { syntheticFrame($0, n: n, size: s) }
            lines.append("gif: source = synthetic stand-in (peers raw frames not found)")
        }
        var times: [Double] = [], cpu: [Double] = []
        var result: GIFResult? = nil
        for _ in 0..<max(1, runs) {
            let t0 = DispatchTime.now().uptimeNanoseconds, c0 = processCPUSeconds()
            do { result = try GIFEncoder.encode(frames: frames, fps: fps, options: .init(maxBytes: nil)) }
            catch { return lines + ["gif: failed: \(error)"] }
            times.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9)
            cpu.append(processCPUSeconds() - c0)
        }
        times.sort(); cpu.sort()
        guard let r = result else { return lines }
        if let output { try? AtomicFile.write(r.bytes, to: output) }
        lines.append(String(format: "gif: animo Export (Oklab median cut + k-means, local tables, FS 0.9 dither skipping near-exact pixels, differencing): median %.2f s (min %.2f, n %d; CPU %.2f s over %d cores), %d bytes, %d images",
                            times[times.count / 2], times[0], times.count, cpu[cpu.count / 2], ProcessInfo.processInfo.activeProcessorCount, r.bytes.count, r.frameCount))
        lines.append("gif: peer best (RESULTS.md §f): ffmpeg per-frame palettes + sierra2_4a 3.09 s, 4059671 bytes, SSIM 0.9878, PSNR σ1 53.66 dB")
        if let output { lines.append("gif: score with: peers.py score-gif \(output.path)") }
        // APNG of the same frames (lossless, exact 1/25 s delays), for comparison of size and time.
        let t0 = DispatchTime.now().uptimeNanoseconds, c0 = processCPUSeconds()
        if let d = APNGEncoder.Delay(fps: fps),
           let apng = try? APNGEncoder.encode(frames: frames, delays: frames.map { _ in d }) {
            lines.append(String(format: "apng: animo Export (lossless, adaptive filters, zlib 6, differencing): %.2f s (CPU %.2f s), %d bytes",
                                Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9, processCPUSeconds() - c0, apng.count))
        }
        return lines
    }

    /// A stand-in frame: a two-color diagonal gradient whose colors rotate with time, five soft
    /// yellow disks moving on circles.
    static func syntheticFrame(_ i: Int, n: Int, size s: Int) -> Pixmap {
        let t = 2 * Double.pi * Double(i) / Double(n)
        var p = try! Pixmap(width: s, height: s)
        let c0 = SIMD3<Double>(40 + 30 * sin(t), 30 + 25 * cos(t), 90 + 40 * sin(t + 1)) / 255
        let c1 = SIMD3<Double>(150 + 60 * cos(t), 60 + 40 * sin(2 * t), 120 + 50 * cos(t + 2)) / 255
        let half = Double(s) / 2
        var centers: [(Double, Double)] = []
        for k in 0..<5 {
            let fk = Double(k)
            let cx: Double = half + 150 * cos(t * Double(k % 3 + 1) + fk)
            let cy: Double = half + 150 * sin(t * Double((k + 1) % 2 + 1) + 2 * fk)
            centers.append((cx, cy))
        }
        for y in 0..<s {
            for x in 0..<s {
                let g = min(max((Double(x) * (0.5 + 0.5 * cos(t)) + Double(y)) / (Double(s) * (1.5 + 0.5 * cos(t))), 0), 1)
                var c = c0 + (c1 - c0) * g
                var a = 0.0
                for (cx, cy) in centers {
                    let d = ((Double(x) - cx) * (Double(x) - cx) + (Double(y) - cy) * (Double(y) - cy)).squareRoot()
                    a = max(a, min(max((60 - d) / 12, 0), 1))
                }
                c = c + (SIMD3(250, 200, 90) / 255 - c) * a
                p.pixels[y * s + x] = SIMD4(Float(c.x), Float(c.y), Float(c.z), 1)
            }
        }
        return p
    }
}
