// The PNG images of a spec's `image` nodes, read once before any frame, from the spec's folder
// only (the confinement of shader images, ShaderBindings.image): `..`, absolute paths elsewhere
// and symbolic links leading out are errors with the node's JSON path, as are unreadable files.
import Foundation
import AnimoSpec
import AnimoEffects
import AnimoRaster
import AnimoGeometry

struct SpecImages: Sendable {
    var pixmaps: [String: Pixmap] = [:]

    var sizes: [String: Size] { pixmaps.mapValues { Size(Double($0.width), Double($0.height)) } }

    static let none = SpecImages()

    /// Reads every image file the spec's nodes name.
    init(spec: Spec, fileName: String?, errors: inout [SpecError]) {
        var uses: [(file: String, path: String)] = []
        Self.collect(spec.content, into: &uses)
        for u in uses where pixmaps[u.file] == nil {
            do {
                pixmaps[u.file] = try ShaderBindings.pixmap(u.file, baseDirectory: spec.baseDirectory)
            } catch {
                errors.append(spec.error(at: u.path, error.message, fileName: fileName ?? spec.source?.fileName ?? "spec.json"))
            }
        }
    }

    private init() {}

    static func collect(_ nodes: [SpecNode], into uses: inout [(file: String, path: String)]) {
        for n in nodes {
            for m in n.modifiers { if case .mask(let inner) = m { collect([inner], into: &uses) } }
            switch n.kind {
            case .image(let im): if case .file(let f) = im.source { uses.append((f, n.path + ".image")) }
            case .group(let c): collect(c, into: &uses)
            case .repeat(let r): collect(r.content, into: &uses)
            case .conditional(let c): collect(c.content, into: &uses)
            case .canvas(let c): collect(c.content, into: &uses)
            case .phaseAnimator(let p): collect(p.content, into: &uses)
            case .keyframeAnimator(let k): collect(k.content, into: &uses)
            default: break
            }
        }
    }
}
