// Raster: geometry (Geometry/) and pixels (Pixels/). Geometry never imports pixel code.
import AnimoGeometry

/// The library's version, printed by `animo-render --version`.
public enum RasterInfo {
    public static let version = "0.1.0"
}
