// MP4Encoder: H.264 video in an MP4 file. The codec is Cisco's OpenH264 (BSD 2-clause, Debian's
// libopenh264-dev), which gives raw H.264 (Annex B NAL units); the MP4 boxes are written here
// (ISO/IEC 14496-12 and 14496-15).
//
// Pixels: straight RGBA is composited over an opaque background (H.264 has no alpha: transparent
// pixels show the background), converted to Y'CbCr with the BT.709 matrix in limited range (16…235,
// 16…240) on the gamma-encoded values, and the chroma averaged over each 2×2 block (4:2:0, the
// "yuv420p" every player decodes). 4:2:0 needs even sizes: an odd width or height gets one more
// column or row repeating the edge; a side under 16 pixels (OpenH264 encodes nothing smaller than
// a macroblock) grows to 16 the same way. The stream says BT.709 (VUI colour description) and so does the
// sample entry (`colr` nclx), so players do not guess.
//
// Coding: Constrained Baseline (CAVLC), rate control off at a fixed quantiser (`qp`, default 20:
// edges of flat UI colour stay clean), an IDR frame every `keyframeSeconds`, one thread, no frame
// skipping. The same frames give the same bytes on every run and for any --threads (frames reach
// the encoder in order; the encoder itself runs on one thread).
//
// Container: `ftyp`, then `moov` (written once every frame is known, before the data, so a player
// can start at once: "fast start"), then `mdat`. Samples are stored in the AVC format (each NAL
// unit prefixed by its 4-byte length); the SPS and PPS go to the `avcC` box. Constant frame rate:
// the time scale is 1000 × fps (30 fps: 30000) and each frame lasts 1000 ticks, exactly, so there
// is no rounding at all; a frame standing for several input frames (a lowered rate) lasts that
// many times longer. While frames arrive, the coded samples wait in a nameless scratch file
// beside the output (ScratchFile), so memory is one frame whatever the frame count.
import COpenH264
import Foundation
import AnimoRaster
import AnimoGeometry

public enum MP4Encoder {
    public struct Options: Sendable, Equatable {
        /// Opaque colour under the frames (transparent pixels show it). Default white.
        public var background: Color
        /// Quantiser 10…51 (lower: better and larger). Default 20.
        public var qp: Int
        /// Seconds between IDR frames (default 2).
        public var keyframeSeconds: Double

        public init(background: Color = Color(red: 1, green: 1, blue: 1, alpha: 1), qp: Int = 20, keyframeSeconds: Double = 2) {
            self.background = background; self.qp = qp; self.keyframeSeconds = keyframeSeconds
        }
    }

    /// Width and height of the video for frames of `width` × `height`: odd sides grow by one, and
    /// sides under 16 grow to 16.
    public static func videoSize(width: Int, height: Int) -> (width: Int, height: Int) {
        (max(16, width + (width & 1)), max(16, height + (height & 1)))
    }

    /// An MP4 written from frames appended in order (see the file header).
    public final class Stream {
        /// Size of the frames appended.
        public let width: Int
        public let height: Int
        /// Size of the video (even).
        public let videoWidth: Int
        public let videoHeight: Int
        /// Rate of the input frames; a frame appended with `span` k lasts k / fps s.
        public let fps: Double
        private let options: Options
        private let url: URL?
        private var encoder: UnsafeMutablePointer<ISVCEncoder?>?
        private let body: ScratchFile
        private var sampleSizes: [Int] = []
        private var sampleTicks: [Int] = []
        private var syncSamples: [Int] = []
        private var sps: [UInt8]?, pps: [UInt8]?
        private var inputFrames = 0
        private var y: [UInt8], u: [UInt8], v: [UInt8]
        private var file: AtomicFile.Writer?
        private var finishedBytes: [UInt8]?

        /// Ticks per second of the MP4 time scale and per input frame.
        var timescale: Int { Int((fps * 1000).rounded()) }
        static let ticksPerFrame = 1000

