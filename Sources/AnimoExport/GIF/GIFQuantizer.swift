// GIFQuantizer: turns one planned GIF image (a rectangle and a mask of pixels to draw) into palette
// indices and a local color table.
//
// - Exact path: if the drawn pixels hold no more distinct colors than the table has room for, the
//   table is exactly those colors and no pixel is dithered (lossless).
// - Otherwise: a histogram of the drawn pixels (sRGB at 6 bits per channel, each bin keeping the
//   Oklab mean of its pixels) feeds `PaletteBuilder` (variance median cut + k-means in Oklab), and
//   pixels are mapped by serpentine Floyd–Steinberg error diffusion in Oklab (Floyd & Steinberg,
//   "An adaptive algorithm for spatial greyscale", Proc. SID 17(2), 1976: weights 7, 3, 5, 1 / 16;
//   serpentine scan per Ulichney, "Digital Halftoning", MIT Press 1987).
// - Temporal stability: pixels not drawn (unchanged since the previous frame) take the transparent
//   index and absorb no error, so diffusion never reaches pixels that are not redrawn.
// - Flat areas are not dithered: a pixel whose 4 neighbours carry the same source color takes its
//   exact nearest palette color when that is within `flatTolerance` (ΔE_ok 0.01, half a
//   just-noticeable difference) and neither receives nor spreads error.
// - Where dither is not needed it is not applied: a pixel whose own color lies within
//   `tinyTolerance` (ΔE_ok 0.0035, about a sixth of a just-noticeable difference) of a palette
//   entry takes that entry and drops the error it received. Dither noise is what LZW cannot
//   compress, so this is the main size lever.
//
// Tuning, measured on the peers' 60 frames 585×585 (scored with peers.py score-gif; SSIM, PSNR, PSNR
// after σ1 blur; 2026-11-29):
//   strength 1,   tiny 0        5.35 MB  SSIM 0.9776  PSNR 45.65  σ1 55.25
//   strength 0,   tiny 0        3.69 MB  SSIM 0.9886  PSNR 47.94  σ1 51.15   (no dithering)
//   strength 0.5, tiny 0        4.43 MB  SSIM 0.9897  PSNR 48.99  σ1 54.22
//   strength 0.5, tiny 0.004    3.58 MB  SSIM 0.9911  PSNR 49.30  σ1 53.23
//   strength 0.8, tiny 0.0035   3.88 MB  SSIM 0.9899  PSNR 48.97  σ1 53.79
//   strength 0.9, tiny 0.0035   3.92 MB  SSIM 0.9895  PSNR 48.84  σ1 53.87   ← default
//   strength 0.8, tiny 0.0032   4.07 MB  SSIM 0.9894  PSNR 48.83  σ1 54.01
//   strength 0.6, tiny 0.003    4.02 MB  SSIM 0.9900  PSNR 49.03  σ1 53.87
//   5 k-means iterations instead of 3: same figures to 4 digits (converged).
//   Sierra-2-4A instead of Floyd–Steinberg at strength 1: 5.46 MB, SSIM 0.9767 (rejected).
//   (ffmpeg per-frame palettes + sierra2_4a: 4.06 MB, SSIM 0.9878, PSNR 48.04, σ1 53.66.)
//
// Pixel contract: input packed straight sRGB 8-bit (0xAABBGGRR, alpha 0 or 255); output indices.

struct GIFQuantizer {
    var maxColors: Int = 256
    /// Fraction of the quantization error diffused (1 = classic Floyd–Steinberg, 0 = no dithering).
    /// 0.9 with `tinyTolerance` 0.0035: chosen on the peers' 60-frame animation (RESULTS.md §f), see
    /// the table in the file header.
    var ditherStrength: Float = 0.9
    var kmeansIterations: Int = 3
    /// Largest Oklab distance accepted without dithering in flat areas (see header).
    var flatTolerance: Float = 0.01
    /// Diffusion kernel: Floyd–Steinberg (default) or Sierra-2-4A ("Sierra Lite", Frankie Sierra
    /// 1990: 2/4 ahead, 1/4 behind-below, 1/4 below).
    var sierraLite = false
    /// Pixels whose own color is within this Oklab distance of a palette entry take that entry and
    /// neither receive nor spread error (0 = off).
    var tinyTolerance: Float = 0.0035

