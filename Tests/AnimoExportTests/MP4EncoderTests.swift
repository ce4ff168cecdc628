// The MP4 writer: its boxes read back by a small parser written here from ISO/IEC 14496-12 (moov
// before mdat, one constant frame time, sample sizes that add up to mdat, an avcC with the stream's
// SPS and PPS), and its H.264 decoded by OpenH264's decoder (every frame, sizes even, the colours
// of the input over the background in BT.709 limited range). Same frames, same bytes.
import COpenH264
import Foundation
import Testing
@testable import AnimoExport
import AnimoGeometry
import AnimoTestSupport

/// Boxes of an MP4 by path ("moov/trak/mdia/minf/stbl/stts"): payloads (after the 8-byte header).
func mp4Boxes(_ b: [UInt8]) -> [(path: String, offset: Int, payload: ArraySlice<UInt8>)] {
    let containers: Set<String> = ["moov", "trak", "mdia", "minf", "stbl", "dinf"]
    var out: [(String, Int, ArraySlice<UInt8>)] = []
    func walk(_ start: Int, _ end: Int, _ prefix: String) {
        var p = start
        while p + 8 <= end {
            let size = Int(b[p]) << 24 | Int(b[p + 1]) << 16 | Int(b[p + 2]) << 8 | Int(b[p + 3])
            let type = String(decoding: b[(p + 4)..<(p + 8)], as: UTF8.self)
            guard size >= 8, p + size <= end else { return }
            let path = prefix.isEmpty ? type : prefix + "/" + type
            out.append((path, p, b[(p + 8)..<(p + size)]))
            if containers.contains(type) { walk(p + 8, p + size, path) }
            if type == "stsd" { walk(p + 16, p + size, path) }              // version/flags + entry count
            if type == "avc1" { walk(p + 8 + 78, p + size, path) }          // the visual sample entry's fields
            p += size
        }
    }
    walk(0, b.count, "")
    return out
}

func u32(_ s: ArraySlice<UInt8>, _ at: Int) -> Int {
    let i = s.startIndex + at
    return Int(s[i]) << 24 | Int(s[i + 1]) << 16 | Int(s[i + 2]) << 8 | Int(s[i + 3])
}

/// Decodes the MP4's samples with OpenH264: the Y, U, V planes of every picture.
func decodeMP4(_ file: [UInt8]) throws -> [(width: Int, height: Int, y: [UInt8], u: [UInt8], v: [UInt8])] {
    let boxes = mp4Boxes(file)
    guard let avcC = boxes.first(where: { $0.path.hasSuffix("avcC") })?.payload,
          let stsz = boxes.first(where: { $0.path.hasSuffix("stsz") })?.payload,
          let stco = boxes.first(where: { $0.path.hasSuffix("stco") })?.payload else { throw TestFailure("boxes missing") }
    let a = Array(avcC)
    let spsLength = Int(a[6]) << 8 | Int(a[7])
    let sps = Array(a[8..<(8 + spsLength)])
    let ppsStart = 8 + spsLength + 1
    let pps = Array(a[(ppsStart + 2)..<(ppsStart + 2 + (Int(a[ppsStart]) << 8 | Int(a[ppsStart + 1])))])
    let count = u32(stsz, 8)
    var offset = u32(stco, 8)
    var dec: UnsafeMutablePointer<ISVCDecoder?>?
    guard WelsCreateDecoder(&dec) == 0, let dec else { throw TestFailure("WelsCreateDecoder") }
    defer { WelsDestroyDecoder(dec) }
    var param = SDecodingParam()
    param.uiTargetDqLayer = UInt8.max
    param.eEcActiveIdc = ERROR_CON_DISABLE
    param.sVideoProperty.eVideoBsType = VIDEO_BITSTREAM_AVC
    guard dec.pointee!.pointee.Initialize!(dec, &param) == 0 else { throw TestFailure("decoder Initialize") }
    defer { _ = dec.pointee!.pointee.Uninitialize!(dec) }
    var pictures: [(Int, Int, [UInt8], [UInt8], [UInt8])] = []
    func feed(_ annexB: [UInt8]) throws {
        var planes: [UnsafeMutablePointer<UInt8>?] = [nil, nil, nil]
        var info = SBufferInfo()
        let state = annexB.withUnsafeBufferPointer { b in
            planes.withUnsafeMutableBufferPointer { p in
                dec.pointee!.pointee.DecodeFrameNoDelay!(dec, b.baseAddress, Int32(b.count), p.baseAddress, &info)
            }
        }
        guard state.rawValue == 0 else { throw TestFailure("decoding state \(state.rawValue)") }
        if info.iBufferStatus == 1 {
            let w = Int(info.UsrData.sSystemBuffer.iWidth), h = Int(info.UsrData.sSystemBuffer.iHeight)
            let ys = Int(info.UsrData.sSystemBuffer.iStride.0), cs = Int(info.UsrData.sSystemBuffer.iStride.1)
            func plane(_ p: UnsafeMutablePointer<UInt8>, _ pw: Int, _ ph: Int, _ stride: Int) -> [UInt8] {
                (0..<ph).flatMap { r in Array(UnsafeBufferPointer(start: p + r * stride, count: pw)) }
            }
            pictures.append((w, h, plane(info.pDst.0!, w, h, ys), plane(info.pDst.1!, w / 2, h / 2, cs), plane(info.pDst.2!, w / 2, h / 2, cs)))
        }
    }
    let start: [UInt8] = [0, 0, 0, 1]
    try feed(start + sps + start + pps)
    for k in 0..<count {
        let size = u32(stsz, 12 + 4 * k)
        var annexB: [UInt8] = []
        var p = offset
        while p < offset + size {
            let n = Int(file[p]) << 24 | Int(file[p + 1]) << 16 | Int(file[p + 2]) << 8 | Int(file[p + 3])
            annexB += start + file[(p + 4)..<(p + 4 + n)]
            p += 4 + n
        }
        try feed(annexB)
        offset += size
    }
    return pictures
}

