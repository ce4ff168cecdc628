// Finding the `.metal` files a SwiftUI source file's shaders come from: the Swift front end has no
// `shaders` list, so the files beside the Swift file (and in its subfolders, as an Xcode project
// keeps them) that declare a `[[ stitchable ]]` function the view calls are used, in path order.
// Files that declare none of the called names are left alone, so an unrelated shader in the
// project folder cannot break a preview.
import Foundation

public enum MetalSourceSearch {
    /// Folder levels searched below the Swift file's folder.
    public static let maxDepth = 3
    /// Files looked at, at most (a huge tree is not walked whole).
    public static let maxFiles = 200

    /// Paths relative to `folder` of the `.metal` files that declare one of `names`, sorted.
    public static func sources(in folder: String, defining names: Set<String>) -> [String] {
        guard !names.isEmpty else { return [] }
        let fm = FileManager.default
        var found: [String] = []
        var looked = 0
        func walk(_ relative: String, depth: Int) {
            let dir = relative.isEmpty ? folder : folder + "/" + relative
            guard let entries = try? fm.contentsOfDirectory(atPath: dir) else { return }
            for name in entries.sorted() where !name.hasPrefix(".") && name != "build" && looked < maxFiles {
                let rel = relative.isEmpty ? name : relative + "/" + name
                var isDir: ObjCBool = false
                guard fm.fileExists(atPath: folder + "/" + rel, isDirectory: &isDir) else { continue }
                if isDir.boolValue {
                    if depth < maxDepth { walk(rel, depth: depth + 1) }
                } else if name.hasSuffix(".metal") {
                    looked += 1
                    guard let text = try? MetalCompiler.read(folder + "/" + rel, displayName: rel),
                          let functions = try? StitchableHeaders.parse(MetalSourceText(text)) else { continue }
                    if functions.contains(where: { names.contains($0.signature.name) }) { found.append(rel) }
                }
            }
        }
        walk("", depth: 0)
        return found
    }
}
