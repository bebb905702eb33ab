// dpk: the runtime's command-line tool (`dpk devices`, `dpk run`).
#include <exception>
#include <iostream>
#include <new>
#include <string>
#include <vector>

#include "dpk/core/error.h"
#include "dpk/core/version.h"
#include "tools/dpk/devices_command.h"
#include "tools/dpk/run_command.h"

namespace {

constexpr int kError = 1;
constexpr int kUsageError = 2;
constexpr int kInternalError = 3;

constexpr const char* kDevicesUsage =
    "usage: dpk devices\n"
    "  lists every device dpk finds, with its filter string (e.g. opencl:cpu:0)\n";

constexpr const char* kRunUsage =
    "usage: dpk run FILE.dpk [-k KERNEL] [-s SIGNATURE] --global G0[,G1[,G2]]\n"
    "               [--local L0[,L1[,L2]]] [--device FILTER] [--repeat N]\n"
    "               [--warmup N] [--no-restore] [--no-fp-contract] [--check-bounds]\n"
    "               [--no-asserts]\n"
    "               [--out NAME=PATH.npy]... NAME=VALUE...\n"
    "  -k KERNEL: the kernel to run; may be left out when FILE.dpk has one kernel\n"
    "  VALUE: @PATH.npy | zeros:DTYPE[D0,D1,...] | local:DTYPE[N] | NUMBER[:DTYPE]\n"
    "  --no-fp-contract: round every operation on its own (by default a * b + c may\n"
    "  fuse into one multiply-add, as in OpenCL C)\n"
    "  --local: the work-group size; without it dpk run chooses one and prints it\n"
    "  --repeat N: N timed launches (device time), after --warmup untimed ones (default 1);\n"
    "  each starts from the arrays as given (--no-restore: from what the last one left)\n"
    "  --check-bounds: check every array index against the array's shape; the first\n"
    "  index outside is an error naming kernel, array, index, shape and work-item\n"
    "  (also DPK_CHECK_BOUNDS=1)\n"
    "  --no-asserts: compile assert(cond, message) to nothing; by default a false\n"
    "  condition is an error naming kernel, line, condition, message and work-item\n";

void usage(std::ostream& out) {
    out << "usage: dpk devices\n"
           "       dpk run FILE.dpk [-k KERNEL] ... (dpk run --help for the rest)\n"
           "       dpk help | -h | --help\n"
           "       dpk --version\n\n"
        << kDevicesUsage << "\n"
        << kRunUsage
        << "Exit status: 0 success; 1 error (bad argument, compile or launch error, unreadable\n"
           "input, failed output: no partial file is left); 2 usage error; 3 internal error.\n";
}

bool asks_for_help(const std::vector<std::string>& args) {
    for (std::size_t i = 1; i < args.size(); ++i)
        if (args[i] == "-h" || args[i] == "--help") return true;
    return false;
}

}  // namespace

int main(int argc, char** argv) {
    std::vector<std::string> args(argv + 1, argv + argc);
    if (args.empty() || args[0] == "-h" || args[0] == "--help" || args[0] == "help") {
        usage(args.empty() ? std::cerr : std::cout);
        return args.empty() ? kUsageError : 0;
    }
    if (args[0] == "--version" || args[0] == "version") {
        std::cout << "dpk " << dpk::version() << "\n";
        return 0;
    }
    if (args[0] == "devices" && asks_for_help(args)) {
        std::cout << kDevicesUsage;
        return 0;
    }
    if (args[0] == "run" && asks_for_help(args)) {
        std::cout << kRunUsage;
        return 0;
    }
    try {
        if (args[0] == "devices") {
            if (args.size() > 1) {
                std::cerr << "dpk: error: 'dpk devices' takes no arguments, got '" << args[1]
                          << "'\n"
                          << kDevicesUsage;
                return kUsageError;
            }
            return dpk::tools::devices_command(std::cout);
        }
        if (args[0] == "run") {
            dpk::tools::RunRequest request =
                dpk::tools::parse_run_arguments({args.begin() + 1, args.end()});
            return dpk::tools::run_command(request, std::cout, std::cerr);
        }
    } catch (const dpk::error& e) {
        std::cerr << "dpk: error: " << e.what() << "\n";
        return kError;
    } catch (const std::bad_alloc&) {
        std::cerr << "dpk: error: out of memory\n";
        return kError;
    } catch (const std::exception& e) {
        std::cerr << "dpk: internal error: " << e.what() << "\n";
        return kInternalError;
    } catch (...) {
        std::cerr << "dpk: internal error\n";
        return kInternalError;
    }
    std::cerr << "dpk: error: unknown command '" << args[0] << "'\n";
    usage(std::cerr);
    return kUsageError;
}
