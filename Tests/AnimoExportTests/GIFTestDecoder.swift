// A GIF decoder for tests, independent of the encoder: giflib's DGifOpen (reading from memory) and
// DGifSlurp, then compositing as browsers do (GIF89a §23): each image is drawn over the canvas,
// transparent-index pixels leave the canvas as is; after display, disposal 2 clears the image's
// rectangle to transparent and disposal 3 restores the canvas from before the image.
import CGIF

struct DecodedGIF {
    var width: Int, height: Int
    /// Composited canvas after each image: straight RGBA bytes.
    var frames: [[UInt8]]
    var delays: [Int]
    var disposals: [Int]
    var transparentIndices: [Int?]
    var rects: [(x: Int, y: Int, w: Int, h: Int)]
    /// Whether each image carries a local color table.
    var localTables: [Bool] = []
    /// NETSCAPE2.0 loop count, nil if the extension is absent.
    var loopCount: Int?
}

enum GIFTestDecoder {
    private final class Reader { let bytes: [UInt8]; var pos = 0; init(_ b: [UInt8]) { bytes = b } }

    static func decode(_ bytes: [UInt8]) -> DecodedGIF? {
        let reader = Reader(bytes)
        let u = Unmanaged.passRetained(reader)
        defer { u.release() }
        var err: Int32 = 0
        let input: InputFunc = { gif, buf, len in
            guard let gif, let buf, let user = gif.pointee.UserData else { return 0 }
            let r = Unmanaged<Reader>.fromOpaque(user).takeUnretainedValue()
            let n = min(Int(len), r.bytes.count - r.pos)
            for i in 0..<n { buf[i] = r.bytes[r.pos + i] }
            r.pos += n
            return Int32(n)
        }
        guard let gif = DGifOpen(u.toOpaque(), input, &err) else { return nil }
        defer { var e: Int32 = 0; _ = DGifCloseFile(gif, &e) }
        guard DGifSlurp(gif) == GIF_OK else { return nil }
        let W = Int(gif.pointee.SWidth), H = Int(gif.pointee.SHeight)
        var canvas = [UInt8](repeating: 0, count: W * H * 4)
        var out = DecodedGIF(width: W, height: H, frames: [], delays: [], disposals: [], transparentIndices: [], rects: [], loopCount: nil)
        for i in 0..<Int(gif.pointee.ImageCount) {
            let im = gif.pointee.SavedImages[i]
            // Loop extension: application block "NETSCAPE2.0" followed by a continuation [1, lo, hi].
            let nExt = Int(im.ExtensionBlockCount)
            for e in 0..<nExt {
                let b = im.ExtensionBlocks[e]
                if b.Function == APPLICATION_EXT_FUNC_CODE, b.ByteCount == 11,
                   String(decoding: UnsafeBufferPointer(start: b.Bytes, count: 11), as: UTF8.self) == "NETSCAPE2.0",
                   e + 1 < nExt {
                    let c = im.ExtensionBlocks[e + 1]
                    if c.ByteCount == 3, c.Bytes[0] == 1 { out.loopCount = Int(c.Bytes[1]) | Int(c.Bytes[2]) << 8 }
                }
            }
            var gcb = GraphicsControlBlock(DisposalMode: 0, UserInputFlag: false, DelayTime: 0, TransparentColor: -1)
            _ = DGifSavedExtensionToGCB(gif, Int32(i), &gcb)
            let d = im.ImageDesc
            let x0 = Int(d.Left), y0 = Int(d.Top), w = Int(d.Width), h = Int(d.Height)
            guard let map = d.ColorMap ?? gif.pointee.SColorMap else { return nil }
            let before = canvas
            let t = Int(gcb.TransparentColor)
            for y in 0..<h {
                for x in 0..<w {
                    let idx = Int(im.RasterBits[y * w + x])
                    if idx == t { continue }
                    let c = map.pointee.Colors[idx]
                    let o = ((y + y0) * W + x + x0) * 4
                    canvas[o] = c.Red; canvas[o + 1] = c.Green; canvas[o + 2] = c.Blue; canvas[o + 3] = 255
                }
            }
            out.frames.append(canvas)
            out.delays.append(Int(gcb.DelayTime))
            out.disposals.append(Int(gcb.DisposalMode))
            out.transparentIndices.append(t >= 0 ? t : nil)
            out.rects.append((x0, y0, w, h))
            out.localTables.append(d.ColorMap != nil)
            if gcb.DisposalMode == DISPOSE_BACKGROUND {
                for y in y0..<(y0 + h) { for x in x0..<(x0 + w) { for k in 0..<4 { canvas[(y * W + x) * 4 + k] = 0 } } }
            } else if gcb.DisposalMode == DISPOSE_PREVIOUS {
                canvas = before
            }
        }
        return out
    }
}
