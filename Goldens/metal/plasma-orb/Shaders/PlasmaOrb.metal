// plasmaOrb: an energy orb drawn through the view's own layer. The layer (the shape below the
// effect) is sampled through a heat shimmer — positions pushed along a turbulent field — and its
// coverage is lit with a plasma of summed sine fields mapped through a hot palette, brightest where
// the field's filaments cross, plus a glow that leaks just past the shape's edge.
// Apply: Circle().fill(.white).layerEffect(ShaderLibrary.plasmaOrb(.float2(size), .float(time)),
//   maxSampleOffset: CGSize(width: 6, height: 6))
#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

static float plasmaField(float2 p, float time) {
    float v = sin(p.x * 7.0f + time * 1.3f);
    v += sin((p.y * 6.0f - time * 0.9f) * 1.1f);
    v += sin(7.0f * (p.x * sin(time * 0.5f) + p.y * cos(time * 0.33f)) + time);
    float2 c = p + 0.5f * float2(sin(time * 0.4f), cos(time * 0.6f));
    v += sin(length(c) * 9.0f - time * 1.7f);
    return v * 0.25f;
}

static float3 hotPalette(float t) {
    // Deep violet → magenta → orange → white-hot.
    float3 a = float3(0.55f, 0.25f, 0.45f), b = float3(0.45f, 0.35f, 0.45f);
    float3 c = float3(1.0f, 1.0f, 0.8f), d = float3(0.0f, 0.15f, 0.35f);
    return saturate(a + b * cos(6.28318f * (c * t + d)));
}

[[ stitchable ]]
half4 plasmaOrb(float2 position, SwiftUI::Layer layer, float2 size, float time) {
    float2 p = (position - 0.5f * size) / max(min(size.x, size.y), 1.0f);
    float field = plasmaField(p, time);
    float2 shimmer = 3.0f * float2(sin(field * 6.0f + time * 2.0f), cos(field * 5.0f - time * 1.6f));
    half4 base = layer.sample(position + shimmer);
    float coverage = base.a;
    // Glow past the edge: the layer's alpha a little farther out.
    float halo = 0.0f;
    for (int k = 0; k < 4; k++) {
        float ang = 1.5708f * float(k) + 0.3f * time;
        halo += layer.sample(position + 5.0f * float2(cos(ang), sin(ang))).a;
    }
    halo = 0.25f * halo * (1.0f - coverage);
    float filaments = pow(1.0f - abs(sin(3.14159f * field * 3.0f)), 6.0f);
    float3 rgb = hotPalette(0.5f + 0.5f * field) + 0.6f * filaments;
    float3 glow = float3(0.9f, 0.35f, 1.0f) * halo * 0.8f;
    float alpha = saturate(coverage + halo * 0.8f);
    return half4(half3(saturate(rgb) * coverage + glow), half(alpha));
}
