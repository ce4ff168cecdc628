// Running the executables this package builds, as a user runs them: found next to the test bundle,
// output collected through files so that a large output cannot block the child.
import Foundation
import AnimoTestSupport

struct ToolError: Error, CustomStringConvertible { var description: String }

/// The executable `name` built beside this test bundle.
func builtTool(_ name: String = "animo-render") throws -> URL {
    var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<4 {
        let u = dir.appendingPathComponent(name)
        if FileManager.default.isExecutableFile(atPath: u.path) { return u }
        dir = dir.deletingLastPathComponent()
    }
    throw ToolError(description: "\(name) not found near \(CommandLine.arguments[0]); build the package first")
}

/// Runs a built tool; returns its exit status, standard output and standard error. With
/// `merged`, both streams go to one file in the order written and come back as `out`.
func runTool(_ args: [String], tool name: String = "animo-render", stdin: Data? = nil, in dir: URL? = nil,
             merged: Bool = false) throws -> (status: Int32, out: String, err: String) {
    let io = temporaryFolder("io")
    defer { try? FileManager.default.removeItem(at: io) }
    let outURL = io.appendingPathComponent("out"), errURL = io.appendingPathComponent("err"), inURL = io.appendingPathComponent("in")
    try Data().write(to: outURL)
    try Data().write(to: errURL)
    try (stdin ?? Data()).write(to: inURL)
    let p = Process()
    p.executableURL = try builtTool(name)
    p.arguments = args
    if let dir { p.currentDirectoryURL = dir }
    let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL), input = try FileHandle(forReadingFrom: inURL)
    p.standardOutput = out
    p.standardError = merged ? out : err
    p.standardInput = input
    try p.run()
    p.waitUntilExit()
    try out.close(); try err.close(); try input.close()
    return (p.terminationStatus, String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
}
