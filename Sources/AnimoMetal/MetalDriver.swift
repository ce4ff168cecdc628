// The translation unit compiled for one `.metal` file: the shim headers, the run-time guards, the
// file's own text under `#line 1 "<its name>"` (so clang reports positions in the file), and one
// C entry point per stitchable function that shades a whole row of pixels.
//
// Guards (so that no shader can hang or crash the renderer; docs/shaders.md, "Limits"):
// - every loop iteration and every call of a function of the file that was not inlined spends one
//   unit of the row's budget (`for`/`while` are macros over the file's text that tick it; calls
//   are counted through clang's -finstrument-functions-after-inlining hooks, which the shim's
//   functions are exempt from). An exhausted budget leaves the
//   row by longjmp and the frame fails with an error. Plain C data only lives on those frames, so
//   skipping them is safe.
// - a call depth above `maxDepth` (Metal forbids recursion) fails the same way, and no function's
//   stack frame may exceed `maxFrameBytes` (a compile error), so the stack cannot overflow;
// - integer division by zero (and INT_MIN / −1), which traps on x86, and out-of-bounds indexing
//   of fixed-size arrays are caught with clang's -fsanitize checks, whose handlers are defined here
//   (no sanitizer run time is linked) and fail the row; signed overflow wraps as on a GPU. (`-fwrapv`
//   would drop the overflow checks, but `INT_MIN / -1` is only caught by that same sanitizer.)
// - non-finite outputs are replaced (NaN → 0, ±∞ → ±65504, half's largest value) and counted.
//
// Row ABI (`AnimoRow`), shared with CompiledShader.swift: pixel colours are premultiplied RGBA
// floats (16 bytes a pixel, the layout of SIMD4<Float>). `isa` asks for the baseline loop (1) or
// the widest the processor runs (0), and comes back as the one that ran (1, or 3 for x86-64-v3).
import AnimoEffects

enum MetalDriver {
    /// Deepest call nesting of the file's functions (Metal forbids recursion; helpers nest a few deep).
    static let maxDepth = 48
    /// Largest stack frame of a function (clang refuses to compile more): maxDepth × this = 384 KiB.
    static let maxFrameBytes = 8192

    /// The preprocessor condition under which each row loop is also compiled for x86-64-v3.
    static let wideLevelCondition = "defined(__x86_64__)"

    static let rowStruct = """
    struct AnimoRow {
        const float *xs;
        float y;
        int width;
        const float *input;
        float *output;
        const float *uniforms;
        const float *const *arrays;
        const int *arrayCounts;
        const float *source;
        int sourceWidth, sourceHeight;
        float scale, originX, originY;
        long long budget;
        long long nonFinite;
        int status;
        int isa;
    };
    """

