// OpenCL C twin of sgemm.dpk for bench_kernel_quality: a 128 x 128 block of C per work-group of
// 256, 128 x 8 (A, transposed) and 8 x 128 (B) slices in local memory, an 8 x 8 tile of C per
// work-item in private memory. Each C-contiguous matrix is a global pointer and its two extents as
// long, as dpk passes it.
#define BM 128
#define BN 128
#define BK 8
#define TM 8
#define TN 8

__kernel __attribute__((reqd_work_group_size(256, 1, 1))) void sgemm(
    __global const float* A, long A_shape0, long A_shape1, __global const float* B, long B_shape0,
    long B_shape1, __global float* C, long C_shape0, long C_shape1) {
    __local float sa[BK][BM];
    __local float sb[BK][BN];
    const long t = get_local_id(0);
    const long row0 = get_group_id(1) * BM, col0 = get_group_id(0) * BN;
    const long tr = t / (BN / TN) * TM, tc = t % (BN / TN) * TN;
    float acc[TM * TN];
    float ra[TM], rb[TN];
    for (int i = 0; i < TM * TN; ++i) acc[i] = 0.0f;
    for (long k0 = 0; k0 < A_shape1; k0 += BK) {
        for (long e = t; e < BM * BK; e += 256)
            sa[e % BK][e / BK] = A[(row0 + e / BK) * A_shape1 + k0 + e % BK];
        for (long e = t; e < BK * BN; e += 256)
            sb[e / BN][e % BN] = B[(k0 + e / BN) * B_shape1 + col0 + e % BN];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < BK; ++k) {
            for (int i = 0; i < TM; ++i) ra[i] = sa[k][tr + i];
            for (int j = 0; j < TN; ++j) rb[j] = sb[k][tc + j];
            for (int i = 0; i < TM; ++i)
                for (int j = 0; j < TN; ++j) acc[i * TN + j] += ra[i] * rb[j];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    for (int i = 0; i < TM; ++i)
        for (int j = 0; j < TN; ++j)
            C[(row0 + tr + i) * C_shape1 + col0 + tc + j] = acc[i * TN + j];
}
