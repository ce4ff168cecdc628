// liquidChrome: a mirror-polished liquid surface. A height field of drifting interfering waves,
// plus up to two touch ripples (float4 x, y, start time, amplitude; amplitude 0 = empty slot) that
// bend the surface, not the colour; its normal reflects a studio environment of soft horizontal
// light bands, with a Schlick fresnel rim and a tight specular highlight. The alloy's colour is the
// tint pair (shadow, highlight), so one shader gives chrome, gold or copper.
// Apply: Rectangle().fill(.black).colorEffect(ShaderLibrary.liquidChrome(
//   .float2(size), .float(time), .float4(touch0), .float4(touch1), .color(shadow), .color(highlight)))
#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

// Height and its gradient at p (points scaled to the view's short side).
static float3 chromeWaves(float2 p, float time) {
    float h = 0.0f;
    float2 g = float2(0.0f);
    // Three travelling waves at irrational angles so the pattern never repeats visibly.
    const float3 waves[3] = { float3(0.83f, 0.56f, 5.1f), float3(-0.38f, 0.92f, 7.3f), float3(0.97f, -0.24f, 3.7f) };
    for (int i = 0; i < 3; i++) {
        float2 dir = waves[i].xy;
        float k = waves[i].z;
        float phase = k * dot(dir, p) + time * (1.1f + 0.35f * float(i));
        float amp = 0.06f / (1.0f + float(i));
        h += amp * sin(phase);
        g += amp * k * cos(phase) * dir;
    }
    return float3(h, g);
}

static void chromeTouch(float4 touch, float2 p, float scale, float time, thread float &h, thread float2 &g) {
    float age = time - touch.z;
    if (touch.w == 0.0f || age <= 0.0f) { return; }
    float2 d = (p - touch.xy) * scale;
    float r = length(d);
    float ring = 38.0f * r - 8.0f * age;
    float fade = touch.w * 0.035f * exp(-1.3f * age) * exp(-5.0f * r);
    h += fade * sin(ring);
    if (r > 1e-5f) { g += fade * 38.0f * cos(ring) * d / r; }
}

[[ stitchable ]]
half4 liquidChrome(float2 position, half4 color, float2 size, float time,
                   float4 touch0, float4 touch1, half4 shadowTint, half4 highlightTint) {
    float scale = 1.0f / max(min(size.x, size.y), 1.0f);
    float2 p = position * scale;
    float3 w = chromeWaves(p, time);
    float h = w.x;
    float2 g = w.yz;
    chromeTouch(touch0, position, scale, time, h, g);
    chromeTouch(touch1, position, scale, time, h, g);
    float3 n = normalize(float3(-0.35f * g, 1.0f));
    float3 view = float3(0.0f, 0.0f, 1.0f);
    float3 r = reflect(-view, n);
    // Studio environment: bright soft boxes above, dark floor below, seen along the reflection.
    float env = smoothstep(-0.15f, 0.35f, r.y + 0.25f * sin(3.0f * r.x + 2.0f * h));
    env = mix(env, 1.0f, 0.25f * smoothstep(0.55f, 0.9f, r.y));
    float fresnel = 0.04f + 0.96f * pow(1.0f - saturate(dot(n, view)), 5.0f);
    float3 light = normalize(float3(-0.4f, -0.6f, 1.0f));
    float specular = pow(saturate(dot(reflect(-light, n), view)), 80.0f);
    float3 metal = mix(float3(shadowTint.rgb), float3(highlightTint.rgb), env);
    float3 rgb = saturate(metal * (0.75f + 0.5f * fresnel) + specular);
    half a = color.a;
    return half4(half3(rgb) * a, a) * 1.0h;
}
