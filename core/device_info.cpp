#include "dpk/core/device_info.h"

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

bool DeviceInfo::loads(PayloadFormat f) const {
    switch (f) {
        case PayloadFormat::Spirv: return spirv != SpirvIngest::None;
    }
    return false;
}

std::string DeviceInfo::why_not_loaded(PayloadFormat f) const {
    if (loads(f)) return {};
    switch (f) {
        case PayloadFormat::Spirv: return spirv_detail;
    }
    return "no backend loads " + payload_format_name(f);
}

}  // namespace dpk
