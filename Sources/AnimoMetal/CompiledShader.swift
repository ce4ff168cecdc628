// A stitchable function compiled from a `.metal` file, run through the shader runtime's contract:
// rows in bands of 8 dealt over threads (the same split as ShaderRuntime), each row one call into
// the compiled entry point, so the result is the same bytes whatever the thread count (every pixel
// is a pure function of its inputs; rows are independent).
//
// Pixel contract: as the Swift kernels (premultiplied RGBA floats, gamma sRGB, positions in
// view-local points at pixel centres; distortions and layers sampled bilinearly, transparent
// outside). Allocates one copy of the buffer for distortions and layer effects, nothing per row.
//
// A row that exhausts its budget (`budgetPerPixel` × width loop iterations and calls), divides an
// integer by zero, indexes out of bounds or recurses too deep stops; the other rows not yet started
// are skipped, and the frame reports the failure. Non-finite outputs are cleaned and counted.
import Foundation
import AnimoEffects
import AnimoRaster

/// The row entry point's argument block; the same layout as `AnimoRow` in MetalDriver.
struct AnimoRow {
    var xs: UnsafePointer<Float>?
    var y: Float
    var width: Int32
    var input: UnsafePointer<Float>?
    var output: UnsafeMutablePointer<Float>?
    var uniforms: UnsafePointer<Float>?
    var arrays: UnsafePointer<UnsafePointer<Float>?>?
    var arrayCounts: UnsafePointer<Int32>?
    var source: UnsafePointer<Float>?
    var sourceWidth: Int32
    var sourceHeight: Int32
    var scale: Float
    var originX: Float
    var originY: Float
    var budget: Int64
    var nonFinite: Int64
    var status: Int32
    /// In: 0 for the widest loop the processor runs, 1 for the baseline one. Out: the one that ran.
    var isa: Int32
}

/// A compiled user shader function.
public struct CompiledShader: @unchecked Sendable {
    typealias Entry = @convention(c) (UnsafeMutableRawPointer) -> Int32

    /// Average loop iterations and calls a pixel may spend (the row's budget is this × its width).
    public static let budgetPerPixel: Int64 = 100_000

    /// Name, kind and arguments as declared in the source.
    public var signature: ShaderSignature { function.signature }
    /// Where it is declared: the file as the spec names it, and the position of its name.
    public let file: String
    public var position: MetalPosition { function.position }
    let function: StitchableFunction
    let entry: Entry

    init(function: StitchableFunction, file: String, entry: Entry) {
        self.function = function
        self.file = file
        self.entry = entry
    }

    /// `Shaders/X.metal:12:7`
    public var location: String { "\(file):\(position)" }

    /// Binds validated arguments (see `ShaderSignature.validate`) for one frame.
    public func prepare(_ arguments: ShaderArguments) -> PreparedShader {
        let (frozenUniforms, frozenArrays) = Self.pack(arguments)
        let shader = self
        return PreparedShader(signature: signature) { buffer, geometry, threads in
            shader.run(&buffer, geometry: geometry, threads: threads, uniforms: frozenUniforms, arrays: frozenArrays).report
        }
    }

    /// The arguments as the row reads them: four floats each, arrays apart.
    static func pack(_ arguments: ShaderArguments) -> (uniforms: [Float], arrays: [[Float]]) {
        var uniforms = [Float](repeating: 0, count: 4 * max(1, arguments.count))
        var arrays: [[Float]] = Array(repeating: [], count: arguments.count)
        for (i, v) in arguments.values.enumerated() {
            if case .floatArray(let a) = v { arrays[i] = a } else if let c = v.components {
                uniforms[4 * i] = c.x; uniforms[4 * i + 1] = c.y; uniforms[4 * i + 2] = c.z; uniforms[4 * i + 3] = c.w
            }
        }
        return (uniforms, arrays)
    }

