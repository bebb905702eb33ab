// The C interface between the OpenCL backend and the SPIR 1.2 translator plugin
// (libdpk-spir.so), which holds all of dpk's LLVM code: a process loads LLVM only when a device
// takes SPIR 1.2 and a module must be translated (a cold build for PoCL), never for IL devices,
// warm starts or AOT programs on them.
#pragma once

#include <cstddef>
#include <cstdint>

#include "backends/opencl/spir_translation_revision.h"  // generated (backends/CMakeLists.txt)

#define DPK_SPIR_EXPORT __attribute__((visibility("default")))

extern "C" {

/// Where the plugin delivers its result: the bitcode, or an error headline and detail.
struct DpkSpirOutput {
    void* context;
    void (*bitcode)(void* context, const char* data, std::size_t size);
    void (*error)(void* context, const char* title, const char* detail);
};

/// `dpk_spir_translator_revision`: the kSpirTranslationRevision the plugin was built with; the
/// backend refuses a plugin of another revision (another build's sources or LLVM: its bitcode
/// would not match cache keys).
using DpkSpirRevisionFn = const char* (*)();
/// `dpk_spir_translate`: translates `count` words of validated SPIR-V; 1 when `out->bitcode`
/// was called, 0 when `out->error` was. Thread-safe (translations are serialized).
using DpkSpirTranslateFn = int (*)(const std::uint32_t* words, std::size_t count,
                                   const DpkSpirOutput* out);
}

namespace dpk::backends::opencl {
inline constexpr const char* kSpirTranslatorFile = "libdpk-spir.so";
/// Revision of the SPIR 1.2 bitcode made from a given SPIR-V module: "spir-" and a SHA-256 of
/// the plugin's sources and the LLVM and LLVMSPIRVLib it is built against, made at build time.
/// Part of the on-disk program cache key of SPIR 1.2 devices (DeviceInfo::ingest_revision).
inline constexpr const char* kSpirTranslationRevision = DPK_SPIR_TRANSLATION_REVISION;
inline constexpr const char* kSpirRevisionSymbol = "dpk_spir_translator_revision";
inline constexpr const char* kSpirTranslateSymbol = "dpk_spir_translate";
}  // namespace dpk::backends::opencl
