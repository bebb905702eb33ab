// `dpk run`: arguments from .npy files, zero arrays, local memory and numbers; one kernel launch
// (or N timed ones); arrays written back to .npy. A client of the jit (dpk/jit/program.h,
// dpk/jit/kernel.h): the same specialization, argument checks and caches as a C++ program.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "dpk/core/device_info.h"
#include "dpk/core/kernel_abi.h"
#include "dpk/jit/kernel_cache.h"
#include "dpk/jit/program.h"

namespace dpk::tools {

/// One NAME=VALUE argument of `dpk run`.
struct ArgValue {
    enum class Kind : std::uint8_t {
        Npy,     // @PATH.npy: a USM array filled from the file
        Zeros,   // zeros:DTYPE[D0,D1,...]: a zero-filled USM array
        Local,   // local:DTYPE[N]: work-group memory for a `local T[:]` parameter
        Number,  // NUMBER[:DTYPE]: a scalar
    };
    Kind kind = Kind::Number;
    std::string name;
    std::string text;                 // the VALUE as given (for messages)
    std::string path;                 // Npy
    std::optional<DType> dtype;       // Zeros, Local, Number (if given)
    std::vector<std::int64_t> shape;  // Zeros; Local: {N}
    std::string number;               // Number
};

/// Parses VALUE for argument NAME; throws InvalidArgumentError naming the argument.
ArgValue parse_arg_value(const std::string& name, const std::string& value);

/// What `dpk run` asks of the compiler.
struct CompileFlags {
    /// `a * b + c` and friends may fuse into one multiply-add (the language default);
    /// --no-fp-contract turns it off.
    bool fp_contract = true;
    /// --check-bounds: every array access is checked against the array's shape
    /// (ProgramOptions::check_bounds).
    bool check_bounds = false;
    /// --no-asserts turns off: assert(cond, message) compiles to nothing
    /// (ProgramOptions::asserts).
    bool asserts = true;
};

/// A parsed `dpk run` command line.
struct RunRequest {
    std::string file;
    std::string kernel;
    std::optional<std::string> signature;
    std::vector<std::size_t> global;
    std::vector<std::size_t> local;
    std::string device;                                        // filter; empty = default device
    int repeat = 0;                                            // 0: one launch, no timing line
    int warmup = 1;                                            // untimed launches before them
    bool restore = true;                                       // arrays as given before each
    std::vector<std::pair<std::string, std::string>> outputs;  // NAME, PATH.npy
    std::vector<ArgValue> args;
    CompileFlags compile;
};

/// Parses the words after `dpk run`; throws InvalidArgumentError on a malformed command line.
RunRequest parse_run_arguments(const std::vector<std::string>& words);

/// The jit options a run compiles with: the request's compile flags, and `cache` (null: the
/// process default, KernelCache::process_default()).
ProgramOptions program_options(const RunRequest& request,
                               std::shared_ptr<KernelCache> cache = nullptr);

/// The local size `dpk run` launches with when --local is not given, for a kernel whose
/// attributes are `attributes` on `device`: dimension by dimension, the largest divisor of the
/// global size within a budget of 256 work items (the kernel's and the device's limits if
/// lower), in dimension 0 preferring multiples of the kernel's preferred work-group size
/// multiple; the budget left over goes to the next dimension.
std::vector<std::size_t> choose_local_size(const std::vector<std::size_t>& global,
                                           const KernelAttributes& attributes,
                                           const DeviceInfo& device);

/// Runs a request through the jit: reads the program (Program::from_file), matches NAME=VALUE
/// to the kernel's parameters, builds the arguments, checks them against -s (or the declared
/// parameter types) before anything is compiled, specializes for -s (else for the argument
/// types), chooses a local size when --local is not given (printed on `err`), launches, prints
/// `kernel_time_us median=... min=... max=... runs=N` when repeat > 0 (after `warmup` untimed
/// launches; every launch starts from the arrays as given unless restore is off), writes --out
/// arrays.
/// Returns the exit code: 0, or 1 with "dpk run: error: MESSAGE" on `err`.
int run_command(const RunRequest& request, std::ostream& out, std::ostream& err,
                std::shared_ptr<KernelCache> cache = nullptr);

}  // namespace dpk::tools
