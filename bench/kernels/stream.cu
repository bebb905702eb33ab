// CUDA C twins of stream.dpk for bench_kernel_quality on CUDA devices (dpk's kernel ABI: pointer,
// then length as a 64-bit integer): four elements per thread, one block size apart.
extern "C" __global__ void copy(const float* x, long long x_shape0, float* y, long long y_shape0) {
    int l = blockDim.x;
    int i = blockIdx.x * l * 4 + threadIdx.x;
    float a = x[i], b = x[i + l], c = x[i + 2 * l], d = x[i + 3 * l];
    y[i] = a;
    y[i + l] = b;
    y[i + 2 * l] = c;
    y[i + 3 * l] = d;
}

extern "C" __global__ void triad(float* a, long long a_shape0, const float* b, long long b_shape0,
                                 const float* c, long long c_shape0, float s) {
    int l = blockDim.x;
    int i = blockIdx.x * l * 4 + threadIdx.x;
    float b0 = b[i], b1 = b[i + l], b2 = b[i + 2 * l], b3 = b[i + 3 * l];
    float c0 = c[i], c1 = c[i + l], c2 = c[i + 2 * l], c3 = c[i + 3 * l];
    a[i] = b0 + s * c0;
    a[i + l] = b1 + s * c1;
    a[i + 2 * l] = b2 + s * c2;
    a[i + 3 * l] = b3 + s * c3;
}
