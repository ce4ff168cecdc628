import Raster
print("animo-render \(RasterInfo.version)")
