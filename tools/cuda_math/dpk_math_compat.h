// dpk CUDA math library: what the musl-derived sources need, for both compilers.
//
// The same sources (dpk_math.cu and the musl_*.inc files it includes) compile
//  - with nvcc for the GPU (tools/cuda_math/generate.sh: -ptx -rdc=true -fmad=false), and
//  - with the host C++ compiler (-x c++ -ffp-contract=off) for the accuracy check here.
// Only + - * /, bit moves, and the correctly rounded sqrt and fma are used: on the device
// __fsqrt_rn/__dsqrt_rn/__fmaf_rn/__fma_rn (single PTX instructions sqrt.rn / fma.rn), on the
// host __builtin_sqrt/__builtin_fma (correctly rounded too), so both compute the same bits;
// except the special-function unit's approximations below (f32 exp and erf, f64 log, erf and
// rsqrt use them). No CUDA math function is called. Everything lives in namespace dpkm; the
// extern "C" entry points __dpk_<name>_f32/_f64 are defined in dpk_math.cu.
#pragma once

#include <stdint.h>

#if defined(__CUDACC__)
#define DPK_DEVICE __device__
#define DPK_NOINLINE __noinline__
#else
#define DPK_DEVICE
#define DPK_NOINLINE __attribute__((noinline))
#endif

// A musl `static inline` / `static` helper.
#define DPK_INL static DPK_DEVICE inline
// A read-only table (musl's `static const T name[]` and the shared *_data structs): .global data
// in the PTX, with an extern "C" __dpk_ name so its PTX symbol is stable.
#define DPK_TABLE DPK_DEVICE const
// An entry point of the library (a .func in the PTX).
#define DPK_API extern "C" DPK_DEVICE DPK_NOINLINE

// Configuration of the musl sources: evaluation in the type itself (no x87), the FMA paths
// (the GPU has fma.rn; the host uses a correctly rounded fma), no long double paths.
#define DPK_FLT_EVAL_METHOD 0
#define DPK_FAST_FMA 1
#define DPK_LDBL_MAX_EXP 1024
#define DPK_LDBL_MANT_DIG 53
#define DPK_DBL_EPSILON 2.22044604925031308085e-16
#define TOINT_INTRINSICS 0
#define WANT_ROUNDING 1
#define WANT_SNAN 0
#define issignalingf_inline(x) 0
#define issignaling_inline(x) 0

#ifndef INFINITY
#define INFINITY (__builtin_inff())
#endif
#ifndef NAN
#define NAN (__builtin_nanf(""))
#endif
#ifndef M_PI_2
#define M_PI_2 1.57079632679489661923
#endif

#define predict_true(x) __builtin_expect(!!(x), 1)
#define predict_false(x) __builtin_expect(x, 0)

