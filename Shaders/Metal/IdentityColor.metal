// identityColor — twin of Shaders/IdentityColor.swift.
#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

[[ stitchable ]]
half4 identityColor(float2 position, half4 color) {
    return color;
}
