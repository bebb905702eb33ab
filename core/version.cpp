#include "dpk/core/version.h"

namespace dpk {

std::string_view version() { return DPK_VERSION; }

}  // namespace dpk
