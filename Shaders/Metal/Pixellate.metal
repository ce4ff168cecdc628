// pixellate — twin of Shaders/Pixellate.swift (same name, argument order and formula).
// Apply: view.layerEffect(ShaderLibrary.pixellate(.float(cellSize)), maxSampleOffset: .zero)
#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

[[ stitchable ]]
half4 pixellate(float2 position, SwiftUI::Layer layer, float cellSize) {
    float c = max(cellSize, 1.0f);
    return layer.sample((floor(position / c) + 0.5f) * c);
}
