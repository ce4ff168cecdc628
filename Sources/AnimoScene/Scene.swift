// Scene: the v1 spec model, its validation with JSON paths, expressions, and (later) evaluation at
// time t. The spec front end (JSON/, SpecExpression/, Model/, Decoding/) uses only the standard library
// and Foundation so that it can be built and tested independently of Raster and Motion.

import AnimoSpec

/// Version information about the spec format this module reads.
public enum SceneInfo {
    /// The spec format version (docs/spec.md, "v1").
    public static let specVersion = 1
}
