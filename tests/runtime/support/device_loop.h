// Running a test body on every SPIR-V-capable device, with a printed skip when there is none.
#pragma once

#include <doctest/doctest.h>

#include <cstdlib>

#include "tests/runtime/support/test_kernels.h"

namespace dpk::tests {

/// The devices numbers are checked on; prints a SKIPPED message (never a silent pass) if none.
inline std::vector<runtime::Device> devices_under_test() {
    std::vector<runtime::Device> devices = spirv_devices();
    if (devices.empty())
        MESSAGE("SKIPPED: no device that takes SPIR-V was found"
                << (std::getenv("DPK_DEVICE") ? " matching $DPK_DEVICE" : ""));
    return devices;
}

/// The first device that `pred` accepts, or an empty handle (after printing why it is skipped).
template <typename Pred>
runtime::Device device_where(Pred&& pred, const char* what) {
    for (const runtime::Device& d : runtime::all_devices())
        if (pred(d)) return d;
    MESSAGE("SKIPPED: no " << std::string(what) << " device found");
    return {};
}

}  // namespace dpk::tests
