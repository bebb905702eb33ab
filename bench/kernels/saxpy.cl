// OpenCL C twin of saxpy.dpk for bench_kernel_quality. Arguments follow dpk's kernel ABI (each
// contiguous 1-d array: a global pointer and its length as long) so one argument list serves both.
__kernel void saxpy(float alpha, __global const float* x, long x_shape0, __global float* y,
                    long y_shape0) {
    long i = get_global_id(0);
    if (i < x_shape0) y[i] = alpha * x[i] + y[i];
}
