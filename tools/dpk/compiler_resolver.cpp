// The seam between `dpk run` and the compiler. Until the compiler is wired in, `dpk run` reports
// that it is missing; replace this file's body with a resolver that parses FILE, finds KERNEL and
// specializes it (see KernelSource in run_command.h).
#include "runtime/error.h"
#include "tools/dpk/run_command.h"

namespace dpk::tools {

KernelResolver compiler_resolver() {
    return [](const std::string& file, const std::string& kernel) -> KernelSource {
        throw error("this build has no compiler wired in, so '" + kernel + "' in " + file +
                    " cannot be compiled (see tools/dpk/compiler_resolver.cpp)");
    };
}

}  // namespace dpk::tools