    static let prelude = """
    #include <setjmp.h>
    #include <metal_stdlib>
    #include <SwiftUI/SwiftUI_Metal.h>
    \(rowStruct)
    namespace animo_rt {
    static __thread long long budget __attribute__((tls_model("initial-exec")));
    static __thread int depth __attribute__((tls_model("initial-exec")));
    static __thread jmp_buf *escape __attribute__((tls_model("initial-exec")));
    __attribute__((noinline, noreturn, no_instrument_function)) static void stop(int why) { longjmp(*escape, why); }
    __attribute__((always_inline, no_instrument_function)) static inline bool tick() {
        if (__builtin_expect(--budget < 0, 0)) stop(1);
        return true;
    }
    // A pixel's four channels stored with NaN → 0 and ±∞ (and anything beyond half's range) → ±65504,
    // non-finite channels counted: four lanes at once (clang's vector extension), branch-free.
    typedef float lanes_f __attribute__((ext_vector_type(4)));
    typedef int lanes_i __attribute__((ext_vector_type(4)));
    __attribute__((always_inline, no_instrument_function))
    static inline void store(float *out, float r, float g, float b, float a, lanes_i &bad) {
        const lanes_f v = {r, g, b, a};
        const lanes_i nan = v != v;
        bad -= nan | (__builtin_elementwise_abs(v) == __builtin_inff());
        const lanes_f top = 65504.0f;
        lanes_f c = v > top ? top : v;
        c = c < -top ? -top : c;
        c = nan ? (lanes_f)0.0f : c;
        __builtin_memcpy(out, &c, sizeof c);
    }
    #if \(wideLevelCondition)
    // Whether this processor runs x86-64-v3 code (AVX2, FMA, BMI2…). The row loops compiled for it
    // compute exactly what the baseline ones do: the same IEEE operations in the same order (no
    // contraction, so FMA is never used for a `*` and a `+`), the same libm functions.
    __attribute__((always_inline, no_instrument_function)) static inline bool has_v3() {
        __builtin_cpu_init();
        return __builtin_cpu_supports("x86-64-v3");
    }
    #endif
    }  // namespace animo_rt
    extern "C" {
    __attribute__((no_instrument_function)) void __cyg_profile_func_enter(void *, void *) {
        animo_rt::tick();
        if (++animo_rt::depth > \(maxDepth)) animo_rt::stop(4);
    }
    __attribute__((no_instrument_function)) void __cyg_profile_func_exit(void *, void *) { --animo_rt::depth; }
    __attribute__((no_instrument_function)) void __ubsan_handle_divrem_overflow(void *, void *, void *) { animo_rt::stop(2); }
    __attribute__((no_instrument_function)) void __ubsan_handle_out_of_bounds(void *, void *) { animo_rt::stop(3); }
    __attribute__((no_instrument_function)) void __ubsan_handle_add_overflow(void *, void *, void *) {}
    __attribute__((no_instrument_function)) void __ubsan_handle_sub_overflow(void *, void *, void *) {}
    __attribute__((no_instrument_function)) void __ubsan_handle_mul_overflow(void *, void *, void *) {}
    __attribute__((no_instrument_function)) void __ubsan_handle_negate_overflow(void *, void *) {}
    }
    #define for(...) for (__VA_ARGS__) if (!animo_rt::tick()) {} else
    #define while(...) while ((__VA_ARGS__) && animo_rt::tick())
    """

    /// Why a row stopped, by the status its entry point returns.
    static func reason(status: Int32) -> String {
        switch status {
        case 1: return "it ran out of its budget of loop iterations and calls (an endless loop?)"
        case 2: return "it divided an integer by zero"
        case 3: return "it indexed an array out of its bounds"
        case 4: return "its calls nested deeper than \(maxDepth) (Metal does not allow recursion)"
        default: return "it stopped with status \(status)"
        }
    }

    /// `displayName` as a `#line` file name (clang reports it back verbatim): no backslash, quote or
    /// line break.
    static func lineName(_ displayName: String) -> String {
        String(displayName.map { c -> Character in
            switch c {
            case "\\": return "/"
            case "\"": return "'"
            case "\n", "\r", "\r\n": return " "
            default: return c
            }
        })
    }

    /// The C symbol of `name`'s row entry point.
    static func entryPoint(_ name: String) -> String { "animo_row_" + name }

    /// The whole translation unit for a file shown as `displayName` with `text` (half literals
    /// already rewritten) and its stitchable `functions`.
    static func translationUnit(displayName: String, text: String, functions: [StitchableFunction]) -> String {
        // Every function of the file is inlined where it is called (recursion apart, which cannot
        // be): as the Swift kernels, whose helpers are all inlined into the pixel loop, so that
        // what depends only on the arguments is computed once per row, not once per pixel.
        var s = prelude + "\n#pragma clang attribute push (__attribute__((always_inline)), apply_to = function)"
        s += "\n#line 1 \"\(lineName(displayName))\"\n"
        s += text
        s += "\n#pragma clang attribute pop"
        s += "\n#line 1 \"<animo-render entry points>\"\n#undef for\n#undef while\n"
        for f in functions { s += entry(f.signature) }
        return s
    }

