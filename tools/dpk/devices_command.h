// `dpk devices`: every platform and device, how it takes SPIR-V, and its main limits.
#pragma once

#include <ostream>

namespace dpk::tools {

/// Prints the listing; returns the process exit code (0).
int devices_command(std::ostream& out);

}  // namespace dpk::tools
