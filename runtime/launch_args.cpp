#include "dpk/runtime/launch_args.h"

namespace dpk::runtime {

std::string Range::str() const {
    std::string s = "(";
    for (std::uint32_t d = 0; d < dims_; ++d) s += (d ? ", " : "") + std::to_string(extent_[d]);
    return s + ")";
}

}  // namespace dpk::runtime
