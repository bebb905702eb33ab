// How the OpenCL backend calls a driver: through the ICD dispatch table that every OpenCL object
// starts with (cl_khr_icd), not through the ICD loader's entry points.
#pragma once

#include <CL/cl_icd.h>

#include "backends/opencl/cl_api.h"

namespace dpk::backends::opencl {

/// The dispatch table of the driver that made `object` (a platform, device, context, queue,
/// program, kernel, event or memory object). Calling through it reaches that driver directly:
/// the ICD loader (ocl-icd) would otherwise load and initialize every installed driver at the
/// first call of any entry point, which is most of a warm start's time (see docs/runtime.md).
/// OpenCL layers configured in the loader (OPENCL_LAYERS) therefore do not see dpk's calls.
template <class Object>
const cl_icd_dispatch& icd(Object object) {
    return **reinterpret_cast<cl_icd_dispatch* const*>(object);
}

}  // namespace dpk::backends::opencl
