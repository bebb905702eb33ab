// OpenCL C equivalent of bench/matmul.dpk, with the same ABI shape as dpk's compiled kernel:
// each C-contiguous 2-d array is a global pointer followed by its two extents as long (dpk passes
// no strides for C layout), local tiles in work-group memory, barriers on local memory.
#define TILE 16

__kernel void matmul(__global float* A, long A_shape0, long A_shape1,
                     __global float* B, long B_shape0, long B_shape1,
                     __global float* C, long C_shape0, long C_shape1) {
    __local float ta[TILE][TILE];
    __local float tb[TILE][TILE];
    long r = (long)get_global_id(0);
    long c = (long)get_global_id(1);
    long lr = (long)get_local_id(0);
    long lc = (long)get_local_id(1);
    float acc = 0.0f;
    for (long t = 0; t < A_shape1 / TILE; ++t) {
        ta[lr][lc] = A[r * A_shape1 + t * TILE + lc];
        tb[lr][lc] = B[(t * TILE + lr) * B_shape1 + c];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (long k = 0; k < TILE; ++k) acc += ta[lr][k] * tb[k][lc];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    C[r * C_shape1 + c] = acc;
}
