#include "dpk/core/kernel_abi.h"

namespace dpk {

std::string describe(const KernelAbi& abi) {
    std::string s;
    for (std::size_t i = 0; i < abi.args.size(); ++i) {
        const AbiArg& a = abi.args[i];
        std::string p = "param " + std::to_string(a.param);
        s += "arg " + std::to_string(i) + ": ";
        switch (a.kind) {
            case AbiArg::Kind::GlobalPointer:
                s += "global " + std::string(dtype_name(a.dtype)) + "* data of " + p;
                break;
            case AbiArg::Kind::LocalPointer:
                s += "local " + std::string(dtype_name(a.dtype)) + "* memory of " + p;
                break;
            case AbiArg::Kind::Scalar: s += std::string(dtype_name(a.dtype)) + " " + p; break;
            case AbiArg::Kind::Shape:
                s += "i64 shape[" + std::to_string(a.dim) + "] of " + p;
                break;
            case AbiArg::Kind::Stride:
                s += "i64 strides[" + std::to_string(a.dim) + "] of " + p;
                break;
            case AbiArg::Kind::LocalLength: s += "i64 length of " + p; break;
            case AbiArg::Kind::BoundsRecord: s += "u64* bounds record"; break;
        }
        s += "\n";
    }
    s += "static local memory: " + std::to_string(abi.static_local_bytes) + " bytes\n";
    std::size_t asserts = 0;
    for (const BoundsSite& site : abi.bounds_sites)
        asserts += site.access == BoundsSite::Access::Assert;
    const std::size_t accesses = abi.bounds_sites.size() - asserts;
    if (abi.checks_bounds() && (accesses > 0 || asserts == 0))
        s += "bounds-checked accesses: " + std::to_string(accesses) + "\n";
    if (asserts > 0) s += "asserts: " + std::to_string(asserts) + "\n";
    if (abi.prints) s += "prints: yes (waits flush stdout)\n";
    if (abi.requires_local_size())
        s += "local size: " + std::to_string(abi.required_local_size[0]) + " x " +
             std::to_string(abi.required_local_size[1]) + " x " +
             std::to_string(abi.required_local_size[2]) + " (@local_size)\n";
    return s;
}

std::string_view access_name(BoundsSite::Access a) {
    switch (a) {
        case BoundsSite::Access::Read: return "read";
        case BoundsSite::Access::Write: return "write";
        case BoundsSite::Access::Update: return "update";
        case BoundsSite::Access::Atomic: return "atomic";
        case BoundsSite::Access::Assert: return "assert";
    }
    return "access";
}

}  // namespace dpk
