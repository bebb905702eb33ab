// Test kernels for the runtime tests: SPIR-V assembly under tests/runtime/kernels, assembled
// in-process, wrapped in KernelImages that follow dpk's ABI (until the compiler emits them).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "dpk/core/kernel_abi.h"
#include "dpk/runtime/device.h"

namespace dpk::tests {

/// Assembles tests/runtime/kernels/<name>.spvasm (SPIRV-Tools, OpenCL 1.2 env); throws on errors.
std::vector<std::uint32_t> assemble_kernel(const std::string& name);

/// vecadd(a: f32[::1], b: f32[::1], c: f32[::1]) on `usm` arrays.
KernelImage vecadd_image(UsmType usm = UsmType::Device);
/// saxpy(alpha: f32, x: f32[::1], y: f32[::1]) with a bounds check.
KernelImage saxpy_image();
/// block_sum(x: f32[::1], out: f32[::1], scratch: local f32[:]): per-group sums.
KernelImage block_sum_image();
/// histogram(data: i32[::1], bins: i32[::1]) with integer atomics.
KernelImage histogram_image();
/// index2d(out: i64[:, :]) (layout Any: shape and strides passed).
KernelImage index2d_image();
/// index3d(out: i64[:, :, ::1]) over a 3-d range.
KernelImage index3d_image();

/// Devices that take SPIR-V (as IL or through a translation): the devices numbers are checked
/// on. With $DPK_DEVICE set, only the devices that filter selects.
std::vector<runtime::Device> spirv_devices();
/// "opencl:cpu:0 (Portable Computing Language, translated)".
std::string device_label(const runtime::Device& d);

}  // namespace dpk::tests
