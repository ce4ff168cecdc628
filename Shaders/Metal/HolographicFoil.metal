// holographicFoil — twin of Shaders/HolographicFoil.swift (same name, argument order and
// formulas; sources of each formula are cited there).
// Apply: view.colorEffect(ShaderLibrary.holographicFoil(.float2(size), .float(time), .float2(tilt)))
#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

// PCG hash (Jarzynski & Olano, JCGT 2020).
static inline uint hf_pcg(uint v) {
    uint state = v * 747796405u + 2891336453u;
    uint word = ((state >> ((state >> 28u) + 4u)) ^ state) * 277803737u;
    return (word >> 22u) ^ word;
}

static inline float hf_value(uint ix, uint iy) {
    return float(hf_pcg(ix + hf_pcg(iy)) >> 8u) * (1.0f / 16777216.0f);
}

static inline float hf_noise(float2 p) {
    float2 f = floor(p);
    uint ix = uint(int(clamp(f.x, -1e9f, 1e9f))), iy = uint(int(clamp(f.y, -1e9f, 1e9f)));
    float2 t = p - f;
    float2 u = t * t * t * (t * (6.0f * t - 15.0f) + 10.0f);
    float a = hf_value(ix, iy), b = hf_value(ix + 1u, iy);
    float c = hf_value(ix, iy + 1u), d = hf_value(ix + 1u, iy + 1u);
    return mix(mix(a, b, u.x), mix(c, d, u.x), u.y);
}

static inline float hf_relief(float2 s) {
    return 0.5f * hf_noise(8.0f * s) + 0.25f * hf_noise(16.0f * s);
}

[[ stitchable ]]
half4 holographicFoil(float2 position, half4 color, float2 size, float time, float2 tilt) {
    float inverseExtent = 1.0f / max(min(size.x, size.y), 1.0f);
    float2 s = position * inverseExtent;
    float g0 = hf_relief(s);
    float gx = (hf_relief(s + float2(inverseExtent, 0.0f)) - g0) / inverseExtent;
    float gy = (hf_relief(s + float2(0.0f, inverseExtent)) - g0) / inverseExtent;
    float3 n = normalize(float3(-0.08f * gx, -0.08f * gy, 1.0f));
    float2 slope = tilt + 0.6f * (s - 0.5f);
    float3 v = normalize(float3(slope, 1.0f));
    float cosTheta = saturate(dot(n, v));
    float sin2Transmitted = (1.0f - cosTheta * cosTheta) / (1.33f * 1.33f);
    float cosTransmitted = sqrt(max(1.0f - sin2Transmitted, 0.0f));
    float thickness = 0.8f + 0.4f * hf_noise(3.0f * s + 0.1f * time);
    float order = 2.0f * thickness * cosTransmitted + 0.15f * time;
    float3 film = 0.5f + 0.5f * cos(6.28318530718f * (float3(order) + float3(0.0f, 0.33f, 0.67f)));
    float grazing = 1.0f - cosTheta;
    float fresnel = 0.04f + 0.96f * pow(grazing, 5.0f);
    float strength = 0.45f + 0.55f * saturate(4.0f * fresnel);
    float alpha = float(color.a);
    float3 straight = alpha > 0.0f ? float3(color.rgb) / alpha : float3(0.0f);
    float3 rgb = saturate(mix(straight, film, strength) + float3(0.25f * grazing * grazing));
    return half4(half3(rgb * alpha), half(alpha));
}
