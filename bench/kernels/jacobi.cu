// CUDA C twin of jacobi.dpk for bench_kernel_quality on CUDA devices: one 5-point sweep over the
// interior, x along a row.
extern "C" __global__ void jacobi(const float* u, long long u_shape0, long long u_shape1,
                                  float* out, long long out_shape0, long long out_shape1) {
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int i = blockIdx.y * blockDim.y + threadIdx.y;
    int rows = (int)u_shape0, cols = (int)u_shape1;
    if (i > 0 && i < rows - 1 && j > 0 && j < cols - 1)
        out[i * cols + j] =
            0.25f * (u[(i - 1) * cols + j] + u[(i + 1) * cols + j] + u[i * cols + j - 1] +
                     u[i * cols + j + 1]);
}
