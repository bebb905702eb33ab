// OpenCL C twins of stream.dpk for bench_kernel_quality (dpk's kernel ABI: pointer, then length).
__kernel void copy(__global const float* x, long x_shape0, __global float* y, long y_shape0) {
    long i = get_global_id(0);
    if (i < x_shape0) y[i] = x[i];
}

__kernel void triad(__global float* a, long a_shape0, __global const float* b, long b_shape0,
                    __global const float* c, long c_shape0, float s) {
    long i = get_global_id(0);
    if (i < a_shape0) a[i] = b[i] + s * c[i];
}
