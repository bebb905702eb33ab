// KernelImages as bytes: what the disk cache and AOT bundles store.
#pragma once

#include "dpk/core/kernel_abi.h"
#include "runtime/sealed_file.h"

namespace dpk::runtime {

/// Appends `image` (name, signature, ABI, SPIR-V, parameter names). Its requirements are not
/// written: bytes read back are not trusted to describe their SPIR-V.
void write_kernel_image(ByteWriter& out, const KernelImage& image);
/// Reads an image written by write_kernel_image, checking every enum and index, then validates
/// its SPIR-V and sets its requirements from a scan of it (runtime/kernel_image_check.h): the
/// image is not checked again when loaded. Throws FormatError when anything is out of range or
/// the SPIR-V is invalid.
KernelImage read_kernel_image(ByteReader& in);

}  // namespace dpk::runtime
