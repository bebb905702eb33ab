// KernelImages as bytes: what the disk cache and AOT bundles store.
#pragma once

#include "runtime/sealed_file.h"
#include "runtime/types/kernel_abi.h"

namespace dpk::runtime {

/// Appends `image` (name, signature, ABI, SPIR-V, parameter names).
void write_kernel_image(ByteWriter& out, const KernelImage& image);
/// Reads an image written by write_kernel_image, checking every enum, index and the SPIR-V
/// header; throws FormatError when anything is out of range.
KernelImage read_kernel_image(ByteReader& in);

}  // namespace dpk::runtime
