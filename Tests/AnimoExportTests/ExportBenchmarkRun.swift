// Runs ExportBenchmarks.gif when EXPORT_BENCH=1 (manual: release build with -enable-testing).
import Foundation
import Testing
@testable import AnimoExport

@Test(.enabled(if: ProcessInfo.processInfo.environment["EXPORT_BENCH"] == "1"))
func exportBenchmarkGIF() {
    let env = ProcessInfo.processInfo.environment
    if let v = env["Q_STRENGTH"].flatMap(Float.init) { GIFEncoder.tuning.ditherStrength = v }
    if env["Q_SIERRA"] == "1" { GIFEncoder.tuning.sierraLite = true }
    if let v = env["Q_TINY"].flatMap(Float.init) { GIFEncoder.tuning.tinyTolerance = v }
    if let v = env["Q_FLAT"].flatMap(Float.init) { GIFEncoder.tuning.flatTolerance = v }
    if let v = env["Q_KMEANS"].flatMap(Int.init) { GIFEncoder.tuning.kmeansIterations = v }
    let lines = ExportBenchmarks.gif(rawPath: env["EXPORT_BENCH_RAW"], output: env["EXPORT_BENCH_OUT"].map { URL(fileURLWithPath: $0) },
                                     runs: Int(env["EXPORT_BENCH_RUNS"] ?? "1") ?? 1)
    for l in lines { print(l) }
}

/// Manual check with an independent decoder: writes the APNG test animation and its raw RGBA frames
/// to EXPORT_APNG_OUT(.png/.raw) for a Pillow script to compare.
@Test(.enabled(if: ProcessInfo.processInfo.environment["EXPORT_APNG_OUT"] != nil))
func exportAPNGForPillow() throws {
    let path = ProcessInfo.processInfo.environment["EXPORT_APNG_OUT"]!
    let src = APNGEncoderTests.frames()
    try APNGEncoder.write(frames: src, delays: src.map { _ in APNGEncoder.Delay(fps: 30)! }, plays: 0, to: URL(fileURLWithPath: path + ".png"))
    try Data(src.flatMap { $0.rgba8Straight() }).write(to: URL(fileURLWithPath: path + ".raw"))
}

/// Runs ExportBenchmarks.png when EXPORT_PNG_BENCH is set (its value: the peers' png_frame.png).
@Test(.enabled(if: ProcessInfo.processInfo.environment["EXPORT_PNG_BENCH"] != nil))
func exportBenchmarkPNG() {
    let env = ProcessInfo.processInfo.environment
    for l in ExportBenchmarks.png(framePath: env["EXPORT_PNG_BENCH"], runs: Int(env["EXPORT_BENCH_RUNS"] ?? "7") ?? 7) { print(l) }
}
