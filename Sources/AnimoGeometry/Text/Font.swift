// Text as geometry: glyph outlines from a font file through FreeType, turned into `Path`s in
// points (y down), so text is filled by the same exact-coverage rasterizer as every shape.
// Outlines are loaded unscaled and unhinted (FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING) and scaled
// here, so text looks the same at every size and scale factor. Each glyph's path is built once
// and cached. A FreeType face must not be used from two threads at once (FreeType documentation,
// "Multi-threading"), so loading is serialised by a lock; cached glyphs need only a dictionary read.
import Foundation
import CFreeType

public enum FontError: Error, Equatable, CustomStringConvertible {
    case cannotInitialize(Int32)
    case cannotOpen(path: String, code: Int32)
    case noDefaultFont(searched: [String])
    /// A stand-in font file of a design is not installed (StandInFonts.swift).
    case missingStandIn(design: String, file: String, package: String, searched: [String])

    public var description: String {
        switch self {
        case .cannotInitialize(let c): return "FreeType could not start (error \(c))"
        case .cannotOpen(let p, let c): return "cannot open font \(p) (FreeType error \(c))"
        case .noDefaultFont(let s): return "no font found (looked for \(s.joined(separator: ", "))); install fonts-dejavu-core"
        case .missingStandIn(let d, let f, let p, let s):
            return "the \(d) font design needs \(f), which is not installed (looked in \(s.joined(separator: ", "))); install the Debian package \(p) (scripts/setup does)"
        }
    }
}

/// A scalable font loaded from a file (TrueType, OpenType, …).
public final class Font: @unchecked Sendable {
    private var library: FT_Library?
    private var face: FT_Face?
    private let lock = NSLock()
    private var glyphs: [UInt32: (path: Path, advance: Double)] = [:]
    /// Font design units per em.
    public let unitsPerEm: Double
    /// Ascender and descender in font units (descender negative), from the face's metrics.
    public let ascender: Double
    public let descender: Double
    /// The line gap (hhea) in font units.
    public let lineGap: Double
    /// Cap height and x-height in font units (OS/2; 0 when the font does not give them).
    public let capHeight: Double
    public let xHeight: Double
    /// The file the font was read from.
    public let path: String
    /// GPOS pair kerning, read once (nil: the font has no `kern` feature in GPOS).
    private var gposKerning: OpenTypeKerning?
    private var kernCache: [UInt64: Double] = [:]

    /// Opens a font file. Throws when FreeType cannot read it.
    public init(path: String) throws {
        var lib: FT_Library?
        let e = FT_Init_FreeType(&lib)
        guard e == 0, let lib else { throw FontError.cannotInitialize(e) }
        var f: FT_Face?
        let e2 = FT_New_Face(lib, path, 0, &f)
        guard e2 == 0, let f else {
            FT_Done_FreeType(lib)
            throw FontError.cannotOpen(path: path, code: e2)
        }
        library = lib; face = f
        unitsPerEm = Double(max(1, f.pointee.units_per_EM))
        ascender = Double(f.pointee.ascender)
        descender = Double(f.pointee.descender)
        lineGap = Double(max(0, Int(f.pointee.height) - Int(f.pointee.ascender) + Int(f.pointee.descender)))
        self.path = path
        if let raw = FT_Get_Sfnt_Table(f, FT_SFNT_OS2) {
            let os2 = raw.assumingMemoryBound(to: TT_OS2.self).pointee
            capHeight = os2.version >= 2 ? Double(os2.sCapHeight) : 0
            xHeight = os2.version >= 2 ? Double(os2.sxHeight) : 0
        } else {
            capHeight = 0
            xHeight = 0
        }
        gposKerning = Self.sfntTable(f, "GPOS").flatMap { OpenTypeKerning(gpos: $0) }
    }

