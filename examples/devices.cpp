// Prints the filter string of every device that takes SPIR-V, one a line: the devices
// run_on_devices.sh runs each example on.
#include <cstdio>

#include "runtime/device.h"

int main() {
    for (const dpk::runtime::Device& d : dpk::runtime::all_devices())
        if (d.takes_spirv()) std::printf("%s\n", d.filter_string().c_str());
    return 0;
}
