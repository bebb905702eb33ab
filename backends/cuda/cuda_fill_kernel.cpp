#include "backends/cuda/cuda_fill_kernel.h"

namespace dpk::backends::cuda {

namespace {

/// One grid-stride fill entry point. `unit` is "u64" or "u8", `shift` log2 of its size. Thread i
/// stores pattern[i mod period] at positions i, i + S, i + 2S, ... where S (the grid's thread
/// count) is a multiple of the period, so each thread reads its pattern element once.
std::string entry(const char* name, const char* unit, int shift) {
    const std::string u = unit;
    const std::string sh = std::to_string(shift);
    return std::string(".visible .entry ") + name +
           "(\n"
           "    .param .u64 dst,\n"
           "    .param .u64 count,\n"
           "    .param .align 8 .b8 pattern[128],\n"
           "    .param .u32 period\n"
           ")\n"
           "{\n"
           "    .reg .pred %p<2>;\n"
           "    .reg .b32 %r<6>;\n"
           "    .reg .b64 %rd<12>;\n"
           "    .reg .b16 %h<2>;\n"
           "    ld.param.u64 %rd1, [dst];\n"
           "    cvta.to.global.u64 %rd1, %rd1;\n"
           "    ld.param.u64 %rd2, [count];\n"
           "    ld.param.u32 %r1, [period];\n"
           "    mov.u32 %r2, %ctaid.x;\n"
           "    mov.u32 %r3, %ntid.x;\n"
           "    mov.u32 %r4, %tid.x;\n"
           "    cvt.u64.u32 %rd4, %r4;\n"
           "    mad.wide.u32 %rd3, %r2, %r3, %rd4;\n"
           "    mov.u32 %r5, %nctaid.x;\n"
           "    mul.wide.u32 %rd5, %r5, %r3;\n"
           "    setp.ge.u64 %p1, %rd3, %rd2;\n"
           "    @%p1 bra DONE;\n"
           "    cvt.u64.u32 %rd6, %r1;\n"
           "    sub.u64 %rd6, %rd6, 1;\n"
           "    and.b64 %rd7, %rd3, %rd6;\n"
           "    shl.b64 %rd7, %rd7, " +
           sh +
           ";\n"
           "    mov.u64 %rd8, pattern;\n"
           "    add.u64 %rd8, %rd8, %rd7;\n" +
           (shift == 0 ? "    ld.param.u8 %h1, [%rd8];\n" : "    ld.param.u64 %rd9, [%rd8];\n") +
           "LOOP:\n"
           "    shl.b64 %rd10, %rd3, " +
           sh +
           ";\n"
           "    add.u64 %rd11, %rd1, %rd10;\n" +
           (shift == 0 ? "    st.global.u8 [%rd11], %h1;\n"
                       : "    st.global." + u + " [%rd11], %rd9;\n") +
           "    add.u64 %rd3, %rd3, %rd5;\n"
           "    setp.lt.u64 %p1, %rd3, %rd2;\n"
           "    @%p1 bra LOOP;\n"
           "DONE:\n"
           "    ret;\n"
           "}\n";
}

}  // namespace

std::string fill_kernels_ptx(const PtxTarget& target) {
    return "// dpk CUDA backend: fill kernels\n"
           ".version " +
           std::to_string(target.ptx_major) + "." + std::to_string(target.ptx_minor) +
           "\n.target sm_" + std::to_string(target.sm) + "\n.address_size 64\n\n" +
           entry(kFillWordsKernel, "u64", 3) + "\n" + entry(kFillBytesKernel, "u8", 0);
}

}  // namespace dpk::backends::cuda