/// Solid-colour frames: `red` frames of red, then `blue` of blue, with a transparent left half
/// in the blue ones (which must show the background).
func colourFrames(width w: Int, height h: Int, red: Int, blue: Int) -> [[UInt8]] {
    let r = [UInt8]((0..<(w * h)).flatMap { _ in [255, 0, 0, 255] as [UInt8] })
    let b = [UInt8]((0..<(w * h)).flatMap { i in i % w < w / 2 ? [0, 0, 0, 0] : [0, 0, 255, 255] as [UInt8] })
    return [[UInt8]](repeating: r, count: red) + [[UInt8]](repeating: b, count: blue)
}

@Suite struct MP4EncoderTests {
    func encode(_ frames: [[UInt8]], width: Int, height: Int, fps: Double = 30, options: MP4Encoder.Options = .init()) throws -> [UInt8] {
        let dir = temporaryFolder("mp4")
        defer { try? FileManager.default.removeItem(at: dir) }
        let s = try MP4Encoder.Stream(width: width, height: height, fps: fps, options: options, to: nil, scratchDirectory: dir)
        for f in frames { try s.append(f) }
        return try s.bytes()
    }

    @Test func boxesSayConstantFrameRateAndFastStart() throws {
        let bytes = try encode(colourFrames(width: 33, height: 21, red: 10, blue: 10), width: 33, height: 21)
        let boxes = mp4Boxes(bytes)
        let top = boxes.filter { !$0.path.contains("/") }.map(\.path)
        #expect(top == ["ftyp", "moov", "mdat"], "moov before mdat: \(top)")
        let mdhd = try #require(boxes.first { $0.path.hasSuffix("mdhd") }).payload
        #expect(u32(mdhd, 12) == 30000, "time scale 1000 × fps")
        #expect(u32(mdhd, 16) == 20 * 1000, "duration: 20 frames of 1000 ticks")
        let stts = try #require(boxes.first { $0.path.hasSuffix("stts") }).payload
        #expect(u32(stts, 4) == 1 && u32(stts, 8) == 20 && u32(stts, 12) == 1000, "one entry: 20 samples of 1/30 s")
        let stsz = try #require(boxes.first { $0.path.hasSuffix("stsz") }).payload
        #expect(u32(stsz, 8) == 20)
        let mdat = try #require(boxes.first { $0.path == "mdat" })
        let total = (0..<20).reduce(0) { $0 + u32(stsz, 12 + 4 * $1) }
        #expect(total == mdat.payload.count)
        let stco = try #require(boxes.first { $0.path.hasSuffix("stco") }).payload
        #expect(u32(stco, 8) == mdat.offset + 8, "the chunk starts at mdat's data")
        let stss = try #require(boxes.first { $0.path.hasSuffix("stss") }).payload
        #expect(u32(stss, 8) == 1, "the first sample is an IDR frame")
        let tkhd = try #require(boxes.first { $0.path.hasSuffix("tkhd") }).payload
        #expect(u32(tkhd, 76) >> 16 == 34 && u32(tkhd, 80) >> 16 == 22, "odd sizes grow to even")
        #expect(boxes.contains { $0.path.hasSuffix("avc1/avcC") } && boxes.contains { $0.path.hasSuffix("avc1/colr") })
    }

