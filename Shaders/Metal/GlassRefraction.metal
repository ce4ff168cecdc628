// glassRefraction — twin of Shaders/GlassRefraction.swift (same name, argument order and
// formulas; sources cited there).
// Apply: view.layerEffect(ShaderLibrary.glassRefraction(.float2(size), .float(cornerRadius),
//   .float(bezelWidth), .float(refraction)), maxSampleOffset: CGSize(width: refraction, height: refraction))
#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

static inline float gr_distance(float2 q, float2 halfSize, float radius) {
    float2 k = abs(q) - halfSize + radius;
    return length(max(k, 0.0f)) + min(max(k.x, k.y), 0.0f) - radius;
}

[[ stitchable ]]
half4 glassRefraction(float2 position, SwiftUI::Layer layer, float2 size, float cornerRadius,
                      float bezelWidth, float refraction) {
    float2 halfSize = max(size, 0.0f) * 0.5f;
    float radius = min(max(cornerRadius, 0.0f), min(halfSize.x, halfSize.y));
    float bezel = max(bezelWidth, 1.0f);
    float4 outside = float4(layer.sample(position));
    float2 q = position - halfSize;
    float d = gr_distance(q, halfSize, radius);
    if (!(d < 0.5f)) { return half4(outside); }
    float gx = gr_distance(q + float2(0.5f, 0.0f), halfSize, radius) - gr_distance(q - float2(0.5f, 0.0f), halfSize, radius);
    float gy = gr_distance(q + float2(0.0f, 0.5f), halfSize, radius) - gr_distance(q - float2(0.0f, 0.5f), halfSize, radius);
    float gl = sqrt(gx * gx + gy * gy);
    float2 g = gl > 1e-6f ? float2(gx, gy) / gl : float2(0.0f);
    float rim = 1.0f - saturate(-d / bezel);
    float4 glass = float4(layer.sample(position - g * (rim * rim * refraction)));
    float key = saturate(-0.6f * g.x - 0.8f * g.y);
    float back = saturate(0.6f * g.x + 0.8f * g.y);
    float highlight = (0.7f * key * key + 0.25f * back * back) * rim * rim * rim;
    float4 lit = float4(highlight) + glass * (1.0f - highlight);
    float coverage = saturate(0.5f - d);
    return half4(mix(outside, lit, coverage));
}
