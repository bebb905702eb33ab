// Where an installed dpk keeps the files it reads at run time (the stdlib modules, the SPIR 1.2
// translator plugin), found from the binary that runs dpk's code, so an installed prefix can be
// moved or packaged. The layout itself is set once, in cmake/DpkInstallDirs.cmake.
#pragma once

#include <filesystem>
#include <vector>

namespace dpk::install_layout {

/// Folders that may hold the stdlib (`import std.NAME;`) of an installed dpk, in search order:
/// relative to the folder of the executable or shared library holding dpk's code (bin/ ->
/// share/dpk/stdlib), then the prefix dpk was configured for, then its Debian package's (/usr).
std::vector<std::filesystem::path> stdlib_folders();

/// Folders that may hold the SPIR 1.2 translator plugin, in search order: the binary's own
/// folder, relative to it (bin/ -> lib/dpk), then the prefix dpk was configured for, then its
/// Debian package's.
std::vector<std::filesystem::path> plugin_folders();

}  // namespace dpk::install_layout
