#include "dpk/core/payload_format.h"

namespace dpk {

std::string payload_format_name(PayloadFormat f) {
    switch (f) {
        case PayloadFormat::Spirv: return "SPIR-V";
    }
    return "payload format " + std::to_string(static_cast<unsigned>(f));
}

}  // namespace dpk
