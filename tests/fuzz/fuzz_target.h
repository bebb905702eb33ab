// One fuzz harness: DPK_FUZZ_TARGET(name) { ... } defines the body that takes one input. Built
// with libFuzzer (DPK_LIBFUZZER) it is the binary's LLVMFuzzerTestOneInput; otherwise it joins
// the table fuzz_replay reads, which runs every checked-in input of a harness as a test.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>

namespace dpk::tests {

using FuzzFunction = int (*)(const std::uint8_t* data, std::size_t size);

/// The harnesses linked into this binary, by name.
inline std::map<std::string, FuzzFunction>& fuzz_targets() {
    static std::map<std::string, FuzzFunction> targets;
    return targets;
}

struct FuzzRegistration {
    FuzzRegistration(const char* name, FuzzFunction f) { fuzz_targets()[name] = f; }
};

/// The input as text (harnesses of text formats).
inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
    return {reinterpret_cast<const char*>(data), size};
}

}  // namespace dpk::tests

#ifdef DPK_LIBFUZZER
#define DPK_FUZZ_ENTRY(name)                                                            \
    extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) { \
        return fuzz_##name(data, size);                                                 \
    }
#else
#define DPK_FUZZ_ENTRY(name) \
    static const dpk::tests::FuzzRegistration fuzz_registration_##name(#name, fuzz_##name);
#endif

#define DPK_FUZZ_TARGET(name)                                           \
    static int fuzz_##name(const std::uint8_t* data, std::size_t size); \
    DPK_FUZZ_ENTRY(name)                                                \
    static int fuzz_##name(const std::uint8_t* data, std::size_t size)
