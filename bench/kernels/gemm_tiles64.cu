// CUDA C twin of bench/kernels/gemm_f16.dpk's gemm_tiles64 (the same algorithm written by hand
// with inline PTX): c = a * b, f16 in, f32 out, row-major, M, N, K multiples of 128 / 128 / 32.
// A 128 x 128 block of c per block of 128 threads (four warps of 64 x 64), two stages of a 128 x
// 32 slice of a and a 32 x 128 slice of b (two 32 x 64 halves) in shared memory, filled by
// cp.async of 16 bytes and laid out as dpk lays out its swizzled arrays (the 16-byte chunk at
// byte offset o at o ^ ((o >> 3) & 0x70)), read by ldmatrix, multiplied by mma.sync m16n8k16.
// Its only header is twin_shared.cuh, beside it: bench/matmul_tensor.py compiles it at run
// time (CuPy's RawModule) as the anchor for dpk's code generation on the same algorithm.
#include "twin_shared.cuh"

// The blocks a multiprocessor must hold (the register cap that follows: 65536 / 128 / blocks);
// bench/matmul_tensor.py builds it as it is and with -DTWIN_MIN_BLOCKS=3, dpk's occupancy.
#ifndef TWIN_MIN_BLOCKS
#define TWIN_MIN_BLOCKS 1
#endif

__device__ __forceinline__ void ldmatrix_x4_trans(unsigned (&r)[4], unsigned address) {
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0, %1, %2, %3}, [%4];\n"
                 : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
                 : "r"(address));
}

__device__ __forceinline__ void mma(float (&d)[4], const unsigned (&a)[4], unsigned b0,
                                    unsigned b1) {
    asm volatile(
        "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, "
        "{%8, %9}, {%0, %1, %2, %3};\n"
        : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1));
}

extern "C" __global__ void __launch_bounds__(128, TWIN_MIN_BLOCKS)
    gemm_tiles64(const f16_bits* a, const f16_bits* b, float* c, int M, int N, int K) {
    __shared__ __align__(1024) unsigned char sa[2][128 * 64];      // stage: 128 rows of 64 bytes
    __shared__ __align__(1024) unsigned char sb[2][2 * 32 * 128];  // stage, half: 32 rows of 128
    const int t = threadIdx.x, lane = t & 31, warp = t >> 5;
    const int row0 = blockIdx.y * 128, col0 = blockIdx.x * 128;
    const int wr = warp / 2 * 64, wc = warp % 2 * 64;
    const unsigned sa0 = shared_address(sa), sb0 = shared_address(sb);
    float acc[4][8][4] = {};
    auto load = [&](int stage, int k0) {
        for (int i = 0; i < 4; ++i) {  // a: 512 chunks of 16 bytes, 4 a thread
            const int chunk = t + i * 128, r = chunk / 4, q = chunk % 4;
            copy16(sa0 + stage * 8192 + swizzle(r * 64 + q * 16),
                   a + static_cast<long long>(row0 + r) * K + k0 + q * 8);
        }
        for (int h = 0; h < 2; ++h)
            for (int i = 0; i < 2; ++i) {  // each half of b: 256 chunks, 2 a thread
                const int chunk = t + i * 128, r = chunk / 8, q = chunk % 8;
                copy16(sb0 + stage * 8192 + swizzle(h * 4096 + r * 128 + q * 16),
                       b + static_cast<long long>(k0 + r) * N + col0 + h * 64 + q * 8);
            }
        asm volatile("cp.async.commit_group;\n" ::);
    };
    const int steps = K / 32;
    load(0, 0);
    for (int step = 0; step < steps; ++step) {
        asm volatile("cp.async.wait_group 0;\n" ::);
        __syncthreads();
        if (step + 1 < steps) load((step + 1) % 2, (step + 1) * 32);
        const unsigned sa_s = sa0 + (step % 2) * 8192, sb_s = sb0 + (step % 2) * 8192;
        for (int ks = 0; ks < 32; ks += 16) {
            unsigned fa[4][4], fb[4][4];
            for (int nj = 0; nj < 4; ++nj) {  // b: rows ks.., columns 16 nj.. of half wc / 64
                const int k = ks + (lane & 7) + ((lane >> 3) & 1) * 8;
                const int n = nj * 16 + (lane >> 4) * 8;
                ldmatrix_x4_trans(fb[nj], sb_s + swizzle(wc / 64 * 4096 + k * 128 + n * 2));
            }
            for (int mi = 0; mi < 4; ++mi) {  // a: rows wr + 16 mi.., columns ks..
                const int r = wr + mi * 16 + (lane & 15), k = ks + (lane >> 4) * 8;
                ldmatrix_x4(fa[mi], sa_s + swizzle(r * 64 + k * 2));
                for (int nj = 0; nj < 4; ++nj) {
                    mma(acc[mi][2 * nj], fa[mi], fb[nj][0], fb[nj][1]);
                    mma(acc[mi][2 * nj + 1], fa[mi], fb[nj][2], fb[nj][3]);
                }
            }
        }
    }
    const int g = lane >> 2, cq = (lane & 3) * 2;
    for (int mi = 0; mi < 4; ++mi)
        for (int nb = 0; nb < 8; ++nb) {
            const long long r = row0 + wr + mi * 16 + g;
            const int col = col0 + wc + nb * 8 + cq;
            c[r * N + col] = acc[mi][nb][0];
            c[r * N + col + 1] = acc[mi][nb][1];
            c[(r + 8) * N + col] = acc[mi][nb][2];
            c[(r + 8) * N + col + 1] = acc[mi][nb][3];
        }
}
