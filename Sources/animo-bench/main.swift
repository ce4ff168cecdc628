import Raster
print("animo-bench \(RasterInfo.version)")