    /// Runs every row; `baselineOnly` keeps to the loop compiled for the baseline processor (the
    /// x86-64-v3 one computes the same bytes). Returns the report and the levels that ran (MetalDriver's `isa`).
    func run(_ buffer: inout ShaderBuffer, geometry: ShaderGeometry, threads: Int, uniforms: [Float], arrays: [[Float]],
             baselineOnly: Bool = false) -> (report: ShaderRunReport, levels: Set<Int32>) {
        let width = buffer.width, height = buffer.height
        let xs = (0..<width).map { (Float($0) + 0.5) / geometry.scale - geometry.origin.x }
        let source = signature.kind == .colorEffect ? [] : buffer.pixels
        let state = RowState()
        let budget = Self.budgetPerPixel * Int64(width)
        let entry = self.entry
        // Arrays stay alive (and their addresses fixed) for the whole call.
        let arrayPointers = arrays.map { a -> UnsafeMutablePointer<Float> in
            let p = UnsafeMutablePointer<Float>.allocate(capacity: max(1, a.count))
            p.initialize(repeating: 0, count: max(1, a.count))
            for (i, v) in a.enumerated() { p[i] = v }
            return p
        }
        defer { arrayPointers.forEach { $0.deallocate() } }
        let arrayList: [UnsafePointer<Float>?] = arrayPointers.map { UnsafePointer($0) }
        let counts = arrays.map { Int32(clamping: $0.count) }
        uniforms.withUnsafeBufferPointer { u in
        arrayList.withUnsafeBufferPointer { al in
        counts.withUnsafeBufferPointer { cn in
        xs.withUnsafeBufferPointer { xp in
        source.withUnsafeBufferPointer { src in
        buffer.pixels.withUnsafeMutableBufferPointer { px in
            let out = Shared(UnsafeMutableRawPointer(px.baseAddress!).assumingMemoryBound(to: Float.self))
            let sourcePixels = Shared(src.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: Float.self) })
            let uPtr = Shared(u.baseAddress), alPtr = Shared(al.baseAddress), cnPtr = Shared(cn.baseAddress), xPtr = Shared(xp.baseAddress)
            let bandRows = 8
            let bands = (height + bandRows - 1) / bandRows
            Parallel.forEachChunk(count: bands, threads: min(max(1, threads), bands)) { range in
                for y in (range.lowerBound * bandRows)..<min(range.upperBound * bandRows, height) {
                    if state.stopped { return }
                    let rowOut = out.value + 4 * y * width
                    var row = AnimoRow(
                        xs: xPtr.value, y: (Float(y) + 0.5) / geometry.scale - geometry.origin.y, width: Int32(width),
                        input: UnsafePointer(rowOut), output: rowOut, uniforms: uPtr.value, arrays: alPtr.value,
                        arrayCounts: cnPtr.value, source: sourcePixels.value ?? UnsafePointer(out.value),
                        sourceWidth: Int32(width), sourceHeight: Int32(height), scale: geometry.scale,
                        originX: geometry.origin.x, originY: geometry.origin.y, budget: budget, nonFinite: 0, status: 0, isa: baselineOnly ? 1 : 0)
                    let status = withUnsafeMutablePointer(to: &row) { entry(UnsafeMutableRawPointer($0)) }
                    state.record(status: status, nonFinite: Int(row.nonFinite), level: row.isa)
                }
            }
        }}}}}}
        return (state.report, state.levels)
    }
}

/// What the rows of one run found, shared between workers.
final class RowState: @unchecked Sendable {
    private let lock = NSLock()
    private var failure: Int32 = 0
    private var nonFinite = 0
    private var halted = false
    private var ran: Set<Int32> = []

    var stopped: Bool { lock.lock(); defer { lock.unlock() }; return halted }

    func record(status: Int32, nonFinite n: Int, level: Int32) {
        lock.lock(); defer { lock.unlock() }
        nonFinite += n
        if status == 0 { ran.insert(level) }
        if status != 0 {
            // The smallest status wins, so the message does not depend on which thread got there first.
            failure = failure == 0 ? status : min(failure, status)
            halted = true
        }
    }

    /// The loop levels the rows ran (MetalDriver's `isa`: 1 baseline, 3 x86-64-v3).
    var levels: Set<Int32> { lock.lock(); defer { lock.unlock() }; return ran }

    var report: ShaderRunReport {
        lock.lock(); defer { lock.unlock() }
        return ShaderRunReport(failure: failure == 0 ? nil : MetalDriver.reason(status: failure), nonFiniteOutputs: nonFinite)
    }
}

/// A pointer carried into the row workers (they write disjoint rows).
struct Shared<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
