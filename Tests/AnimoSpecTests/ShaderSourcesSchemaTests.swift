// The top-level `shaders` key (docs/shaders.md) in the schema: the example specs with their own
// `.metal` sources validate, and what the loader refuses the schema refuses too.
import Foundation
import Testing
import AnimoTestSupport
@testable import AnimoSpec

@Test func shaderSourceSpecsValidateAgainstTheSchema() throws {
    let v = try SchemaSupport.validator()
    let dir = Repository.url("Goldens/metal")
    let specs = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        .map { dir.appendingPathComponent("\($0)/spec.json") }
        .filter { FileManager.default.fileExists(atPath: $0.path) }
    #expect(specs.count >= 3)
    for url in specs {
        let errors = v.validate(try SchemaJSON.parse(Data(contentsOf: url)))
        #expect(errors.isEmpty, "\(url.path): \(errors.prefix(5))")
        #expect(try Spec.load(path: url.path).shaderSources.count == 1)
    }
    for bad in [#""A.metal""#, "[3]", #"["A.png"]"#] {
        let json = #"{"shaders": \#(bad), "canvas": {"width": 10, "height": 10}, "duration": 1, "content": []}"#
        #expect(!v.validate(try SchemaJSON.parse(Data(json.utf8))).isEmpty, "the schema accepts shaders \(bad)")
        #expect(throws: SpecErrors.self) { try Spec.load(json: json) }
    }
}
