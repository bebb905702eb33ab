// `dpk run`: arguments from .npy files, zero arrays, local memory and numbers; one kernel launch
// (or N timed ones); arrays written back to .npy. The compiler plugs in through KernelResolver.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "runtime/device.h"
#include "runtime/types/kernel_abi.h"

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
    std::vector<std::pair<std::string, std::string>> outputs;  // NAME, PATH.npy
    std::vector<ArgValue> args;
    CompileFlags compile;
};

/// Parses the words after `dpk run`; throws InvalidArgumentError on a malformed command line.
RunRequest parse_run_arguments(const std::vector<std::string>& words);

/// What the compiler provides to `dpk run` about one kernel of one file.
struct KernelSource {
    /// Parameter names in order (NAME=VALUE arguments are matched against them).
    std::vector<std::string> param_names;
    /// Declared parameter types; nullopt for a generic parameter.
    std::vector<std::optional<ParamType>> declared;
    /// Parses a -s signature string.
    std::function<Signature(const std::string&)> parse_signature;
    /// Compiles the kernel for a signature and device (the eager specialization).
    std::function<KernelImage(const Signature&, const runtime::Device&)> specialize;
};

/// Finds kernel `kernel` in `file`, to be compiled with `flags`; throws dpk::error (with
/// diagnostics) if it cannot.
using KernelResolver = std::function<KernelSource(
    const std::string& file, const std::string& kernel, const CompileFlags& flags)>;

/// The resolver backed by the compiler (tools/dpk/compiler_resolver.cpp).
KernelResolver compiler_resolver();

/// Runs a request: resolves the kernel, builds the arguments, specializes (from -s or from the
/// argument types), launches, prints `kernel_time_us median=... min=... max=... runs=N` when
/// repeat > 0, writes --out arrays. Returns the exit code: 0, or 1 with a message on `err`.
int run_command(const RunRequest& request, const KernelResolver& resolve, std::ostream& out,
                std::ostream& err);

}  // namespace dpk::tools
