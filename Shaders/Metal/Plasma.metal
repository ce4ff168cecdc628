// plasma — twin of Shaders/Plasma.swift (same name, argument order and formulas).
// Apply: view.colorEffect(ShaderLibrary.plasma(.float2(size), .float(time)))
#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

// PCG hash (Jarzynski & Olano, JCGT 2020).
static inline uint pl_pcg(uint v) {
    uint state = v * 747796405u + 2891336453u;
    uint word = ((state >> ((state >> 28u) + 4u)) ^ state) * 277803737u;
    return (word >> 22u) ^ word;
}

static inline float pl_value(uint ix, uint iy) {
    return float(pl_pcg(ix + pl_pcg(iy)) >> 8u) * (1.0f / 16777216.0f);
}

static inline float pl_noise(float2 p) {
    float2 f = floor(p);
    uint ix = uint(int(clamp(f.x, -1e9f, 1e9f))), iy = uint(int(clamp(f.y, -1e9f, 1e9f)));
    float2 t = p - f;
    float2 u = t * t * t * (t * (6.0f * t - 15.0f) + 10.0f);
    float a = pl_value(ix, iy), b = pl_value(ix + 1u, iy);
    float c = pl_value(ix, iy + 1u), d = pl_value(ix + 1u, iy + 1u);
    return mix(mix(a, b, u.x), mix(c, d, u.x), u.y);
}

static inline float pl_fbm(float2 p, int octaves) {
    float sum = 0.0f, norm = 0.0f, amplitude = 0.5f;
    for (int i = 0; i < octaves; i++) {
        sum += amplitude * pl_noise(p);
        norm += amplitude;
        p = float2(2.0f * (0.8f * p.x - 0.6f * p.y) + 17.0f,
                   2.0f * (0.6f * p.x + 0.8f * p.y) + 17.0f);
        amplitude *= 0.5f;
    }
    return norm > 0.0f ? sum / norm : 0.0f;
}

[[ stitchable ]]
half4 plasma(float2 position, half4 color, float2 size, float time) {
    float inverseExtent = 1.0f / max(min(size.x, size.y), 1.0f);
    float2 s = 3.0f * position * inverseExtent;
    float t = time;
    float qx = pl_fbm(s + 0.12f * t, 5);
    float qy = pl_fbm(s + float2(5.2f, 1.3f) - 0.1f * t, 5);
    float v = pl_fbm(s + 2.0f * float2(qx, qy) + float2(1.7f, 9.2f) + 0.07f * t, 5);
    float hue = 1.6f * v + 0.4f * qx + 0.05f * t;
    float3 palette = 0.5f + 0.5f * cos(6.28318530718f * (float3(1.0f, 1.0f, 0.5f) * hue + float3(0.8f, 0.9f, 0.3f)));
    float3 rgb = saturate(palette * (0.6f + 0.8f * v));
    float a = float(color.a);
    return half4(half3(rgb * a), half(a));
}