    @Test func decodesToTheFramesOverTheBackground() throws {
        let frames = colourFrames(width: 33, height: 21, red: 5, blue: 5)
        let bytes = try encode(frames, width: 33, height: 21)
        let pictures = try decodeMP4(bytes)
        #expect(pictures.count == 10)
        for (k, p) in pictures.enumerated() {
            #expect(p.width == 34 && p.height == 22)
            // Luma of the middle of the right half: red 63, blue 32 (16 + 219·(0.2126 | 0.0722)).
            let right = Int(p.y[11 * p.width + 28])
            #expect(abs(right - (k < 5 ? 63 : 32)) <= 3, "frame \(k): Y \(right)")
            // The transparent left half of the blue frames shows the white background: Y 235.
            if k >= 5 { #expect(abs(Int(p.y[11 * p.width + 4]) - 235) <= 3, "frame \(k): Y \(p.y[11 * p.width + 4])") }
            // Chroma of red: Cr high, of blue: Cb high.
            let c = 5 * (p.width / 2) + 14
            if k < 5 { #expect(p.v[c] > 200) } else { #expect(p.u[c] > 200) }
        }
    }

    @Test func aBlackBackgroundAndSpansChangeWhatTheySay() throws {
        let frames = colourFrames(width: 16, height: 16, red: 0, blue: 3)
        let s = try MP4Encoder.Stream(width: 16, height: 16, fps: 24, options: .init(background: Color(red: 0, green: 0, blue: 0, alpha: 1)),
                                      to: nil, scratchDirectory: temporaryFolder("mp4"))
        try s.append(frames[0], span: 2)
        try s.append(frames[1], span: 2)
        try s.append(frames[2], span: 1)
        let bytes = try s.bytes()
        let stts = try #require(mp4Boxes(bytes).first { $0.path.hasSuffix("stts") }).payload
        #expect(u32(stts, 4) == 2 && u32(stts, 8) == 2 && u32(stts, 12) == 2000 && u32(stts, 16) == 1 && u32(stts, 20) == 1000)
        let p = try decodeMP4(bytes)
        #expect(p.count == 3)
        #expect(abs(Int(p[0].y[8 * 16 + 2]) - 16) <= 3, "transparent over black: Y 16")
    }

    @Test func sidesAreEvenAndAtLeastSixteen() {
        #expect(MP4Encoder.videoSize(width: 33, height: 21) == (34, 22))
        #expect(MP4Encoder.videoSize(width: 10, height: 3) == (16, 16))
        #expect(MP4Encoder.videoSize(width: 640, height: 480) == (640, 480))
    }

    @Test func aTinyFrameIsEncodedAtSixteenPixels() throws {
        let frames = colourFrames(width: 5, height: 7, red: 2, blue: 0)
        let p = try decodeMP4(try encode(frames, width: 5, height: 7))
        #expect(p.count == 2 && p[0].width == 16 && p[0].height == 16)
        #expect(abs(Int(p[0].y[15 * 16 + 15]) - 63) <= 3, "the edge repeated: red everywhere")
    }

    @Test func theSameFramesGiveTheSameBytes() throws {
        let frames = movingFrames(count: 12, width: 40, height: 30)
        #expect(try encode(frames, width: 40, height: 30) == encode(frames, width: 40, height: 30))
    }

    @Test func badParametersAreRefused() {
        let dir = temporaryFolder("mp4")
        #expect(throws: ExportError.self) { try MP4Encoder.Stream(width: 0, height: 4, fps: 30, to: nil, scratchDirectory: dir) }
        #expect(throws: ExportError.self) { try MP4Encoder.Stream(width: 4, height: 4, fps: 0, to: nil, scratchDirectory: dir) }
        #expect(throws: ExportError.self) { try MP4Encoder.Stream(width: 4, height: 4, fps: 30, options: .init(qp: 60), to: nil, scratchDirectory: dir) }
        #expect(throws: ExportError.self) {
            let s = try MP4Encoder.Stream(width: 4, height: 4, fps: 30, to: nil, scratchDirectory: dir)
            try s.append([0, 0, 0])
        }
    }
}
