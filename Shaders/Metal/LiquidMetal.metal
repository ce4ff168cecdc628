// liquidMetal / liquidMetalTinted — twin of Shaders/LiquidMetal.swift (same names, argument
// order and formulas; see the Swift file for the sources of each formula and constant).
// Apply: Rectangle().fill(.black).colorEffect(ShaderLibrary.liquidMetal(
//   .float2(size), .float(time), .float4(r0), .float4(r1), .float4(r2), .float4(r3)))
#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

// PCG hash (Jarzynski & Olano, JCGT 2020).
static inline uint lm_pcg(uint v) {
    uint state = v * 747796405u + 2891336453u;
    uint word = ((state >> ((state >> 28u) + 4u)) ^ state) * 277803737u;
    return (word >> 22u) ^ word;
}

static inline uint lm_lattice(float f) {
    return uint(int(clamp(f, -1e9f, 1e9f)));
}

static inline float lm_value(uint ix, uint iy) {
    return float(lm_pcg(ix + lm_pcg(iy)) >> 8u) * (1.0f / 16777216.0f);
}

// Value noise and its gradient (v, dv/dx, dv/dy); quintic fade u, u' = 30t^2(t - 1)^2.
static inline float3 lm_noise_gradient(float2 p) {
    float2 f = floor(p);
    uint ix = lm_lattice(f.x), iy = lm_lattice(f.y);
    float2 t = p - f;
    float2 u = t * t * t * (t * (6.0f * t - 15.0f) + 10.0f);
    float2 du = 30.0f * t * t * (t - 1.0f) * (t - 1.0f);
    float a = lm_value(ix, iy), b = lm_value(ix + 1u, iy);
    float c = lm_value(ix, iy + 1u), d = lm_value(ix + 1u, iy + 1u);
    float k = a - b - c + d;
    return float3(a + (b - a) * u.x + (c - a) * u.y + k * u.x * u.y,
                  du.x * ((b - a) + k * u.y),
                  du.y * ((c - a) + k * u.x));
}

// fBm and its gradient; octave i samples (2R)^i p + const, so its gradient is J^T grad n, J = (2R)^i.
static inline float3 lm_fbm_gradient(float2 p, int octaves) {
    float sum = 0.0f, norm = 0.0f, amplitude = 0.5f;
    float2 g = float2(0.0f);
    float2x2 j = float2x2(1.0f);   // columns: J = [j[0] j[1]]
    for (int i = 0; i < octaves; i++) {
        float3 n = lm_noise_gradient(p);
        sum += amplitude * n.x;
        norm += amplitude;
        g += amplitude * float2(dot(j[0], n.yz), dot(j[1], n.yz));
        p = float2(2.0f * (0.8f * p.x - 0.6f * p.y) + 17.0f,
                   2.0f * (0.6f * p.x + 0.8f * p.y) + 17.0f);
        j = float2x2(float2(2.0f * (0.8f * j[0].x - 0.6f * j[0].y), 2.0f * (0.6f * j[0].x + 0.8f * j[0].y)),
                     float2(2.0f * (0.8f * j[1].x - 0.6f * j[1].y), 2.0f * (0.6f * j[1].x + 0.8f * j[1].y)));
        amplitude *= 0.5f;
    }
    return norm > 0.0f ? float3(sum, g) / norm : float3(0.0f);
}

// Adds one touch ripple's height to h and its gradient (with respect to s) to g.
static inline void lm_ripple(float4 r, float2 p, float time, float inverseExtent, thread float &h, thread float2 &g) {
    float age = time - r.z;
    if (r.w == 0.0f || !(age > 0.0f)) { return; }
    float2 delta = p - r.xy;
    float distance = length(delta);
    float d = distance * inverseExtent;
    float phase = 45.0f * d - 9.0f * age;
    float envelope = 0.15f * r.w * exp(-1.6f * age) * exp(-5.0f * d);
    float sine = sin(phase);
    h += envelope * sine;
    if (distance > 1e-6f) {
        g += envelope * (45.0f * cos(phase) - 5.0f * sine) / distance * delta;
    }
}

static inline half4 lm_shade(float2 p, half4 color, float2 size, float time,
                             float4 r0, float4 r1, float4 r2, float4 r3,
                             float3 dark, float3 light) {
    float inverseExtent = 1.0f / max(min(size.x, size.y), 1.0f);
    float2 s = p * inverseExtent;
    float3 f = lm_fbm_gradient(float2(2.0f * s.x + 0.21f * time, 2.0f * s.y - 0.13f * time), 4);
    float h = f.x;
    float2 g = 2.0f * f.yz;
    lm_ripple(r0, p, time, inverseExtent, h, g);
    lm_ripple(r1, p, time, inverseExtent, h, g);
    lm_ripple(r2, p, time, inverseExtent, h, g);
    lm_ripple(r3, p, time, inverseExtent, h, g);
    float3 n = normalize(float3(-0.08f * g.x, -0.08f * g.y, 1.0f));
    float3 l = normalize(float3(0.6f * cos(0.8f * time), 0.6f * sin(0.6f * time) - 0.2f, 1.0f));
    float3 v = float3(0.0f, 0.0f, 1.0f);
    float diffuse = max(dot(n, l), 0.0f);
    float3 halfway = normalize(l + v);
    // Blinn-Phong max(n.H, 0)^64 and Schlick's (1 - n.V)^5 by repeated squaring, as the Swift kernel.
    float nh = max(dot(n, halfway), 0.0f);
    float nh2 = nh * nh, nh4 = nh2 * nh2, nh8 = nh4 * nh4, nh16 = nh8 * nh8, nh32 = nh16 * nh16;
    float specular = nh32 * nh32;
    float ndv = max(n.z, 0.0f);
    float grazing = 1.0f - ndv, grazing2 = grazing * grazing;
    float fresnel = 0.6f + 0.4f * (grazing2 * grazing2 * grazing);
    float3 r = 2.0f * ndv * n - v;
    float band = smoothstep(0.25f, 0.75f, 0.5f + 0.5f * sin(2.2f * (1.3f * r.x + 2.9f * r.y) + 5.0f * h + 0.3f * time));
    float3 base = mix(dark, light, band);
    float3 rgb = saturate(base * ((0.25f + 0.6f * diffuse) * (fresnel / 0.6f)) + float3(specular));
    float a = float(color.a);
    return half4(half3(rgb * a), half(a));
}

[[ stitchable ]]
half4 liquidMetal(float2 position, half4 color, float2 size, float time,
                  float4 ripple0, float4 ripple1, float4 ripple2, float4 ripple3) {
    return lm_shade(position, color, size, time, ripple0, ripple1, ripple2, ripple3,
                    float3(0.10f, 0.11f, 0.13f), float3(0.93f, 0.95f, 1.0f));
}

[[ stitchable ]]
half4 liquidMetalTinted(float2 position, half4 color, float2 size, float time,
                        float4 ripple0, float4 ripple1, float4 ripple2, float4 ripple3,
                        half4 shadowTint, half4 highlightTint) {
    return lm_shade(position, color, size, time, ripple0, ripple1, ripple2, ripple3,
                    float3(shadowTint.rgb), float3(highlightTint.rgb));
}
