// NumPy .npy files (format 1.0-3.0): read and write dtype, shape, C/F order and data.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "dpk/core/dtype.h"
#include "dpk/core/error.h"
#include "dpk/runtime/usm_array.h"

namespace dpk::tools {

/// A malformed or unsupported .npy file (the message names the file and the problem).
class NpyError : public error {
public:
    using error::error;
};

/// The contents of one .npy file: elements stored in C order, or F order if fortran_order.
struct NpyArray {
    DType dtype = DType::F64;
    std::vector<std::int64_t> shape;
    bool fortran_order = false;
    std::vector<char> data;

    std::int64_t size() const;
};

/// Parses .npy bytes (little-endian or byte-order-free dtypes only); `name` is used in messages.
NpyArray parse_npy(const std::string& bytes, const std::string& name = "<memory>");
/// The .npy encoding (format 1.0, or 2.0 when the header needs it).
std::string encode_npy(const NpyArray& array);
NpyArray read_npy(const std::string& path);
void write_npy(const std::string& path, const NpyArray& array);

/// A USM array holding the file's elements in the file's order (C or F).
runtime::UsmArray to_usm_array(const runtime::Queue& queue, const NpyArray& npy,
                               UsmType usm_type = UsmType::Device);
/// The array's elements, in F order if the array is F- but not C-contiguous, else in C order.
NpyArray to_npy(const runtime::UsmArray& array);

}  // namespace dpk::tools
