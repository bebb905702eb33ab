// dpk's version, as the project declares it (project(dpk VERSION ...) in CMakeLists.txt).
#pragma once

#include <string_view>

namespace dpk {

/// dpk's version, "MAJOR.MINOR.PATCH": what `--version` prints and dpk-config-version.cmake checks.
std::string_view version();

}  // namespace dpk
