// CUDA C probe of the warpgroup path (sm_90a): c = a * b, f16 in, f32 out, row-major, M, N, K
// multiples of 128 / 128 / 32. One warpgroup (128 threads) computes a 128 x 128 block of c.
// Shared memory is laid out exactly as dpk lays out its swizzled work-group arrays (the 16-byte
// chunk at byte offset o at o ^ ((o >> 3) & 0x70)) and filled by cp.async of 16 bytes as dpk's
// async_copy is: STAGES stages of a 128 x 32 slice of a (rows of 64 bytes) and a 32 x 128 slice
// of b as two 32 x 64 halves (rows of 128 bytes). Each warp reads its 16 rows of A with ldmatrix
// (the register operand of wgmma, as mma.sync's A fragment); B is read by the tensor cores
// through a shared-memory descriptor: a half of b is the canonical N-major layout of the 128-byte
// swizzle (8 rows of 128 bytes an atom, SBO = 1024 bytes between the atoms along K; the second
// half LBO = 4096 bytes further along N), so WG_N = 128 multiplies both halves in one
// wgmma.m64n128k16, WG_N = 64 one half each. The accumulator of wgmma.m64nNk16 is mma.sync's
// m16n8 accumulator, repeated over N / 8, warp w holding rows 16 w ... It answers what this
// layout (dpk's) gives through wgmma beside cuBLAS before the translator emits it.
// Its only header is twin_shared.cuh, beside it: bench/matmul_tensor.py builds it with nvcc
// for sm_90a and launches it by CuPy.
#include "twin_shared.cuh"

#ifndef WG_N
#define WG_N 128
#endif
#ifndef STAGES
#define STAGES 3
#endif
#ifndef WG_WAIT
#define WG_WAIT 1
#endif
#ifndef MIN_BLOCKS
#define MIN_BLOCKS 1
#endif

// The descriptor of an N-major, 128-byte-swizzled B tile starting at shared address `at`
// (a multiple of 1024): LBO 4096 (the next 64 columns), SBO 1024 (the next 8 rows).
__device__ __forceinline__ unsigned long long b_descriptor(unsigned at) {
    return (static_cast<unsigned long long>((at & 0x3FFFF) >> 4)) |
           (static_cast<unsigned long long>(4096 >> 4) << 16) |
           (static_cast<unsigned long long>(1024 >> 4) << 32) | (1ull << 62);
}

#define ACC8(i) "+f"(d[i]), "+f"(d[i + 1]), "+f"(d[i + 2]), "+f"(d[i + 3]), \
                "+f"(d[i + 4]), "+f"(d[i + 5]), "+f"(d[i + 6]), "+f"(d[i + 7])

__device__ __forceinline__ void wgmma64(float (&d)[32], const unsigned (&a)[4],
                                        unsigned long long b) {
    asm volatile(
        "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 "
        "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, "
        "%16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, "
        "{%32, %33, %34, %35}, %36, 1, 1, 1, 1;\n"
        : ACC8(0), ACC8(8), ACC8(16), ACC8(24)
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(b));
}

__device__ __forceinline__ void wgmma128(float (&d)[64], const unsigned (&a)[4],
                                         unsigned long long b) {
    asm volatile(
        "wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 "
        "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, "
        "%16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, "
        "%32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, "
        "%48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, "
        "{%64, %65, %66, %67}, %68, 1, 1, 1, 1;\n"
        : ACC8(0), ACC8(8), ACC8(16), ACC8(24), ACC8(32), ACC8(40), ACC8(48), ACC8(56)
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(b));
}

