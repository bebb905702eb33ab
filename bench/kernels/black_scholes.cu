// CUDA C twin of black_scholes.dpk for bench_kernel_quality on CUDA devices. REAL is float or
// double, set with -DREAL=... when nvcc builds it; CUDA's math functions at their default
// (IEEE-compliant, no fast-math) accuracy.
#ifndef REAL
#define REAL float
#endif

extern "C" __global__ void black_scholes(const REAL* price, long long price_shape0,
                                         const REAL* strike, long long strike_shape0,
                                         const REAL* t, long long t_shape0, REAL rate,
                                         REAL volatility, REAL* call, long long call_shape0,
                                         REAL* put, long long put_shape0) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= price_shape0) return;
    REAL p = price[i];
    REAL s = strike[i];
    REAL tt = t[i];
    REAL a = log(p / s);
    REAL b = tt * -rate;
    REAL z = tt * volatility * volatility * (REAL)2;
    REAL c = (REAL)0.25 * z;
    REAL y = rsqrt(z);
    REAL w1 = (a - b + c) * y;
    REAL w2 = (a - b - c) * y;
    REAL d1 = (REAL)0.5 + (REAL)0.5 * erf(w1);
    REAL d2 = (REAL)0.5 + (REAL)0.5 * erf(w2);
    REAL se = exp(b) * s;
    REAL r = p * d1 - se * d2;
    call[i] = r;
    put[i] = r - p + se;
}
