// CUDA C twin of reduction.dpk for bench_kernel_quality on CUDA devices: grid-strided partial
// sums, a tree in shared memory, one atomicAdd per block. The `local f32[:]` parameter is the
// launch's dynamic shared memory; its length comes as a 64-bit integer, as dpk passes it.
extern "C" __global__ void sum(const float* x, long long x_shape0, float* out,
                               long long out_shape0, long long scratch_shape0) {
    extern __shared__ float scratch[];
    int n = (int)x_shape0;
    int l = threadIdx.x;
    float acc = 0.0f;
    for (int k = blockIdx.x * blockDim.x + threadIdx.x; k < n; k += gridDim.x * blockDim.x)
        acc += x[k];
    scratch[l] = acc;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s /= 2) {
        if (l < s) scratch[l] += scratch[l + s];
        __syncthreads();
    }
    if (l == 0) atomicAdd(out, scratch[0]);
}
