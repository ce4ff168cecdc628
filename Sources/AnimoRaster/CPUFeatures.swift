// CPUFeatures: what the processor running us can do beyond the baseline the package is compiled for
// (x86-64: SSE2), for the loops that have a faster variant (RasterAVX2, used by Compositor8).
//
// AVX2 needs the instruction set (CPUID leaf 7, EBX bit 5, with AVX and OSXSAVE in leaf 1, ECX bits
// 28 and 27) and the OS saving the 256-bit registers (XCR0 bits 1–2). Swift cannot issue `xgetbv`
// (the intrinsic is a macro), so on Linux the second part is read from /proc/cpuinfo: the kernel
// lists `avx2` only when it enabled that register state (it clears AVX and the features depending on
// it otherwise). Where /proc/cpuinfo is missing the CPUID bits decide.
import AnimoGeometry
import Foundation
#if arch(x86_64)
import _Builtin_intrinsics.intel.cpuid
#endif

enum CPUFeatures {
    /// True when AVX2 loops may run here. Computed once.
    static let avx2: Bool = {
        #if arch(x86_64)
        var a: UInt32 = 0, b: UInt32 = 0, c: UInt32 = 0, d: UInt32 = 0
        guard __get_cpuid(1, &a, &b, &c, &d) != 0, c & (1 << 27) != 0, c & (1 << 28) != 0 else { return false }
        guard __get_cpuid_count(7, 0, &a, &b, &c, &d) != 0, b & (1 << 5) != 0 else { return false }
        if let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) {
            guard let flags = info.split(separator: "\n").first(where: { $0.hasPrefix("flags") }) else { return false }
            return flags.split(separator: " ").contains("avx2")
        }
        return true
        #else
        return false
        #endif
    }()
}
