// chromaticAberration — twin of Shaders/ChromaticAberration.swift (same name, argument order, formula).
// Apply: view.layerEffect(ShaderLibrary.chromaticAberration(.float2(offset)),
//   maxSampleOffset: CGSize(width: abs(offset.x), height: abs(offset.y)))
#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

[[ stitchable ]]
half4 chromaticAberration(float2 position, SwiftUI::Layer layer, float2 offset) {
    half4 r = layer.sample(position - offset);
    half4 g = layer.sample(position);
    half4 b = layer.sample(position + offset);
    return half4(r.r, g.g, b.b, max(r.a, max(g.a, b.a)));
}
