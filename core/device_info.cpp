#include "core/device_info.h"

namespace dpk {

std::string_view device_kind_name(DeviceKind k) {
    switch (k) {
        case DeviceKind::Cpu: return "cpu";
        case DeviceKind::Gpu: return "gpu";
        case DeviceKind::Accelerator: return "accelerator";
        case DeviceKind::Custom: return "custom";
    }
    return "?";
}

std::string_view spirv_ingest_name(SpirvIngest s) {
    switch (s) {
        case SpirvIngest::IL: return "IL";
        case SpirvIngest::Translated: return "translated";
        case SpirvIngest::None: return "none";
    }
    return "?";
}

}  // namespace dpk
