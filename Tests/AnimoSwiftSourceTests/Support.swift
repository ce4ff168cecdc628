// Helpers: compile a Swift snippet with the front end and compare parts of the spec it writes
// with the expected JSON written beside it.
import Foundation
import Testing
import AnimoSpec
import AnimoSwiftSource
import AnimoRaster

func compile(_ swift: String, preview: String? = nil, duration: Double? = nil, file: String = "Snippet.swift") throws -> SwiftImport {
    try SwiftSourceFile(text: swift, fileName: file).compile(SwiftImportOptions(preview: preview, duration: duration))
}

/// The compiled document as Foundation objects.
func document(_ i: SwiftImport) throws -> [String: Any] {
    try JSONSerialization.jsonObject(with: Data(i.json.utf8)) as! [String: Any]
}

func parseJSON(_ text: String) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
}

/// `key` of the document equals the expected JSON.
func expectMember(_ i: SwiftImport, _ key: String, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let doc = try document(i)
    let actual = doc[key] as Any
    let want = try parseJSON(expected)
    let shown = String(decoding: try JSONSerialization.data(withJSONObject: actual, options: [.sortedKeys, .fragmentsAllowed]), as: UTF8.self)
    let wanted = String(decoding: try JSONSerialization.data(withJSONObject: want, options: [.sortedKeys, .fragmentsAllowed]), as: UTF8.self)
    #expect(shown == wanted, "\(key) is\n\(shown)\nexpected\n\(expected)", sourceLocation: sourceLocation)
}

/// The warnings as `line: construct` pairs.
func warningPlaces(_ i: SwiftImport) -> [String] {
    i.warnings.map { "\($0.line): \($0.construct)" }
}

func failure(_ swift: String, preview: String? = nil) -> SwiftImportFailure? {
    do {
        _ = try compile(swift, preview: preview)
        return nil
    } catch {
        return error as? SwiftImportFailure
    }
}

/// The bounding box, in canvas pixels, of the opaque pixels close to the colour (inclusive).
func box(_ p: Pixmap, _ r: Float, _ g: Float, _ b: Float) -> (Int, Int, Int, Int)? {
    var out: (Int, Int, Int, Int)?
    for y in 0..<p.height {
        for x in 0..<p.width {
            let px = p.pixels[y * p.width + x]
            guard abs(px.x - r) < 0.05, abs(px.y - g) < 0.05, abs(px.z - b) < 0.05, px.w > 0.95 else { continue }
            out = out.map { (min($0.0, x), min($0.1, y), max($0.2, x), max($0.3, y)) } ?? (x, y, x, y)
        }
    }
    return out
}
