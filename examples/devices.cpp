// Prints the filter string of every device that takes SPIR-V, one a line: the devices
// run_on_devices.sh runs each example on. With $DPK_DEVICE set, only the devices it selects.
#include <dpk/runtime/device.h>

#include <cstdio>
#include <cstdlib>

int main() {
    const char* only = std::getenv("DPK_DEVICE");
    const auto devices =
        only && *only ? dpk::runtime::select_devices(only) : dpk::runtime::all_devices();
    for (const dpk::runtime::Device& d : devices)
        if (d.takes_spirv()) std::printf("%s\n", d.filter_string().c_str());
    return 0;
}