        /// An MP4 of frames of `width` × `height` at `fps` (0 < fps ≤ 240), written to `url` by
        /// `finish`/`commit`, with its samples waiting in a scratch file in `scratchDirectory`
        /// (default: the folder of `url`).
        public init(width: Int, height: Int, fps: Double, options: Options = Options(), to url: URL?,
                    scratchDirectory: URL? = nil) throws {
            guard width > 0, height > 0, width <= 8192, height <= 8192 else {
                throw ExportError.invalidParameter("MP4 size \(width)×\(height) (each side 1…8192)")
            }
            guard fps.isFinite, fps >= 0.001, fps <= 240 else { throw ExportError.invalidParameter("fps \(fps)") }
            guard (10...51).contains(options.qp) else { throw ExportError.invalidParameter("MP4 qp \(options.qp) (10…51)") }
            guard options.keyframeSeconds.isFinite, options.keyframeSeconds > 0 else {
                throw ExportError.invalidParameter("keyframe interval \(options.keyframeSeconds) s")
            }
            guard options.background.isFinite else { throw ExportError.invalidParameter("background \(options.background)") }
            self.width = width; self.height = height; self.fps = fps; self.options = options; self.url = url
            (videoWidth, videoHeight) = MP4Encoder.videoSize(width: width, height: height)
            y = [UInt8](repeating: 0, count: videoWidth * videoHeight)
            u = [UInt8](repeating: 0, count: videoWidth * videoHeight / 4)
            v = u
            guard let dir = scratchDirectory ?? url?.deletingLastPathComponent() else {
                throw ExportError.invalidParameter("MP4: no folder for the scratch file")
            }
            body = try ScratchFile(in: dir)

            var enc: UnsafeMutablePointer<ISVCEncoder?>?
            let rc = WelsCreateSVCEncoder(&enc)
            guard rc == 0, let enc else { throw ExportError.h264(code: Int(rc), operation: "WelsCreateSVCEncoder") }
            encoder = enc
            // OpenH264 prints its own warnings to stderr; its return codes are what we act on.
            var quiet = Int32(WELS_LOG_QUIET)
            _ = enc.pointee!.pointee.SetOption!(enc, ENCODER_OPTION_TRACE_LEVEL, &quiet)
            var p = SEncParamExt()
            _ = enc.pointee!.pointee.GetDefaultParams!(enc, &p)
            p.iUsageType = SCREEN_CONTENT_REAL_TIME   // the non-real-time usages are refused by InitializeExt (2.3.1)
            p.iPicWidth = Int32(videoWidth); p.iPicHeight = Int32(videoHeight)
            p.fMaxFrameRate = Float(fps)
            p.iRCMode = RC_OFF_MODE
            p.iTargetBitrate = 0
            p.bEnableFrameSkip = false
            p.iMinQp = Int32(options.qp); p.iMaxQp = Int32(options.qp)
            p.iTemporalLayerNum = 1
            p.iSpatialLayerNum = 1
            p.iMultipleThreadIdc = 1
            p.iEntropyCodingModeFlag = 0
            p.eSpsPpsIdStrategy = CONSTANT_ID
            p.bPrefixNalAddingCtrl = false
            p.bEnableDenoise = false
            p.bEnableBackgroundDetection = false
            p.bEnableAdaptiveQuant = false
            p.bEnableSceneChangeDetect = true    // what OpenH264 asks for with screen content
            p.bEnableLongTermReference = false
            p.iNumRefFrame = 1
            p.uiIntraPeriod = UInt32(max(1, (fps * options.keyframeSeconds).rounded()))
            p.sSpatialLayers.0.iVideoWidth = Int32(videoWidth)
            p.sSpatialLayers.0.iVideoHeight = Int32(videoHeight)
            p.sSpatialLayers.0.fFrameRate = Float(fps)
            p.sSpatialLayers.0.iDLayerQp = Int32(options.qp)
            p.sSpatialLayers.0.uiProfileIdc = PRO_BASELINE
            p.sSpatialLayers.0.sSliceArgument.uiSliceMode = SM_SINGLE_SLICE
            p.sSpatialLayers.0.bVideoSignalTypePresent = true
            p.sSpatialLayers.0.uiVideoFormat = 5          // unspecified
            p.sSpatialLayers.0.bFullRange = false
            p.sSpatialLayers.0.bColorDescriptionPresent = true
            p.sSpatialLayers.0.uiColorPrimaries = 1       // BT.709
            p.sSpatialLayers.0.uiTransferCharacteristics = 1
            p.sSpatialLayers.0.uiColorMatrix = 1
            let ri = enc.pointee!.pointee.InitializeExt!(enc, &p)
            guard ri == 0 else {
                WelsDestroySVCEncoder(enc); encoder = nil
                throw ExportError.h264(code: Int(ri), operation: "InitializeExt")
            }
            var format = Int32(videoFormatI420.rawValue)
            _ = enc.pointee!.pointee.SetOption!(enc, ENCODER_OPTION_DATAFORMAT, &format)
        }