    /// The bytes of an sfnt table (`GPOS`, `OS/2`, …), nil when the font has none.
    private static func sfntTable(_ face: FT_Face, _ tag: String) -> [UInt8]? {
        let t = tag.utf8.reduce(UInt(0)) { ($0 << 8) | UInt($1) }
        var length: FT_ULong = 0
        guard FT_Load_Sfnt_Table(face, FT_ULong(t), 0, nil, &length) == 0, length > 0, length < 64 << 20 else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(length))
        let e = bytes.withUnsafeMutableBufferPointer { FT_Load_Sfnt_Table(face, FT_ULong(t), 0, $0.baseAddress, &length) }
        return e == 0 ? bytes : nil
    }

    /// The glyph index of a character (0, the font's .notdef, when it has none).
    public func glyphIndex(_ scalar: Unicode.Scalar) -> UInt32 {
        lock.lock(); defer { lock.unlock() }
        guard let face else { return 0 }
        return FT_Get_Char_Index(face, FT_ULong(scalar.value))
    }

    /// The unscaled outline (font units, y up) and advance width (font units) of a glyph.
    public func glyphOutline(_ index: UInt32) -> (path: Path, advance: Double) {
        lock.lock(); defer { lock.unlock() }
        return loadGlyph(index)
    }

    /// The pair adjustment between two glyphs in font units (GPOS `kern` feature, else the
    /// `kern` table), 0 when there is none.
    public func kerning(between a: UInt32, and b: UInt32) -> Double {
        if a == 0 || b == 0 { return 0 }
        let key = UInt64(a) << 32 | UInt64(b)
        lock.lock()
        if let v = kernCache[key] { lock.unlock(); return v }
        lock.unlock()
        let v: Double
        if let g = gposKerning { v = g.adjustment(a, b) } else { v = kerning(a, b) ?? 0 }
        lock.lock(); kernCache[key] = v; lock.unlock()
        return v
    }

    deinit {
        if let face { FT_Done_Face(face) }
        if let library { FT_Done_FreeType(library) }
    }

    /// Where Debian's fonts-dejavu-core puts DejaVu Sans (and a bold variant).
    public static let defaultPaths = ["/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"]
    public static let defaultBoldPaths = ["/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"]

    /// DejaVu Sans: bundled beside the executable (a release tarball), else from Debian's
    /// fonts-dejavu-core (installed by scripts/setup).
    public static func standard(bold: Bool = false) throws -> Font {
        let file = bold ? "DejaVuSans-Bold.ttf" : "DejaVuSans.ttf"
        let paths = (StandInFonts.bundledFolder.map { [$0 + "/" + file] } ?? []) + (bold ? defaultBoldPaths : defaultPaths)
        for p in paths where FileManager.default.fileExists(atPath: p) { return try Font(path: p) }
        throw FontError.noDefaultFont(searched: paths)
    }

    /// The outline of `text` set on one line at `size` points, its baseline starting at `origin`,
    /// and the advance width. Kerning from the font's `kern` table is applied when present.
    public func layout(_ text: String, size: Double, at origin: Point = .zero) -> (path: Path, width: Double) {
        let scale = size / unitsPerEm
        var pen = 0.0
        var out = Path()
        var previous: UInt32 = 0
        for scalar in text.unicodeScalars {
            let (index, glyph) = self.glyph(for: scalar)
            if previous != 0, let kern = kerning(previous, index) { pen += kern }
            let t = Transform(a: scale, b: 0, c: 0, d: -scale, tx: origin.x + pen * scale, ty: origin.y)
            out.addPath(glyph.path, transform: t)
            pen += glyph.advance
            previous = index
        }
        return (out, pen * scale)
    }

    /// The width of `text` at `size` points.
    public func width(of text: String, size: Double) -> Double { layout(text, size: size).width }

    private func kerning(_ a: UInt32, _ b: UInt32) -> Double? {
        lock.lock(); defer { lock.unlock() }
        guard let face, (face.pointee.face_flags & FT_Long(FT_FACE_FLAG_KERNING)) != 0 else { return nil }
        var v = FT_Vector()
        guard FT_Get_Kerning(face, a, b, UInt32(FT_KERNING_UNSCALED.rawValue), &v) == 0 else { return nil }
        return v.x == 0 ? nil : Double(v.x)
    }

    /// The glyph index and unscaled outline (font units, y up) of a character.
    private func glyph(for scalar: Unicode.Scalar) -> (UInt32, (path: Path, advance: Double)) {
        lock.lock(); defer { lock.unlock() }
        guard let face else { return (0, (Path(), 0)) }
        let index = FT_Get_Char_Index(face, FT_ULong(scalar.value))
        return (index, loadGlyph(index))
    }

    /// Loads (once) a glyph's outline and advance; the caller holds the lock.
    private func loadGlyph(_ index: UInt32) -> (path: Path, advance: Double) {
        guard let face else { return (Path(), 0) }
        if let g = glyphs[index] { return g }
        var result: (path: Path, advance: Double) = (Path(), 0)
        if FT_Load_Glyph(face, index, Int32(FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING)) == 0, let slot = face.pointee.glyph {
            result.advance = Double(slot.pointee.advance.x)
            if slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE {
                result.path = Self.decompose(&slot.pointee.outline)
            }
        }
        glyphs[index] = result
        return result
    }

    /// Receives FreeType's outline callbacks (C function pointers cannot capture, so the path
    /// being built travels through the `user` pointer).
    private final class OutlineSink {
        var path = Path()
    }

    private static func decompose(_ outline: inout FT_Outline) -> Path {
        let sink = OutlineSink()
        var funcs = FT_Outline_Funcs(
            move_to: { to, user in
                let s = Unmanaged<OutlineSink>.fromOpaque(user!).takeUnretainedValue()
                if !s.path.isEmpty { s.path.close() }
                s.path.move(to: Point(Double(to!.pointee.x), Double(to!.pointee.y)))
                return 0
            },
            line_to: { to, user in
                let s = Unmanaged<OutlineSink>.fromOpaque(user!).takeUnretainedValue()
                s.path.line(to: Point(Double(to!.pointee.x), Double(to!.pointee.y)))
                return 0
            },
            conic_to: { c, to, user in
                let s = Unmanaged<OutlineSink>.fromOpaque(user!).takeUnretainedValue()
                s.path.quad(to: Point(Double(to!.pointee.x), Double(to!.pointee.y)),
                            control: Point(Double(c!.pointee.x), Double(c!.pointee.y)))
                return 0
            },
            cubic_to: { c1, c2, to, user in
                let s = Unmanaged<OutlineSink>.fromOpaque(user!).takeUnretainedValue()
                s.path.cubic(to: Point(Double(to!.pointee.x), Double(to!.pointee.y)),
                             control1: Point(Double(c1!.pointee.x), Double(c1!.pointee.y)),
                             control2: Point(Double(c2!.pointee.x), Double(c2!.pointee.y)))
                return 0
            },
            shift: 0, delta: 0)
        let user = Unmanaged.passUnretained(sink).toOpaque()
        _ = withExtendedLifetime(sink) { FT_Outline_Decompose(&outline, &funcs, user) }
        if !sink.path.isEmpty { sink.path.close() }
        return sink.path
    }
}
