// CUDA C twins of stream.dpk for bench_kernel_quality on CUDA devices (dpk's kernel ABI: pointer,
// then length as a 64-bit integer).
extern "C" __global__ void copy(const float* x, long long x_shape0, float* y, long long y_shape0) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < x_shape0) y[i] = x[i];
}

extern "C" __global__ void triad(float* a, long long a_shape0, const float* b, long long b_shape0,
                                 const float* c, long long c_shape0, float s) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < a_shape0) a[i] = b[i] + s * c[i];
}
