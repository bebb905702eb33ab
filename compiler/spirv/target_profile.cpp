#include "compiler/spirv/target_profile.h"

#include <algorithm>

namespace dpk::compiler::spirv {

namespace {

using spv::Capability;

/// What every OpenCL full-profile SPIR-V consumer guarantees (SPIR-V environment spec, 1.2).
std::vector<Capability> opencl_base() {
    return {Capability::Addresses, Capability::Float16Buffer, Capability::Int16,
            Capability::Int8,      Capability::Kernel,        Capability::Linkage,
            Capability::Vector16,  Capability::Int64};
}

void add_optional(std::vector<Capability>& caps, const DeviceFeatures& f) {
    if (f.fp64) caps.push_back(Capability::Float64);
    if (f.fp16) caps.push_back(Capability::Float16);
    if (f.int64_atomics) caps.push_back(Capability::Int64Atomics);
}

std::string features_suffix(const DeviceFeatures& f) {
    std::string s;
    s += f.fp64 ? "+fp64" : "-fp64";
    s += f.fp16 ? "+fp16" : "-fp16";
    s += f.int64_atomics ? "+int64-atomics" : "-int64-atomics";
    return s;
}

}  // namespace

TargetProfile TargetProfile::opencl(DeviceFeatures features) {
    auto caps = opencl_base();
    add_optional(caps, features);
    return TargetProfile("opencl" + features_suffix(features), std::move(caps));
}

TargetProfile TargetProfile::level_zero(DeviceFeatures features) {
    auto caps = opencl_base();
    add_optional(caps, features);
    return TargetProfile("level-zero" + features_suffix(features), std::move(caps));
}

bool TargetProfile::supports(Capability c) const {
    return std::find(capabilities_.begin(), capabilities_.end(), c) != capabilities_.end();
}

std::string capability_name(Capability c) {
    switch (c) {
        case Capability::Addresses: return "Addresses";
        case Capability::Linkage: return "Linkage";
        case Capability::Kernel: return "Kernel";
        case Capability::Vector16: return "Vector16";
        case Capability::Float16Buffer: return "Float16Buffer";
        case Capability::Float16: return "Float16";
        case Capability::Float64: return "Float64";
        case Capability::Int64: return "Int64";
        case Capability::Int64Atomics: return "Int64Atomics";
        case Capability::Int16: return "Int16";
        case Capability::Int8: return "Int8";
        case Capability::GenericPointer: return "GenericPointer";
        case Capability::Groups: return "Groups";
        default: break;
    }
    return "Capability(" + std::to_string(static_cast<unsigned>(c)) + ")";
}

}  // namespace dpk::compiler::spirv