        deinit { close() }

        private func close() {
            if let enc = encoder {
                _ = enc.pointee!.pointee.Uninitialize!(enc)
                WelsDestroySVCEncoder(enc)
                encoder = nil
            }
        }

        /// Bytes so far: the coded samples and an estimate of the boxes around them.
        public var byteCount: Int { finishedBytes.map { $0.count + body.size } ?? body.size + 1024 + 12 * sampleSizes.count }

        /// Frames appended so far (each counts once whatever its span).
        public var frameCount: Int { sampleSizes.count }

        /// Appends the next frame (straight RGBA, `width` × `height` × 4 bytes) lasting `span`
        /// input frames.
        public func append(_ rgba: [UInt8], span: Int = 1) throws {
            guard let enc = encoder, finishedBytes == nil else { throw ExportError.invalidParameter("frame appended after finish") }
            guard rgba.count == width * height * 4 else {
                throw ExportError.invalidParameter("frame \(frameCount) has \(rgba.count) bytes, not \(width)×\(height)×4")
            }
            guard span >= 1 else { throw ExportError.invalidParameter("span \(span)") }
            convert(rgba)
            var pic = SSourcePicture()
            pic.iColorFormat = Int32(videoFormatI420.rawValue)
            pic.iPicWidth = Int32(videoWidth); pic.iPicHeight = Int32(videoHeight)
            pic.iStride.0 = Int32(videoWidth); pic.iStride.1 = Int32(videoWidth / 2); pic.iStride.2 = Int32(videoWidth / 2)
            pic.uiTimeStamp = Int64((Double(inputFrames) * 1000 / fps).rounded())
            var info = SFrameBSInfo()
            let rc: Int32 = y.withUnsafeMutableBufferPointer { yp in
                u.withUnsafeMutableBufferPointer { up in
                    v.withUnsafeMutableBufferPointer { vp in
                        pic.pData.0 = yp.baseAddress; pic.pData.1 = up.baseAddress; pic.pData.2 = vp.baseAddress
                        return enc.pointee!.pointee.EncodeFrame!(enc, &pic, &info)
                    }
                }
            }
            guard rc == 0 else { throw ExportError.h264(code: Int(rc), operation: "EncodeFrame (frame \(frameCount))") }
            inputFrames += span
            let ticks = span * Self.ticksPerFrame
            // A skipped frame (none is expected with skipping off) lengthens the one before.
            guard info.eFrameType != videoFrameTypeSkip, info.iLayerNum > 0 else {
                if !sampleTicks.isEmpty { sampleTicks[sampleTicks.count - 1] += ticks; return }
                throw ExportError.h264(code: 0, operation: "EncodeFrame (the first frame was skipped)")
            }
            var sample: [UInt8] = []
            var idr = false
            let layerCount = Int(info.iLayerNum)
            withUnsafeBytes(of: &info.sLayerInfo) { raw in
                let layers = raw.bindMemory(to: SLayerBSInfo.self)
                for l in 0..<layerCount {
                    let layer = layers[l]
                    guard let buffer = layer.pBsBuf, let lengths = layer.pNalLengthInByte else { continue }
                    var offset = 0
                    for n in 0..<Int(layer.iNalCount) {
                        let length = Int(lengths[n])
                        let nal = UnsafeBufferPointer(start: buffer + offset, count: length)
                        offset += length
                        // Skip the Annex B start code (00 00 01 or 00 00 00 01).
                        var s = 0
                        while s + 2 < nal.count, !(nal[s] == 0 && nal[s + 1] == 0 && nal[s + 2] == 1) { s += 1 }
                        let unit = Array(nal[min(nal.count, s + 3)...])
                        guard let head = unit.first else { continue }
                        switch head & 0x1F {
                        case 7: if sps == nil { sps = unit }
                        case 8: if pps == nil { pps = unit }
                        default:
                            if head & 0x1F == 5 { idr = true }
                            sample += be32(unit.count) + unit
                        }
                    }
                }
            }
            guard !sample.isEmpty else { throw ExportError.h264(code: 0, operation: "EncodeFrame (no picture)") }
            try sample.withUnsafeBytes { _ = try body.append($0) }
            sampleSizes.append(sample.count)
            sampleTicks.append(ticks)
            if idr { syncSamples.append(sampleSizes.count) }
        }

