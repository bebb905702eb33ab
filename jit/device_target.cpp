#include "jit/device_target.h"

namespace dpk::jit {

compiler::spirv::TargetProfile device_target(const runtime::Device& device) {
    return compiler::spirv::TargetProfile(device.target());
}

}  // namespace dpk::jit
