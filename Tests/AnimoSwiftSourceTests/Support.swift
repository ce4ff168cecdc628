// Helpers: compile a Swift snippet with the front end and compare parts of the spec it writes
// with the expected JSON written beside it.
import Foundation
import Testing
import AnimoSpec
import AnimoSwiftSource

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