        /// Straight RGBA over the background → BT.709 limited-range I420 (see the file header).
        private func convert(_ rgba: [UInt8]) {
            let bg = options.background.premultiplied.simd
            let W = width, H = height, VW = videoWidth, VH = videoHeight
            // Opaque R'G'B' of each video pixel (edges repeated), 0…255 as Float, one row pair at a time.
            var r = [Float](repeating: 0, count: VW * 2), g = r, b = r
            rgba.withUnsafeBufferPointer { src in
                for y0 in stride(from: 0, to: VH, by: 2) {
                    for dy in 0..<2 {
                        let sy = min(y0 + dy, H - 1)
                        for x in 0..<VW {
                            let i = (sy * W + min(x, W - 1)) * 4
                            let a = Float(src[i + 3]) / 255
                            let o = dy * VW + x
                            r[o] = Float(src[i]) * a + bg.x * 255 * (1 - a)
                            g[o] = Float(src[i + 1]) * a + bg.y * 255 * (1 - a)
                            b[o] = Float(src[i + 2]) * a + bg.z * 255 * (1 - a)
                            let luma = 0.2126 * r[o] + 0.7152 * g[o] + 0.0722 * b[o]
                            y[(y0 + dy) * VW + x] = UInt8(max(16, min(235, (16 + luma * 219 / 255).rounded())))
                        }
                    }
                    for cx in 0..<(VW / 2) {
                        var rs: Float = 0, gs: Float = 0, bs: Float = 0
                        for o in [2 * cx, 2 * cx + 1, VW + 2 * cx, VW + 2 * cx + 1] { rs += r[o]; gs += g[o]; bs += b[o] }
                        rs /= 4; gs /= 4; bs /= 4
                        let luma = 0.2126 * rs + 0.7152 * gs + 0.0722 * bs
                        let cb = 128 + (bs - luma) / 1.8556 * 224 / 255
                        let cr = 128 + (rs - luma) / 1.5748 * 224 / 255
                        let c = (y0 / 2) * (VW / 2) + cx
                        u[c] = UInt8(max(16, min(240, cb.rounded())))
                        v[c] = UInt8(max(16, min(240, cr.rounded())))
                    }
                }
            }
        }

        /// Ends the stream and builds the boxes; returns the file's size. `commit()` writes it.
        @discardableResult
        public func finish() throws -> Int {
            if let finishedBytes { return finishedBytes.count + body.size }
            close()
            guard !sampleSizes.isEmpty, let sps, let pps else { throw ExportError.noFrames }
            let header = MP4Boxes.header(width: videoWidth, height: videoHeight, displayWidth: videoWidth, displayHeight: videoHeight,
                                         timescale: timescale, sampleTicks: sampleTicks, sampleSizes: sampleSizes,
                                         syncSamples: syncSamples, sps: sps, pps: pps, mediaBytes: body.size)
            finishedBytes = header
            return header.count + body.size
        }

        /// Writes the finished file to `url` atomically.
        public func commit() throws {
            try finish()
            guard let url, let header = finishedBytes else { return }
            let file = try AtomicFile.Writer(url: url)
            try file.write(header)
            try copyBody(into: file)
            try file.commit()
        }

        /// The whole file in memory (for tests and small outputs).
        public func bytes() throws -> [UInt8] {
            try finish()
            let m = MemorySink()
            try m.write(finishedBytes!)
            try copyBody(into: m)
            return m.bytes
        }

        private func copyBody(into sink: ByteSink) throws {
            var offset = 0
            let total = body.size
            while offset < total {
                let n = min(1 << 20, total - offset)
                try sink.write(try body.read(at: offset, count: n))
                offset += n
            }
        }

        /// Nothing is written.
        public func discard() { close() }
    }
}

func be32(_ v: Int) -> [UInt8] {
    [UInt8(truncatingIfNeeded: v >> 24), UInt8(truncatingIfNeeded: v >> 16), UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v)]
}