namespace dpkm {

typedef float float_t;
typedef double double_t;

DPK_INL uint32_t asuint(float f) {
#if defined(__CUDACC__)
    return __float_as_uint(f);
#else
    uint32_t i;
    __builtin_memcpy(&i, &f, sizeof i);
    return i;
#endif
}
DPK_INL float asfloat(uint32_t i) {
#if defined(__CUDACC__)
    return __uint_as_float(i);
#else
    float f;
    __builtin_memcpy(&f, &i, sizeof f);
    return f;
#endif
}
DPK_INL uint64_t asuint64(double f) {
#if defined(__CUDACC__)
    return static_cast<uint64_t>(__double_as_longlong(f));
#else
    uint64_t i;
    __builtin_memcpy(&i, &f, sizeof i);
    return i;
#endif
}
DPK_INL double asdouble(uint64_t i) {
#if defined(__CUDACC__)
    return __longlong_as_double(static_cast<long long>(i));
#else
    double f;
    __builtin_memcpy(&f, &i, sizeof f);
    return f;
#endif
}

// The correctly rounded operations (one PTX instruction each on the device).
DPK_INL float sqrtf(float x) {
#if defined(__CUDACC__)
    return __fsqrt_rn(x);
#else
    return __builtin_sqrtf(x);
#endif
}
DPK_INL double sqrt(double x) {
#if defined(__CUDACC__)
    return __dsqrt_rn(x);
#else
    return __builtin_sqrt(x);
#endif
}
DPK_INL float dpk_fmaf(float x, float y, float z) {
#if defined(__CUDACC__)
    return __fmaf_rn(x, y, z);
#else
    return __builtin_fmaf(x, y, z);
#endif
}
DPK_INL double dpk_fma(double x, double y, double z) {
#if defined(__CUDACC__)
    return __fma_rn(x, y, z);
#else
    return __builtin_fma(x, y, z);
#endif
}

// The special-function unit, only where its result is refined or bounded afterwards
// (dpk_exp_log_erf.inc): ex2.approx.ftz.f32 (2^x within 2 ulp, PTX ISA; an argument of |x| <=
// 1/2 or a result below 1/2 there), rcp.approx.ftz.f64 and rsqrt.approx.ftz.f64 (seeds from the
// high word of the input, refined by Newton steps). The host has no such unit, so here the host
// build differs from the GPU in bits: it takes 2^x rounded once from double, and for the seeds
// 1/x and 1/sqrt(x) of the input's high word cut to their high word (2^-19 relative or better,
// no better than the hardware's): the host check measures the algorithm with those, the GPU test
// (tests/cuda/math_ulp_test.cpp) the unit itself.
DPK_INL double dpk_high_word(double x) { return asdouble(asuint64(x) & 0xffffffff00000000ull); }
DPK_INL float dpk_ex2_approx(float x) {
#if defined(__CUDACC__)
    float y;
    asm("ex2.approx.ftz.f32 %0, %1;" : "=f"(y) : "f"(x));
    return y;
#else
    return static_cast<float>(__builtin_exp2(static_cast<double>(x)));
#endif
}
DPK_INL double dpk_rcp_seed(double x) {
#if defined(__CUDACC__)
    double y;
    asm("rcp.approx.ftz.f64 %0, %1;" : "=d"(y) : "d"(x));
    return y;
#else
    return dpk_high_word(1.0 / dpk_high_word(x));
#endif
}
DPK_INL double dpk_rsqrt_seed(double x) {
#if defined(__CUDACC__)
    double y;
    asm("rsqrt.approx.ftz.f64 %0, %1;" : "=d"(y) : "d"(x));
    return y;
#else
    return dpk_high_word(1.0 / __builtin_sqrt(dpk_high_word(x)));
#endif
}
DPK_INL float fabsf(float x) { return asfloat(asuint(x) & 0x7fffffffu); }
DPK_INL double fabs(double x) { return asdouble(asuint64(x) & 0x7fffffffffffffffull); }
DPK_INL bool dpk_isnan(float x) { return (asuint(x) & 0x7fffffffu) > 0x7f800000u; }
DPK_INL bool dpk_isnan(double x) {
    return (asuint64(x) & 0x7fffffffffffffffull) > 0x7ff0000000000000ull;
}

// libm.h's value helpers without the floating-point exception side effects (PTX has no flags).
DPK_INL float eval_as_float(float x) { return x; }
DPK_INL double eval_as_double(double x) { return x; }
DPK_INL float fp_barrierf(float x) { return x; }
DPK_INL double fp_barrier(double x) { return x; }
DPK_INL void fp_force_evalf(float) {}
DPK_INL void fp_force_eval(double) {}
#define FORCE_EVAL(x) ((void)(x))

#define EXTRACT_WORDS(hi, lo, d)          \
    do {                                  \
        uint64_t __u = asuint64(d);       \
        (hi) = __u >> 32;                 \
        (lo) = (uint32_t)__u;             \
    } while (0)
#define GET_HIGH_WORD(hi, d) \
    do {                     \
        (hi) = asuint64(d) >> 32; \
    } while (0)
#define GET_LOW_WORD(lo, d)            \
    do {                               \
        (lo) = (uint32_t)asuint64(d);  \
    } while (0)
#define INSERT_WORDS(d, hi, lo)                                  \
    do {                                                         \
        (d) = asdouble(((uint64_t)(hi) << 32) | (uint32_t)(lo)); \
    } while (0)
#define SET_HIGH_WORD(d, hi) INSERT_WORDS(d, hi, (uint32_t)asuint64(d))
#define SET_LOW_WORD(d, lo) INSERT_WORDS(d, asuint64(d) >> 32, lo)
#define GET_FLOAT_WORD(w, d) \
    do {                     \
        (w) = asuint(d);     \
    } while (0)
#define SET_FLOAT_WORD(d, w) \
    do {                     \
        (d) = asfloat(w);    \
    } while (0)

// musl src/math/__math_*.c (MIT, Copyright (c) 2018 Arm Limited): overflow, underflow,
// division by zero and invalid results, computed so that they round like the true result.
DPK_INL float __math_xflowf(uint32_t sign, float y) { return (sign ? -y : y) * y; }
DPK_INL float __math_oflowf(uint32_t sign) { return __math_xflowf(sign, 0x1p97f); }
DPK_INL float __math_uflowf(uint32_t sign) { return __math_xflowf(sign, 0x1p-95f); }
DPK_INL float __math_divzerof(uint32_t sign) { return (sign ? -1.0f : 1.0f) / 0.0f; }
DPK_INL float __math_invalidf(float x) { return (x - x) / (x - x); }
DPK_INL double __math_xflow(uint32_t sign, double y) { return (sign ? -y : y) * y; }
DPK_INL double __math_oflow(uint32_t sign) { return __math_xflow(sign, 0x1p769); }
DPK_INL double __math_uflow(uint32_t sign) { return __math_xflow(sign, 0x1p-767); }
DPK_INL double __math_divzero(uint32_t sign) { return (sign ? -1.0 : 1.0) / 0.0; }
DPK_INL double __math_invalid(double x) { return (x - x) / (x - x); }

}  // namespace dpkm
