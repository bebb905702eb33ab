// OpenCL C twins of stream.dpk for bench_kernel_quality (dpk's kernel ABI: pointer, then length):
// four elements per work item, one work-group size apart.
__kernel void copy(__global const float* x, long x_shape0, __global float* y, long y_shape0) {
    long l = get_local_size(0);
    long i = get_group_id(0) * l * 4 + get_local_id(0);
    float a = x[i], b = x[i + l], c = x[i + 2 * l], d = x[i + 3 * l];
    y[i] = a;
    y[i + l] = b;
    y[i + 2 * l] = c;
    y[i + 3 * l] = d;
}

__kernel void triad(__global float* a, long a_shape0, __global const float* b, long b_shape0,
                    __global const float* c, long c_shape0, float s) {
    long l = get_local_size(0);
    long i = get_group_id(0) * l * 4 + get_local_id(0);
    float b0 = b[i], b1 = b[i + l], b2 = b[i + 2 * l], b3 = b[i + 3 * l];
    float c0 = c[i], c1 = c[i + l], c2 = c[i + 2 * l], c3 = c[i + 3 * l];
    a[i] = b0 + s * c0;
    a[i + l] = b1 + s * c1;
    a[i + 2 * l] = b2 + s * c2;
    a[i + 3 * l] = b3 + s * c3;
}
