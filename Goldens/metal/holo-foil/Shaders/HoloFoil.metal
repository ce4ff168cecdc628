// holoFoil: a holographic foil card. The foil is a diffraction grating: the hue it shows depends on
// the angle between the light, the card's tilt and each point's grating direction, which turns in
// patches across the card; a thin-film shimmer (cosine palette over the path difference) carries
// the colour, a fresnel sheen strengthens it at grazing tilt, and a sparse hashed glitter twinkles.
// Apply: card.colorEffect(ShaderLibrary.holoFoil(.float2(size), .float(time), .float2(tilt)))
#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

// Integer hash of a lattice cell to [0, 1) (xorshift-multiply, 32-bit).
static float foilHash(int2 cell) {
    uint h = uint(cell.x) * 73856093u ^ uint(cell.y) * 19349663u;
    h ^= h >> 13;
    h *= 0x5bd1e995u;
    h ^= h >> 15;
    return float(h & 0xffffffu) / 16777216.0f;
}

static float3 thinFilm(float t) {
    // Cosine palette: interference colours cycle through magenta, gold, cyan, violet.
    return 0.5f + 0.5f * cos(6.28318f * (t + float3(0.0f, 0.33f, 0.67f)));
}

[[ stitchable ]]
half4 holoFoil(float2 position, half4 color, float2 size, float time, float2 tilt) {
    float2 uv = position / max(size, float2(1.0f));
    // Grating direction turns in soft patches (a low-frequency angle field).
    float angle = 2.4f * sin(3.1f * uv.x + 1.7f) * cos(2.3f * uv.y - 0.4f) + 0.6f * uv.x;
    float2 grating = float2(cos(angle), sin(angle));
    float2 lightDir = normalize(float2(0.6f, -0.8f) + tilt + 0.15f * float2(sin(time * 0.9f), cos(time * 0.7f)));
    float pathDifference = dot(grating, lightDir) * 1.6f + 0.9f * length(tilt) + 0.25f * uv.y;
    float3 film = thinFilm(pathDifference + 0.08f * time);
    float facing = saturate(1.0f - 0.5f * length(tilt));
    float fresnel = 0.35f + 0.65f * pow(1.0f - facing, 3.0f);
    // Glitter: a bright point in a few cells of a fine lattice, twinkling with time.
    int2 cell = int2(floor(position / 6.0f));
    float seed = foilHash(cell);
    float2 offset = position / 6.0f - floor(position / 6.0f) - 0.5f;
    float point = 1.0f - smoothstep(0.0f, 0.22f, length(offset));
    float twinkle = step(0.93f, seed) * point * pow(saturate(sin(time * 3.0f + seed * 40.0f)), 4.0f);
    float3 base = float3(0.72f, 0.74f, 0.78f);
    float3 rgb = saturate(mix(base, film, 0.35f + 0.3f * fresnel) + twinkle);
    float a = color.a;
    return half4(half3(rgb * a), half(a));
}
