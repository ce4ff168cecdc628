// Throughput of the runtime and the catalogue on a 1170×1170 buffer (scale 2), printed, not
// asserted (the machine is shared and noisy). Runs only with ANIMO_SHADER_BENCH=1, in a
// release build:
//   ANIMO_SHADER_BENCH=1 swift test -c release -Xswiftc -enable-testing --filter ShadersTests.throughput
// Also measures the rejected design — a closure called per pixel — for the record.

import Dispatch
import Foundation
import Testing
@testable import AnimoEffects
import AnimoShaders

/// The per-pixel function of bench/peers ("colour-effect shader", 47 ms on 1170² for
/// Skia's CPU SkSL runtime effect): k = 0.6 + 0.4 sin(0.03x + 0.02y + t); rgb·k; then
/// rgb + (rgb.gbr − rgb)·(0.25 + 0.25 sin(t + 0.01x)), positions in pixels (scale 1).
enum PeerBenchEffect: ColorEffectKernel {
    static let name = "peerBench"
    static let parameters: [ShaderParameter] = [.init("time", .float)]
    static func decode(_ a: ShaderArguments) -> Float { a.float(0) }
    @inline(__always)
    static func color(at p: SIMD2<Float>, color c: SIMD4<Float>, uniforms t: Float) -> SIMD4<Float> {
        let k = 0.6 + 0.4 * sin(p.x * 0.03 + p.y * 0.02 + t)
        let rgb = SIMD3(c.x, c.y, c.z) * k
        let m = 0.25 + 0.25 * sin(t + p.x * 0.01)
        let mixed = rgb + (SIMD3(rgb.y, rgb.z, rgb.x) - rgb) * m
        return SIMD4(mixed, c.w)
    }
}

/// A colour effect that does the least a real effect does — reads position and colour, writes
/// a colour — without being removable by the optimizer (unlike the pure identity).
enum TouchEffect: ColorEffectKernel {
    static let name = "touch"
    static let parameters: [ShaderParameter] = []
    static func decode(_ a: ShaderArguments) {}
    @inline(__always)
    static func color(at p: SIMD2<Float>, color c: SIMD4<Float>, uniforms: Void) -> SIMD4<Float> {
        c * 0.999 + SIMD4(p.x, p.y, 0, 0) * 1e-9
    }
}

@inline(never)
func makeTouchClosure(_ factor: Float) -> (SIMD2<Float>, SIMD4<Float>) -> SIMD4<Float> {
    { p, c in c * factor + SIMD4(p.x, p.y, 0, 0) * 1e-9 }
}

/// CPU time of the calling thread (robust to other processes on the shared machine).
func threadCPUSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// CPU time of the whole process (all threads), user + system.
func processCPUSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
}

/// Best of `repeats` runs after a warm-up, in milliseconds: wall time, or with `cpu` the calling
/// thread's CPU time (only meaningful for single-threaded runs).
func milliseconds(repeats: Int = 5, cpu: Bool = false, _ body: () -> Void) -> Double {
    body()   // warm-up
    var best = Double.infinity
    for _ in 0..<repeats {
        if cpu {
            let start = threadCPUSeconds()
            body()
            best = min(best, (threadCPUSeconds() - start) * 1e3)
        } else {
            let start = DispatchTime.now().uptimeNanoseconds
            body()
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
    }
    return best
}

let benchEnabled = ProcessInfo.processInfo.environment["ANIMO_SHADER_BENCH"] == "1"

@Test(.enabled(if: benchEnabled))
func throughput() throws {
    let side = 1170
    let megapixels = Double(side * side) / 1e6
    let source = ShaderBuffer(width: side, height: side, pixels: (0..<(side * side)).map { i in
        let v = Float((i * 2_654_435_761) & 255) / 255
        return SIMD4(v, 1 - v, v * 0.5, 1)
    })!
    func report(_ label: String, _ ms: Double) {
        print(String(format: "shader-bench %-34@ %8.2f ms  %8.1f Mpx/s", label as NSString, ms, megapixels / ms * 1000))
    }

    // 1. The runtime's overhead: identity through the registry (type-erased once per frame).
    let identity = try ShaderCatalogue.registry.prepare("identityColor", arguments: [])
    let g2 = ShaderGeometry(scale: 2)!
    for threads in [1, 2] {
        var buffer = source
        report("identityColor \(threads)T", milliseconds { identity.apply(to: &buffer, geometry: g2, threads: threads) })
    }
    let touch = TouchEffect.prepare(try TouchEffect.signature.validate([]))
    var touchBuffer = source
    report("touch (per-pixel path) 1T cpu", milliseconds(cpu: true) { touch.apply(to: &touchBuffer, geometry: g2, threads: 1) })
    report("touch (per-pixel path) 2T", milliseconds { touch.apply(to: &touchBuffer, geometry: g2, threads: 2) })

    // 2. Rejected design: a closure (existential) call per pixel, same loop otherwise.
    let perPixel = makeTouchClosure(0.999)
    var closureBuffer = source
    report("touch via closure/pixel 1T cpu", milliseconds(cpu: true) {
        closureBuffer.pixels.withUnsafeMutableBufferPointer { px in
            for y in 0..<side {
                let py = (Float(y) + 0.5) / 2
                for x in 0..<side {
                    px[y * side + x] = perPixel(SIMD2((Float(x) + 0.5) / 2, py), px[y * side + x])
                }
            }
        }
    })

    // 3. Peers §i at scale 1 (positions in pixels, as the peer's numpy reference).
    let peer = PeerBenchEffect.prepare(try PeerBenchEffect.signature.validate([.float(0.7)]))
    var peerBuffer = source
    report("peers §i kernel 1T cpu", milliseconds(cpu: true) { peer.apply(to: &peerBuffer, geometry: ShaderGeometry(scale: 1)!, threads: 1) })
    report("peers §i kernel 2T", milliseconds { peer.apply(to: &peerBuffer, geometry: ShaderGeometry(scale: 1)!, threads: 2) })

    // 4. Every catalogue kernel at scale 2 (view 585 pt), arguments of the behaviour tests.
    for sample in kernelSamples where sample.name != "identityColor" {
        let shader = try ShaderCatalogue.registry.prepare(sample.name, arguments: sample.arguments(0.7))
        var buffer = source
        report("\(sample.name) 1T cpu", milliseconds(repeats: 2, cpu: true) { shader.apply(to: &buffer, geometry: g2, threads: 1) })
        let cpuBefore = processCPUSeconds()
        let wall = milliseconds(repeats: 2) { shader.apply(to: &buffer, geometry: g2, threads: 2) }
        let cpuPerRun = (processCPUSeconds() - cpuBefore) * 1e3 / 3
        report("\(sample.name) 2T", wall)
        print(String(format: "shader-bench %-34@ %8.2f ms CPU per run (process, both threads)", "\(sample.name) 2T" as NSString, cpuPerRun))
    }
}