extern "C" __global__ void __launch_bounds__(128, MIN_BLOCKS)
    gemm_wgmma(const f16_bits* a, const f16_bits* b, float* c, int M, int N, int K) {
    extern __shared__ __align__(1024) unsigned char smem[];  // STAGES x (a 8 KiB, b 8 KiB)
    const int t = threadIdx.x, lane = t & 31, warp = t >> 5;
    const int row0 = blockIdx.y * 128, col0 = blockIdx.x * 128;
    const unsigned base = (shared_address(smem) + 1023) & ~1023u;
    float acc[2][128 / WG_N][WG_N / 2] = {};  // [mi][nj]: rows 64 mi.., columns WG_N nj..
    auto load = [&](int stage, int k0) {
        const unsigned sa = base + stage * 16384, sb = sa + 8192;
        for (int i = 0; i < 4; ++i) {  // a: 512 chunks of 16 bytes, 4 a thread
            const int chunk = t + i * 128, r = chunk / 4, q = chunk % 4;
            copy16(sa + swizzle(r * 64 + q * 16),
                   a + static_cast<long long>(row0 + r) * K + k0 + q * 8);
        }
        for (int h = 0; h < 2; ++h)
            for (int i = 0; i < 2; ++i) {  // each half of b: 256 chunks, 2 a thread
                const int chunk = t + i * 128, r = chunk / 8, q = chunk % 8;
                copy16(sb + swizzle(h * 4096 + r * 128 + q * 16),
                       b + static_cast<long long>(k0 + r) * N + col0 + h * 64 + q * 8);
            }
    };
    const int steps = K / 32;
    for (int s = 0; s < STAGES - 1; ++s) {
        if (s < steps) load(s, s * 32);
        asm volatile("cp.async.commit_group;\n" ::);
    }
    for (int step = 0; step < steps; ++step) {
        asm volatile("cp.async.wait_group %0;\n" ::"n"(STAGES - 2));
        // cp.async wrote through the generic proxy; wgmma reads through the async proxy.
        asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");
        __syncthreads();
        const int stage = step % STAGES;
        const unsigned sa = base + stage * 16384, sb = sa + 8192;
        unsigned fa[2][2][4];  // [ks / 16][mi]: this warp's 16 rows of A
        for (int kk = 0; kk < 2; ++kk)
            for (int mi = 0; mi < 2; ++mi) {
                const int r = mi * 64 + warp * 16 + (lane & 15), k = kk * 16 + (lane >> 4) * 8;
                ldmatrix_x4(fa[kk][mi], sa + swizzle(r * 64 + k * 2));
            }
        // The register operands are written: the tensor cores may read them.
        asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory");
        for (int kk = 0; kk < 2; ++kk)
            for (int mi = 0; mi < 2; ++mi) {
#if WG_N == 128
                wgmma128(acc[mi][0], fa[kk][mi], b_descriptor(sb + kk * 2048));
#else
                for (int nj = 0; nj < 2; ++nj)
                    wgmma64(acc[mi][nj], fa[kk][mi], b_descriptor(sb + nj * 4096 + kk * 2048));
#endif
            }
        asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory");
        // The previous step's products are done: its stage may be filled again.
        asm volatile("wgmma.wait_group.sync.aligned %0;\n" ::"n"(WG_WAIT) : "memory");
        const int next = step + STAGES - 1;
        if (next < steps) load(next % STAGES, next * 32);
        asm volatile("cp.async.commit_group;\n" ::);
    }
    asm volatile("wgmma.wait_group.sync.aligned 0;\n" ::: "memory");
    const int g = lane >> 2, cq = (lane & 3) * 2;
    for (int mi = 0; mi < 2; ++mi)
        for (int nj = 0; nj < 128 / WG_N; ++nj)
            for (int j = 0; j < WG_N / 8; ++j) {
                const long long r = row0 + mi * 64 + warp * 16 + g;
                const int col = col0 + nj * WG_N + j * 8 + cq;
                const float* d = &acc[mi][nj][4 * j];
                c[r * N + col] = d[0];
                c[r * N + col + 1] = d[1];
                c[(r + 8) * N + col] = d[2];
                c[(r + 8) * N + col + 1] = d[3];
            }
}
