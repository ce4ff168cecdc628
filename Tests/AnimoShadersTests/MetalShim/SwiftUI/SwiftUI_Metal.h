// C++ stand-in for <SwiftUI/SwiftUI_Metal.h>: `SwiftUI::Layer` samples through a function the
// test driver sets (docs/semantics.md §72: layer.sample(float2) → premultiplied half4).
#pragma once
#include <metal_stdlib>

namespace SwiftUI {
struct Layer {
    metal::float4 (*sampler)(metal::float2);
    metal::float4 sample(metal::float2 p) const { return sampler(p); }
};
}