    static func entry(_ sig: ShaderSignature) -> String {
        var unpack: [String] = []
        var args: [String] = []
        for (i, p) in sig.parameters.enumerated() {
            let u = "a->uniforms + \(4 * i)"
            switch p.type {
            case .float, .half: unpack.append("const float arg\(i) = (\(u))[0];")
            case .float2, .half2: unpack.append("const float2 arg\(i)((\(u))[0], (\(u))[1]);")
            case .float3, .half3: unpack.append("const float3 arg\(i)((\(u))[0], (\(u))[1], (\(u))[2]);")
            case .float4, .half4, .color: unpack.append("const float4 arg\(i)((\(u))[0], (\(u))[1], (\(u))[2], (\(u))[3]);")
            case .floatArray:
                unpack.append("const float *arg\(i) = a->arrays[\(i)]; const int arg\(i)n = a->arrayCounts[\(i)];")
            case .image:
                unpack.append("#error image arguments are not supported")
            }
            args.append(p.type == .floatArray ? "arg\(i), arg\(i)n" : "arg\(i)")
        }
        let user = args.isEmpty ? "" : ", " + args.joined(separator: ", ")
        let shade: String
        switch sig.kind {
        case .colorEffect:
            shade = """
                    const float *c = in + 4 * x;
                    half4 o;
                    [[clang::always_inline]] o = \(sig.name)(p, half4(c[0], c[1], c[2], c[3])\(user));
            """
        case .distortionEffect:
            shade = """
                    float2 q;
                    [[clang::always_inline]] q = \(sig.name)(p\(user));
                    if (!(q.x - q.x == 0.0f && q.y - q.y == 0.0f)) bad.x++;
                    half4 o = layer.sample(q);
            """
        case .layerEffect:
            shade = """
                    half4 o;
                    [[clang::always_inline]] o = \(sig.name)(p, layer\(user));
            """
        }
        // The row loop is its own function, out of the frame that calls setjmp: in that frame every
        // value live across the call would be kept in memory. The stitchable function is inlined
        // into the loop at its call (clang's statement attribute), so the layer, the arguments and
        // everything that depends only on them stay in registers and are hoisted out of the loop.
        let body = """
        {
            using namespace metal;
            \(unpack.joined(separator: "\n    "))
            const SwiftUI::Layer layer{a->source, a->sourceWidth, a->sourceHeight, a->scale, a->originX, a->originY};
            (void)layer;
            // Fields read once: the output row is float memory that could alias them.
            float *const out = a->output;
            const float *const in = a->input;
            const float *const xs = a->xs;
            const float y = a->y;
            const int width = a->width;
            (void)in;
            animo_rt::lanes_i bad = 0;
            for (int x = 0; x < width; x++) {
                const float2 p(xs[x], y);
        \(shade)
                animo_rt::store(out + 4 * x, o.x, o.y, o.z, o.w, bad);
            }
            return (long long)bad.x + bad.y + bad.z + bad.w;
        }
        """
        let name = "animo_shade_" + sig.name
        // On x86-64 the same loop is compiled a second time for x86-64-v3 (AVX2, BMI2: `floor` is one
        // instruction instead of a libm call that spills every live register, three-operand
        // vector code) and chosen per row when the processor has it (`isa`, in the row ABI above).
        return """

        __attribute__((noinline, no_instrument_function))
        static long long \(name)(const AnimoRow *a) \(body)
        #if \(wideLevelCondition)
        __attribute__((noinline, no_instrument_function, target("arch=x86-64-v3")))
        static long long \(name)_v3(const AnimoRow *a) \(body)
        #endif

        extern "C" __attribute__((visibility("default"), no_instrument_function))
        int \(entryPoint(sig.name))(AnimoRow *a) {
            jmp_buf env;
            animo_rt::escape = &env;
            animo_rt::budget = a->budget;
            animo_rt::depth = 0;
            if (int why = setjmp(env)) { a->status = why; return why; }
        #if \(wideLevelCondition)
            if (a->isa != 1 && animo_rt::has_v3()) { a->isa = 3; a->nonFinite = \(name)_v3(a); } else
        #endif
            { a->isa = 1; a->nonFinite = \(name)(a); }
            a->status = 0;
            return 0;
        }

        """
    }
}
