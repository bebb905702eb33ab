// OpenCL C twin of black_scholes.dpk for bench_kernel_quality. REAL is float or double, set with
// -DREAL=... at build time (the f64 build also needs cl_khr_fp64).
#ifndef REAL
#define REAL float
#endif
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

__kernel void black_scholes(__global const REAL* price, long price_shape0,
                            __global const REAL* strike, long strike_shape0,
                            __global const REAL* t, long t_shape0, REAL rate, REAL volatility,
                            __global REAL* call, long call_shape0, __global REAL* put,
                            long put_shape0) {
    long i = get_global_id(0);
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
