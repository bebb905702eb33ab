// CUDA C twin of saxpy.dpk for bench_kernel_quality on CUDA devices, written as CUDA C code
// commonly is (int thread index). Parameters follow dpk's kernel ABI (a contiguous 1-d array: its
// pointer, then its length as a 64-bit integer), so one argument list serves both kernels.
extern "C" __global__ void saxpy(float alpha, const float* x, long long x_shape0, float* y,
                                 long long y_shape0) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < x_shape0) y[i] = alpha * x[i] + y[i];
}
