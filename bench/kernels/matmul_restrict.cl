// OpenCL C twin of matmul.dpk as users write it, with restrict pointers (the arrays never overlap):
// what dpk's no-alias variant is measured against. Otherwise matmul.cl.
// Each C-contiguous matrix is a global pointer and its two extents as long, as dpk passes it.
#define TILE 16

__kernel void matmul(__global const float* restrict A, long A_shape0, long A_shape1,
                     __global const float* restrict B, long B_shape0, long B_shape1,
                     __global float* restrict C, long C_shape0, long C_shape1) {
    __local float ta[TILE][TILE];
    __local float tb[TILE][TILE];
    long c = get_global_id(0);
    long r = get_global_id(1);
    long lc = get_local_id(0);
    long lr = get_local_id(1);
    float acc = 0.0f;
    for (long t = 0; t < A_shape1 / TILE; ++t) {
        ta[lr][lc] = A[r * A_shape1 + t * TILE + lc];
        tb[lr][lc] = B[(t * TILE + lr) * B_shape1 + c];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < TILE; ++k) acc += ta[lr][k] * tb[k][lc];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    C[r * C_shape1 + c] = acc;
}
