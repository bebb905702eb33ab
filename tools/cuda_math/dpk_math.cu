// dpk's math library for the CUDA backend: OpenCL.std functions with OpenCL's accuracy, written
// once and compiled twice — by nvcc to PTX (tools/cuda_math/generate.sh ->
// backends/cuda/math/ptx_math_library_data.cpp) and by the host compiler for the accuracy check
// (tests/cuda/math_host_ulp_test.cpp). See backends/cuda/math/README.md.
//
// Most algorithms are musl libc's (src/math, MIT; themselves from FreeBSD msun / Sun fdlibm and
// Arm's optimized-routines), ported in musl_*.inc with their copyright notices kept; exp, log,
// erf and f64 rsqrt are fma polynomials written for the GPU (dpk_exp_log_erf.inc).
// Entry points: extern "C" __dpk_<name>_f32(float) / __dpk_<name>_f64(double) (two arguments for
// pow, atan2, fmod, hypot), never inlined, so each is one .func in the PTX.
#include "dpk_math_compat.h"

namespace dpkm {
#include "musl_common.inc"
#include "musl_data.inc"
#include "musl_f64.inc"  // before f32: exp10f falls back on exp2
#include "musl_f32.inc"
}  // namespace dpkm

// f32 rsqrt (dpk's own; the translator emits rsqrt.approx.f32 itself, this one serves f16 and
// the host check): 1/sqrt in double, rounded once to float: the double quotient is within
// 2^-52 relative of 1/sqrt(x), so the float result is within 0.5 + 2^-28 ulp.
namespace dpkm {
DPK_INL float rsqrtf(float x) { return (float)(1.0 / sqrt((double)x)); }
#include "dpk_exp_log_erf.inc"
}  // namespace dpkm

#define DPK_UNARY(name, musl32, musl64)                                          \
    DPK_API float __dpk_##name##_f32(float x) { return dpkm::musl32(x); }       \
    DPK_API double __dpk_##name##_f64(double x) { return dpkm::musl64(x); }
#define DPK_BINARY(name, musl32, musl64)                                                  \
    DPK_API float __dpk_##name##_f32(float x, float y) { return dpkm::musl32(x, y); }    \
    DPK_API double __dpk_##name##_f64(double x, double y) { return dpkm::musl64(x, y); }

DPK_UNARY(rsqrt, rsqrtf, poly::rsqrt)
DPK_UNARY(cbrt, cbrtf, cbrt)
DPK_UNARY(exp, poly::expf, poly::exp)
DPK_UNARY(exp2, exp2f, exp2)
DPK_UNARY(exp10, exp10f, exp10)
DPK_UNARY(expm1, expm1f, expm1)
DPK_UNARY(log, poly::logf, poly::log)
DPK_UNARY(log2, log2f, log2)
DPK_UNARY(log10, log10f, log10)
DPK_UNARY(log1p, log1pf, log1p)
DPK_UNARY(sin, sinf, sin)
DPK_UNARY(cos, cosf, cos)
DPK_UNARY(tan, tanf, tan)
DPK_UNARY(asin, asinf, asin)
DPK_UNARY(acos, acosf, acos)
DPK_UNARY(atan, atanf, atan)
DPK_UNARY(sinh, sinhf, sinh)
DPK_UNARY(cosh, coshf, cosh)
DPK_UNARY(tanh, tanhf, tanh)
DPK_UNARY(erf, poly::erff, poly::erf)
DPK_UNARY(erfc, erfcf, erfc)
DPK_BINARY(pow, powf, pow)
DPK_BINARY(atan2, atan2f, atan2)
DPK_BINARY(fmod, fmodf, fmod)
DPK_BINARY(hypot, hypotf, hypot)
