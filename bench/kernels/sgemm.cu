// CUDA C twin of sgemm.dpk for bench_kernel_quality on CUDA devices: a 128 x 128 block of C per
// block of 256 threads, 128 x 8 (A, transposed) and 8 x 128 (B) slices in shared memory, an 8 x 8
// tile of C per thread in registers. Each C-contiguous matrix is a pointer and its two extents,
// as dpk passes it.
#define BM 128
#define BN 128
#define BK 8
#define TM 8
#define TN 8

extern "C" __global__ void __launch_bounds__(256)
    sgemm(const float* A, long long A_shape0, long long A_shape1, const float* B,
          long long B_shape0, long long B_shape1, float* C, long long C_shape0,
          long long C_shape1) {
    __shared__ float sa[BK][BM];
    __shared__ float sb[BK][BN];
    const int t = threadIdx.x;
    const long long row0 = (long long)blockIdx.y * BM, col0 = (long long)blockIdx.x * BN;
    const int tr = t / (BN / TN) * TM, tc = t % (BN / TN) * TN;
    const long long n = A_shape1, nb = B_shape1;
    float acc[TM * TN];
    float ra[TM], rb[TN];
    for (int i = 0; i < TM * TN; ++i) acc[i] = 0.0f;
    for (long long k0 = 0; k0 < n; k0 += BK) {
        for (int e = t; e < BM * BK; e += 256)
            sa[e % BK][e / BK] = A[(row0 + e / BK) * n + k0 + e % BK];
        for (int e = t; e < BK * BN; e += 256)
            sb[e / BN][e % BN] = B[(k0 + e / BN) * nb + col0 + e % BN];
        __syncthreads();
        for (int k = 0; k < BK; ++k) {
            for (int i = 0; i < TM; ++i) ra[i] = sa[k][tr + i];
            for (int j = 0; j < TN; ++j) rb[j] = sb[k][tc + j];
            for (int i = 0; i < TM; ++i)
                for (int j = 0; j < TN; ++j) acc[i * TN + j] += ra[i] * rb[j];
        }
        __syncthreads();
    }
    for (int i = 0; i < TM; ++i)
        for (int j = 0; j < TN; ++j)
            C[(row0 + tr + i) * C_shape1 + col0 + tc + j] = acc[i * TN + j];
}
