#include "runtime/kernel_image_check.h"

#include "backends/spirv_requirements.h"
#include "backends/spirv_validation.h"

namespace dpk::runtime {

void check_kernel_image(KernelImage& image, const std::string& what) {
    backends::validate_spirv(image.spirv, what);
    image.requirements = backends::spirv_requirements(image.spirv);
}

}  // namespace dpk::runtime
