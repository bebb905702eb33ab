// dpk's SPIR-V -> PTX translator for NVIDIA GPUs: OpenCL-flavour SPIR-V (Kernel capability,
// Physical64 addressing, OpenCL memory model, OpenCL.std) in, PTX text for ptxas / the CUDA
// driver out. No LLVM, no NVRTC.
#pragma once

#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace dpk::backends::cuda {

// clang-format off
struct PtxTarget { std::uint32_t sm = 90; std::uint32_t ptx_major = 7, ptx_minor = 8; };  // sm_90 needs PTX ISA >= 7.8
enum class PtxParamKind : std::uint8_t { Value, GlobalPointer, LocalBuffer };
struct PtxParam { PtxParamKind kind; std::uint32_t size; };   // size in bytes of the .param (LocalBuffer: 8, holds a byte offset into dynamic shared memory)
/// A kernel's work-group arrays (static local arrays) are .shared variables (static_shared_bytes) while they fit ptxas's 48 KiB limit; past it they sit at fixed offsets at the start of the kernel's dynamic shared memory (dynamic_array_bytes of it), and its `local` parameters' buffers follow them.
struct PtxKernel { std::string name; std::vector<PtxParam> params; std::uint64_t static_shared_bytes = 0; bool uses_dynamic_shared = false; std::uint64_t dynamic_array_bytes = 0; };
/// ptxas's limit on a kernel's .shared variables (0xc000 bytes).
inline constexpr std::uint64_t kStaticSharedLimit = 48 * 1024;
/// The alignment of dynamic shared memory the driver keeps; `local` parameters' buffers are
/// aligned to it.
inline constexpr std::uint64_t kDynamicSharedAlignment = 16;
struct PtxModule { std::string text; std::vector<PtxKernel> kernels; };
/// Thrown for any SPIR-V the translator does not handle: message names the instruction (opcode name, result id, its OpName if any) and the function/kernel it is in. Never crash, never emit wrong code.
class PtxTranslationError : public std::runtime_error { using std::runtime_error::runtime_error; };
PtxModule translate_to_ptx(std::span<const std::uint32_t> spirv, const PtxTarget& target = {});
// clang-format on

}  // namespace dpk::backends::cuda
