// The entry points of dpk's CUDA math library (tools/cuda_math/dpk_math.cu), as X-macro lists, in
// one place: each NAME (an OpenCL.std function) has __dpk_NAME_f32 and __dpk_NAME_f64. The
// translator's table (ptx_math_library.cpp), the host accuracy check and the generator's module
// check all read these lists.
#pragma once

#define DPK_MATH_UNARY_FUNCTIONS(X)                                                                \
    X(rsqrt)                                                                                       \
    X(cbrt) X(exp) X(exp2) X(exp10) X(expm1) X(log) X(log2) X(log10) X(log1p) X(sin) X(cos) X(tan) \
        X(asin) X(acos) X(atan) X(sinh) X(cosh) X(tanh) X(erf) X(erfc)
#define DPK_MATH_BINARY_FUNCTIONS(X) X(pow) X(atan2) X(fmod) X(hypot)

// The host build of the library (tools/cuda_math/dpk_math_host.cpp), for its accuracy check.
#if defined(DPK_MATH_HOST_DECLARATIONS) && !defined(__CUDACC__)
extern "C" {
#define DPK_MATH_DECLARE_UNARY(name)   \
    float __dpk_##name##_f32(float x); \
    double __dpk_##name##_f64(double x);
#define DPK_MATH_DECLARE_BINARY(name)           \
    float __dpk_##name##_f32(float x, float y); \
    double __dpk_##name##_f64(double x, double y);
DPK_MATH_UNARY_FUNCTIONS(DPK_MATH_DECLARE_UNARY)
DPK_MATH_BINARY_FUNCTIONS(DPK_MATH_DECLARE_BINARY)
#undef DPK_MATH_DECLARE_UNARY
#undef DPK_MATH_DECLARE_BINARY
}
#endif
