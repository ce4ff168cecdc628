// ripple — twin of Shaders/Ripple.swift (same name, argument order and formulas).
// Apply: view.distortionEffect(ShaderLibrary.ripple(.float2(origin), .float(time),
//   .float(amplitude), .float(speed), .float(decay)), maxSampleOffset: CGSize(width: amplitude, height: amplitude))
#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

[[ stitchable ]]
float2 ripple(float2 position, float2 origin, float time, float amplitude, float speed, float decay) {
    float2 delta = position - origin;
    float d = length(delta);
    if (!(d > 1e-4f)) { return position; }
    float x = d - speed * time;
    float window = x / 24.0f;
    float displacement = amplitude * sin(x / 4.0f) * exp(-window * window) * exp(-decay * time);
    return position + delta * (displacement / d);
}