    /// A palette shared by all images (the GIF's global color table), with its transparent index.
    struct Global: Sendable {
        var colors: [SIMD3<UInt8>]
        var oklab: [SIMD4<Float>]
        var set: Set<UInt32>
        var transparentIndex: Int { colors.count }
        init(colors: [SIMD3<UInt8>]) {
            self.colors = colors
            oklab = colors.map { Oklab.fromSRGB8($0.x, $0.y, $0.z) }
            set = Set(colors.map { UInt32($0.x) | UInt32($0.y) << 8 | UInt32($0.z) << 16 | 0xFF00_0000 })
        }
    }

    /// A local table is used only if its weighted squared error is below this fraction of the
    /// global table's (a local table costs up to 768 bytes and breaks color consistency between
    /// frames; below that gain it is not worth it).
    static let localGain: Double = 0.8

    func quantize(frame: PackedFrame, image p: PlannedImage, global: Global? = nil) -> GIFImage {
        let r = p.rect, W = frame.width
        let needsTransparent = p.draw.contains(false)
        let capacity = max(1, maxColors - (needsTransparent ? 1 : 0))
        var out = [UInt8](repeating: 0, count: r.width * r.height)
        let src = frame.pixels

        // Exact path: few distinct colors.
        var exact: [UInt32: UInt8] = [:]
        var palette: [SIMD3<UInt8>] = []
        var isExact = true
        scan: for y in 0..<r.height {
            for x in 0..<r.width where p.draw[y * r.width + x] {
                let c = src[(y + r.y) * W + x + r.x]
                if exact[c] == nil {
                    if palette.count == capacity { isExact = false; break scan }
                    exact[c] = UInt8(palette.count)
                    palette.append(SIMD3(UInt8(c & 0xFF), UInt8((c >> 8) & 0xFF), UInt8((c >> 16) & 0xFF)))
                }
            }
        }
        if isExact, let g = global, exact.keys.allSatisfy({ g.set.contains($0) }) {
            // Lossless with the global table.
            var map: [UInt32: UInt8] = [:]
            for (i, c) in g.colors.enumerated() { map[UInt32(c.x) | UInt32(c.y) << 8 | UInt32(c.z) << 16 | 0xFF00_0000] = UInt8(i) }
            for y in 0..<r.height {
                for x in 0..<r.width {
                    out[y * r.width + x] = p.draw[y * r.width + x] ? map[src[(y + r.y) * W + x + r.x]]! : UInt8(g.transparentIndex)
                }
            }
            return GIFImage(x: r.x, y: r.y, width: r.width, height: r.height, indices: out, palette: nil,
                            transparentIndex: needsTransparent ? g.transparentIndex : nil, delay: p.delay, disposal: p.disposal)
        }
        if isExact {
            let t = palette.count
            for y in 0..<r.height {
                for x in 0..<r.width {
                    out[y * r.width + x] = p.draw[y * r.width + x] ? exact[src[(y + r.y) * W + x + r.x]]! : UInt8(t)
                }
            }
            if needsTransparent { palette.append(SIMD3(0, 0, 0)) }
            if palette.isEmpty { palette = [SIMD3(0, 0, 0)] }
            return GIFImage(x: r.x, y: r.y, width: r.width, height: r.height, indices: out, palette: palette,
                            transparentIndex: needsTransparent ? t : nil, delay: p.delay, disposal: p.disposal)
        }

        // Oklab of every drawn pixel, and the histogram (6 bits per channel).
        var ok = [SIMD4<Float>](repeating: .zero, count: r.width * r.height)
        var bins = [SIMD4<Float>](repeating: .zero, count: 1 << 18)
        var touched: [Int32] = []
        touched.reserveCapacity(1 << 14)
        var lastC: UInt32 = 1, lastOk = SIMD4<Float>.zero   // 1 is never a packed opaque color
        for y in 0..<r.height {
            for x in 0..<r.width where p.draw[y * r.width + x] {
                let c = src[(y + r.y) * W + x + r.x]
                if c != lastC {
                    lastC = c
                    lastOk = Oklab.fromSRGB8(UInt8(c & 0xFF), UInt8((c >> 8) & 0xFF), UInt8((c >> 16) & 0xFF))
                }
                ok[y * r.width + x] = lastOk
                let key = Int((c >> 2) & 0x3F) | Int((c >> 10) & 0x3F) << 6 | Int((c >> 18) & 0x3F) << 12
                if bins[key].w == 0 { touched.append(Int32(key)) }
                bins[key] += SIMD4(lastOk.x, lastOk.y, lastOk.z, 1)
            }
        }
        let points = touched.map { k -> SIMD4<Float> in
            let b = bins[Int(k)]
            return SIMD4(b.x / b.w, b.y / b.w, b.z / b.w, b.w)
        }
        let centers = PaletteBuilder.build(points: points, maxColors: capacity, kmeansIterations: kmeansIterations)
        palette = centers.map { Oklab.toSRGB8($0) }
        var palOk = palette.map { Oklab.fromSRGB8($0.x, $0.y, $0.z) }   // the colors actually shown
        var search = PaletteSearch(palette: palOk)
        var t = palette.count
        var useGlobal = false
        if let g = global {
            // Weighted squared error of this image's histogram against each table.
            let gs = PaletteSearch(palette: g.oklab)
            var eLocal = 0.0, eGlobal = 0.0
            for q in points {
                let c = SIMD4<Float>(q.x, q.y, q.z, 0)
                eLocal += Double(q.w) * Double(search.nearest(c).distance2)
                eGlobal += Double(q.w) * Double(gs.nearest(c).distance2)
            }
            if eLocal >= Self.localGain * eGlobal {
                useGlobal = true
                palOk = g.oklab; search = gs; t = g.transparentIndex
            }
        }
        var cells = PaletteCells(palette: palOk)

        // Serpentine Floyd–Steinberg in Oklab over the rectangle.
        let rw = r.width
        var errCur = [SIMD4<Float>](repeating: .zero, count: rw + 2)
        var errNext = errCur
        let strength = ditherStrength
        let flat2 = flatTolerance * flatTolerance
        let tiny2 = tinyTolerance * tinyTolerance
        var lastFlatC: UInt32 = 1, lastFlatI = 0, lastFlatOK = false
        for y in 0..<r.height {
            let ltr = y % 2 == 0
            let dir = ltr ? 1 : -1
            for i in 0..<(rw + 2) { errNext[i] = .zero }
            var x = ltr ? 0 : rw - 1
            for _ in 0..<rw {
                defer { x += dir }
                let mi = y * rw + x
                guard p.draw[mi] else { out[mi] = UInt8(t); continue }
                let gi = (y + r.y) * W + x + r.x
                let c = src[gi]
                // Flat-area test on the source (4-neighbourhood inside the frame).
                let gx = x + r.x, gy = y + r.y
                let flat = (gx == 0 || src[gi - 1] == c) && (gx == W - 1 || src[gi + 1] == c)
                    && (gy == 0 || src[gi - W] == c) && (gy == frame.height - 1 || src[gi + W] == c)
                if flat {
                    if c != lastFlatC {
                        lastFlatC = c
                        let n = search.nearest(ok[mi])
                        lastFlatI = n.index; lastFlatOK = n.distance2 <= flat2
                    }
                    if lastFlatOK { out[mi] = UInt8(lastFlatI); continue }
                }
                if tiny2 > 0 {
                    let j0 = cells.nearest(ok[mi])
                    let d = ok[mi] - palOk[j0]
                    if d.x * d.x + d.y * d.y + d.z * d.z <= tiny2 { out[mi] = UInt8(j0); continue }
                }
                let e0 = ok[mi] + errCur[x + 1]
                // Clamp into PaletteCells' box (scalar min/max: the generic SIMD clamp is not inlined).
                let target = SIMD4<Float>(min(max(e0.x, 0), 1), min(max(e0.y, -0.4), 0.4), min(max(e0.z, -0.4), 0.4), 0)
                let j = cells.nearest(target)
                out[mi] = UInt8(j)
                let e = (target - palOk[j]) * strength
                if sierraLite {
                    errCur[x + 1 + dir] += e * 0.5
                    errNext[x + 1 - dir] += e * 0.25
                    errNext[x + 1] += e * 0.25
                } else {
                    // Floyd–Steinberg weights 7/16 ahead, 3/16 behind-below, 5/16 below, 1/16 ahead-below.
                    errCur[x + 1 + dir] += e * (7.0 / 16)
                    errNext[x + 1 - dir] += e * (3.0 / 16)
                    errNext[x + 1] += e * (5.0 / 16)
                    errNext[x + 1 + dir] += e * (1.0 / 16)
                }
            }
            swap(&errCur, &errNext)
        }
        if needsTransparent && !useGlobal { palette.append(SIMD3(0, 0, 0)) }
        return GIFImage(x: r.x, y: r.y, width: r.width, height: r.height, indices: out, palette: useGlobal ? nil : palette,
                        transparentIndex: needsTransparent ? t : nil, delay: p.delay, disposal: p.disposal)
    }
}

