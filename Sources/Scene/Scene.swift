// Scene: the v1 spec model, its validation with JSON paths, expressions, and evaluation at time t.
import Raster
import Motion

public enum SceneInfo {
    public static let specVersion = 1
}
