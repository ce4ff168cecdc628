// The `metaball` component: a convenience over the goo canvas of generated code (swiftui-microinteractions skill, "Canvas
// Metaball"): blobs drawn as white disks into one layer, blurred, then alpha-thresholded to a hard
// edge in the blob color. It resolves into exactly the canvas a spec would spell out:
//
//     canvas.filters = [alphaThreshold(min: threshold, color: color), blur(radius: blur)]
//
// Filters are listed as GraphicsContext.addFilter calls: the filter added last applies first
// (docs/architecture.md, "Pixels", docs/semantics.md §46–47), so the blur runs first and the threshold cuts it.
// `animatable` passes through (the state variables the canvas interpolates itself).

import AnimoSpec
extension MetaballNode {
    /// The equivalent `canvas` node kind: one white disk per blob (a disk's color does not matter,
    /// the threshold paints `color`), threshold then blur as above. `path` is the metaball
    /// node's JSON path, used for the blobs' paths in messages.
    public func canvasKind(path: String) -> SpecNode.Kind {
        let disks = blobs.enumerated().map { i, b in
            SpecNode(kind: .shape(ShapeNode(shape: SpecShape(kind: .circle, frame: .circle(center: b.center, radius: b.radius)),
                                            fill: .color(.white), stroke: nil, trim: nil)),
                     modifiers: [], about: nil, path: "\(path).metaball.blobs[\(i)]")
        }
        return .canvas(CanvasNode(filters: [.alphaThreshold(min: threshold, max: .constant(1), color: color),
                                            .blur(radius: blur, opaque: false)],
                                  content: disks, animatable: animatable))
    }
}