/// The boxes before the samples: ftyp, moov (one video track, one chunk), and the mdat header.
enum MP4Boxes {
    static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] { be32(8 + payload.count) + Array(type.utf8) + payload }
    static func full(_ type: String, version: UInt8 = 0, flags: Int = 0, _ payload: [UInt8]) -> [UInt8] {
        box(type, [version] + Array(be32(flags).dropFirst()) + payload)
    }
    static func be16(_ v: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v)] }
    static let matrix: [UInt8] = [0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000].flatMap { be32($0) }

    static func header(width: Int, height: Int, displayWidth: Int, displayHeight: Int, timescale: Int, sampleTicks: [Int],
                       sampleSizes: [Int], syncSamples: [Int], sps: [UInt8], pps: [UInt8], mediaBytes: Int) -> [UInt8] {
        let ftyp = box("ftyp", Array("isom".utf8) + be32(0x200) + Array("isomiso2avc1mp41".utf8))
        let duration = sampleTicks.reduce(0, +)
        // Run-length time-to-sample table.
        var runs: [(count: Int, delta: Int)] = []
        for t in sampleTicks {
            if let last = runs.last, last.delta == t { runs[runs.count - 1].count += 1 } else { runs.append((1, t)) }
        }
        func moov(chunkOffset: Int) -> [UInt8] {
            let mvhd = full("mvhd", be32(0) + be32(0) + be32(timescale) + be32(duration) + be32(0x00010000) + be16(0x0100)
                            + [UInt8](repeating: 0, count: 10) + matrix + [UInt8](repeating: 0, count: 24) + be32(2))
            let tkhd = full("tkhd", flags: 3, be32(0) + be32(0) + be32(1) + be32(0) + be32(duration) + [UInt8](repeating: 0, count: 8)
                            + be16(0) + be16(0) + be16(0) + be16(0) + matrix + be32(displayWidth << 16) + be32(displayHeight << 16))
            let mdhd = full("mdhd", be32(0) + be32(0) + be32(timescale) + be32(duration) + be16(0x55C4) + be16(0))
            let hdlr = full("hdlr", be32(0) + Array("vide".utf8) + [UInt8](repeating: 0, count: 12) + Array("VideoHandler".utf8) + [0])
            let vmhd = full("vmhd", flags: 1, [UInt8](repeating: 0, count: 8))
            let dinf = box("dinf", full("dref", be32(1) + full("url ", flags: 1, [])))
            let avcC = box("avcC", [1, sps[1], sps[2], sps[3], 0xFF, 0xE1] + be16(sps.count) + sps + [1] + be16(pps.count) + pps)
            let colr = box("colr", Array("nclx".utf8) + be16(1) + be16(1) + be16(1) + [0])   // BT.709, limited range
            var entry = [UInt8](repeating: 0, count: 6) + be16(1)                              // data_reference_index 1
            entry += [UInt8](repeating: 0, count: 16) + be16(width) + be16(height)
            entry += be32(0x00480000) + be32(0x00480000) + be32(0) + be16(1)
            entry += [UInt8](repeating: 0, count: 32) + be16(0x18) + be16(0xFFFF)
            let stsd = full("stsd", be32(1) + box("avc1", entry + avcC + colr))
            let stts = full("stts", be32(runs.count) + runs.flatMap { be32($0.count) + be32($0.delta) })
            let stss = full("stss", be32(syncSamples.count) + syncSamples.flatMap { be32($0) })
            let stsc = full("stsc", be32(1) + be32(1) + be32(sampleSizes.count) + be32(1))
            let stsz = full("stsz", be32(0) + be32(sampleSizes.count) + sampleSizes.flatMap { be32($0) })
            let stco = chunkOffset > Int(UInt32.max)
                ? full("co64", be32(1) + be32(chunkOffset >> 32) + be32(chunkOffset & 0xFFFF_FFFF))
                : full("stco", be32(1) + be32(chunkOffset))
            let stbl = box("stbl", stsd + stts + stss + stsc + stsz + stco)
            let minf = box("minf", vmhd + dinf + stbl)
            let mdia = box("mdia", mdhd + hdlr + minf)
            let trak = box("trak", tkhd + mdia)
            return box("moov", mvhd + trak)
        }
        // The chunk offset depends on moov's size, which depends on the offset's box (stco or co64).
        let large = mediaBytes + 8 > Int(UInt32.max)
        let mdatHeader = large ? be32(1) + Array("mdat".utf8) + be32((mediaBytes + 16) >> 32) + be32((mediaBytes + 16) & 0xFFFF_FFFF)
                               : be32(mediaBytes + 8) + Array("mdat".utf8)
        var m = moov(chunkOffset: 0)
        var offset = ftyp.count + m.count + mdatHeader.count
        m = moov(chunkOffset: offset)
        offset = ftyp.count + m.count + mdatHeader.count
        m = moov(chunkOffset: offset)
        return ftyp + m + mdatHeader
    }
}
