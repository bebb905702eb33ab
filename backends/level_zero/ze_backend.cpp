#include "backends/level_zero/ze_device.h"

namespace dpk::backends::level_zero {

const BackendEntry& backend_entry() {
    static const BackendEntry entry = [] {
        BackendEntry e;
        e.name = "level_zero";
        e.aliases = {"ext_oneapi_level_zero"};
        e.rank = 0;
        e.one_driver = true;
        e.discover = [](std::span<const std::shared_ptr<Device>>) { return discover(); };
        return e;
    }();
    return entry;
}

}  // namespace dpk::backends::level_zero
