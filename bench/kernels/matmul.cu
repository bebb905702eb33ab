// CUDA C twin of matmul.dpk for bench_kernel_quality on CUDA devices: TILE x TILE tiles in shared
// memory, x along a row of C. Each C-contiguous matrix is a pointer and its two extents, as dpk
// passes it.
#define TILE 16

extern "C" __global__ void matmul(const float* A, long long A_shape0, long long A_shape1,
                                  const float* B, long long B_shape0, long long B_shape1, float* C,
                                  long long C_shape0, long long C_shape1) {
    __shared__ float ta[TILE][TILE];
    __shared__ float tb[TILE][TILE];
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    int r = blockIdx.y * blockDim.y + threadIdx.y;
    int lc = threadIdx.x, lr = threadIdx.y;
    int n = (int)A_shape1, nb = (int)B_shape1;
    float acc = 0.0f;
    for (int t = 0; t < n / TILE; ++t) {
        ta[lr][lc] = A[r * n + t * TILE + lc];
        tb[lr][lc] = B[(t * TILE + lr) * nb + c];
        __syncthreads();
        for (int k = 0; k < TILE; ++k) acc += ta[lr][k] * tb[k][lc];
        __syncthreads();
    }
    C[r * (int)C_shape1 + c] = acc;
}
