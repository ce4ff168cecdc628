// wave — twin of Shaders/Wave.swift (same name, argument order and formula).
// Apply: view.distortionEffect(ShaderLibrary.wave(.float(time), .float(amplitude),
//   .float(wavelength), .float(speed)), maxSampleOffset: CGSize(width: 0, height: amplitude))
#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

[[ stitchable ]]
float2 wave(float2 position, float time, float amplitude, float wavelength, float speed) {
    float wavenumber = 6.28318530718f / max(wavelength, 1.0f);
    return float2(position.x, position.y + amplitude * sin(wavenumber * (position.x - speed * time)));
}
