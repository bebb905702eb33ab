// What bench/kernels' hand-written twins of dpk's GEMMs share (no other headers: the twins are
// built at run time by NVRTC or nvcc with this folder on the include path): dpk's swizzle of a
// work-group array (the 16-byte chunk at byte offset o at o ^ ((o >> 3) & 0x70)), a generic
// pointer's shared-memory address, a 16-byte cp.async copy and an ldmatrix of four 8x8 tiles.
#pragma once

typedef unsigned short f16_bits;

__device__ __forceinline__ unsigned swizzle(unsigned o) {
    return o ^ ((o >> 3) & 0x70u);
}

__device__ __forceinline__ unsigned shared_address(const void* p) {
    unsigned a;
    asm("{ .reg .u64 t; cvta.to.shared.u64 t, %1; cvt.u32.u64 %0, t; }" : "=r"(a) : "l"(p));
    return a;
}

__device__ __forceinline__ void copy16(unsigned dst, const void* src) {
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(dst), "l"(src));
}

__device__ __forceinline__ void ldmatrix_x4(unsigned (&r)[4], unsigned address) {
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];\n"
                 : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
                 : "r"(address));
}
