#include "runtime/kernel_image_check.h"

#include "runtime/spirv_requirements.h"
#include "runtime/spirv_validation.h"

namespace dpk::runtime {

void check_kernel_image(KernelImage& image, const std::string& what) {
    validate_spirv(image.spirv, what);
    image.requirements = spirv_requirements(image.spirv);
}

}  // namespace dpk::runtime
