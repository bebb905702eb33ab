// A minimal raw-OpenCL harness for emitter execution tests: builds our SPIR-V on every OpenCL
// device that can take it (IL devices directly; cl_khr_spir devices through llvm-spirv-15 to
// SPIR 1.2 bitcode), binds arguments in KernelAbi order and runs one NDRange. Not the runtime:
// it exists so the emitter's output is checked for meaning, not only for validity.
#pragma once

#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <variant>
#include <vector>

#include "dpk/core/kernel_abi.h"

namespace dpk::tests {

/// One device and how it takes SPIR-V.
struct ClDevice {
    cl_platform_id platform = nullptr;
    cl_device_id device = nullptr;
    cl_context context = nullptr;
    cl_command_queue queue = nullptr;
    std::string name;
    bool takes_il = false;  // clCreateProgramWithIL; else SPIR 1.2 bitcode
    bool fp64 = false;
};

/// Every usable device (created once per process).
std::vector<ClDevice>& cl_devices();

/// An array argument: its bytes (copied back after the launch), shape and strides (elements).
struct HostArray {
    std::vector<unsigned char> bytes;
    std::vector<std::int64_t> shape;
    std::vector<std::int64_t> strides;  // used for layout Any

    template <typename T>
    static HostArray of(const std::vector<T>& v, std::vector<std::int64_t> shape = {},
                        std::vector<std::int64_t> strides = {}) {
        HostArray a;
        a.bytes.resize(v.size() * sizeof(T));
        std::memcpy(a.bytes.data(), v.data(), a.bytes.size());
        a.shape = shape.empty() ? std::vector<std::int64_t>{static_cast<std::int64_t>(v.size())}
                                : std::move(shape);
        a.strides = std::move(strides);
        return a;
    }
    template <typename T>
    std::vector<T> as() const {
        std::vector<T> v(bytes.size() / sizeof(T));
        std::memcpy(v.data(), bytes.data(), bytes.size());
        return v;
    }
};

/// A scalar argument's bytes.
struct HostScalar {
    std::vector<unsigned char> bytes;
    template <typename T>
    static HostScalar of(T v) {
        HostScalar s;
        s.bytes.resize(sizeof(T));
        std::memcpy(s.bytes.data(), &v, sizeof(T));
        return s;
    }
};

/// Launch-sized local memory: element count and element size.
struct HostLocal {
    std::int64_t length = 0;
    std::size_t element_size = 4;
};

using HostArg = std::variant<HostArray*, HostScalar, HostLocal>;

/// Builds `words` for `device`, runs `kernel` once over `global` / `local` (local may be empty)
/// with `args` (one per source parameter) bound in `abi` order, and copies arrays back.
/// Returns an empty string on success, else what failed.
std::string cl_run(ClDevice& device, const std::vector<std::uint32_t>& words,
                   const std::string& kernel, const KernelAbi& abi, std::vector<HostArg> args,
                   std::vector<std::size_t> global, std::vector<std::size_t> local = {});

}  // namespace dpk::tests
