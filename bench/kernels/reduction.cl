// OpenCL C twin of reduction.dpk for bench_kernel_quality: grid-strided partial sums, a tree in
// local memory, one float atomic add per work-group (a compare-exchange loop on the bits, as
// OpenCL C has no float atomic add).
void atomic_add_float(volatile __global float* p, float v) {
    uint old = as_uint(*p);
    for (;;) {
        uint seen = atomic_cmpxchg((volatile __global uint*)p, old, as_uint(as_float(old) + v));
        if (seen == old) break;
        old = seen;
    }
}

__kernel void sum(__global const float* x, long x_shape0, __global float* out, long out_shape0,
                  __local float* scratch, long scratch_shape0) {
    long n = x_shape0;
    long l = get_local_id(0);
    float acc = 0.0f;
    for (long k = get_global_id(0); k < n; k += get_global_size(0)) acc += x[k];
    scratch[l] = acc;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (long s = get_local_size(0) / 2; s > 0; s /= 2) {
        if (l < s) scratch[l] += scratch[l + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (l == 0) atomic_add_float(out, scratch[0]);
}
