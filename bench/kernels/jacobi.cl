// OpenCL C twin of jacobi.dpk for bench_kernel_quality: one 5-point sweep over the interior.
__kernel void jacobi(__global const float* u, long u_shape0, long u_shape1, __global float* out,
                     long out_shape0, long out_shape1) {
    long j = get_global_id(0);
    long i = get_global_id(1);
    if (i > 0 && i < u_shape0 - 1 && j > 0 && j < u_shape1 - 1)
        out[i * out_shape1 + j] = 0.25f * (u[(i - 1) * u_shape1 + j] + u[(i + 1) * u_shape1 + j] +
                                           u[i * u_shape1 + j - 1] + u[i * u_shape1 + j + 1]);
}
