// The host build of dpk's CUDA math library, for the accuracy check (tests/cuda/
// math_host_ulp_test.cpp). Compile with floating-point contraction off (-ffp-contract=off) and
// without -ffast-math, so the host computes the bits the GPU computes (nvcc -fmad=false).
// musl's code as it is: `a<<n | b` and a table the compiler cannot see is always filled.
#if defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wparentheses"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#endif
#include "dpk_math.cu"