/// The global table for the planned images of a GIF, fed one image at a time in order: their exact
/// colors if there are at most maxColors − 1 (one index stays free for transparency), else a
/// palette built from a sample of the drawn pixels (every 7th pixel of the images in order; 7 is
/// prime so rows of any width are not aliased). Nil if nothing is drawn. Holds the histogram
/// (2^18 bins, 4 MB) and the exact set (at most maxColors entries), whatever the image count.
struct GlobalPaletteBuilder {
    private let capacity: Int
    private let kmeansIterations: Int
    private var exact = Set<UInt32>()
    private var exactOK = true
    private var bins = [SIMD4<Float>](repeating: .zero, count: 1 << 18)
    private var touched: [Int32] = []
    private var counter = 0

    init(_ q: GIFQuantizer) {
        capacity = q.maxColors - 1
        kmeansIterations = q.kmeansIterations
    }

    /// Adds the pixels `p` draws from `frame`.
    mutating func add(frame: PackedFrame, image p: PlannedImage) {
        let src = frame.pixels, W = frame.width, r = p.rect
        for y in 0..<r.height {
            for x in 0..<r.width where p.draw[y * r.width + x] {
                let c = src[(y + r.y) * W + x + r.x]
                if exactOK { exact.insert(c); if exact.count > capacity { exactOK = false } }
                counter += 1
                if counter % 7 != 0 { continue }
                let key = Int((c >> 2) & 0x3F) | Int((c >> 10) & 0x3F) << 6 | Int((c >> 18) & 0x3F) << 12
                let o = Oklab.fromSRGB8(UInt8(c & 0xFF), UInt8((c >> 8) & 0xFF), UInt8((c >> 16) & 0xFF))
                if bins[key].w == 0 { touched.append(Int32(key)) }
                bins[key] += SIMD4(o.x, o.y, o.z, 1)
            }
        }
    }

    /// The table for every image added; nil if none drew anything.
    func finish() -> GIFQuantizer.Global? {
        if exactOK {
            guard !exact.isEmpty else { return nil }
            return GIFQuantizer.Global(colors: exact.sorted().map { SIMD3(UInt8($0 & 0xFF), UInt8(($0 >> 8) & 0xFF), UInt8(($0 >> 16) & 0xFF)) })
        }
        let points = touched.map { k -> SIMD4<Float> in let b = bins[Int(k)]; return SIMD4(b.x / b.w, b.y / b.w, b.z / b.w, b.w) }
        let centers = PaletteBuilder.build(points: points, maxColors: capacity, kmeansIterations: kmeansIterations)
        return GIFQuantizer.Global(colors: centers.map { Oklab.toSRGB8($0) })
    }
}
