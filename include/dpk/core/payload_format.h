// What a kernel image carries for the driver, and how a device says which payloads it loads.
#pragma once

#include <cstdint>
#include <string>

namespace dpk {

/// The format of a kernel image's payload (KernelImage::format). A device states per format how
/// it loads one (DeviceInfo::spirv for SPIR-V); the runtime refuses an image whose format the
/// device cannot load before any backend sees it. Serialized as one byte in bundles and cache
/// entries: new formats get new values, existing values never change.
enum class PayloadFormat : std::uint8_t {
    Spirv = 0,  // a SPIR-V module, KernelImage::spirv
};

/// "SPIR-V"; an unknown value reads "payload format N".
std::string payload_format_name(PayloadFormat f);

}  // namespace dpk
