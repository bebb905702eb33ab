// A dpk program (a .dpk file or text embedded in C++) and its kernels.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "dpk/jit/kernel.h"
#include "dpk/jit/kernel_cache.h"

namespace dpk {

/// Receives the compiler's warnings about one specialization of `kernel` (each rendered as
/// `file:line:col: warning: ...` with its source line and caret, ending in a newline).
using WarningHandler = std::function<void(std::string_view kernel, const Signature& signature,
                                          const std::vector<std::string>& warnings)>;

/// How a Program compiles and where it caches.
struct ProgramOptions {
    /// Caches to use; null means KernelCache::process_default().
    std::shared_ptr<KernelCache> cache;
    /// Folder of `import std.x;` modules; empty: $DPK_STDLIB_PATH or the built-in stdlib/.
    std::filesystem::path stdlib_dir;
    /// Extra driver build options (clBuildProgram / zeModuleCreate flags).
    std::string build_options;
    /// Let `a * b + c` (and `a * b - c`, `c - a * b`, `+=`, `-=`) fuse into one multiply-add, as
    /// OpenCL C does (compiler::CompileOptions::fp_contract); false rounds every operation.
    bool fp_contract = true;
    /// Warnings make a kernel fail to compile (CompileError) instead of being returned with it
    /// (CompiledKernel::warnings), like `dpkc -Werror`.
    bool warnings_as_errors = false;
    /// Called once for each specialization whose kernel has warnings, when it is made (by
    /// `specialize` or a launch), from the thread that made it. Null (the default): they are
    /// printed to stderr. A handler that does nothing silences them; CompiledKernel::warnings
    /// keeps them either way.
    WarningHandler warning_handler;
    /// Compile bounds-checked kernels: every array access is checked against the array's shape;
    /// one outside is skipped (a read yields 0, a write is dropped) and the first of a launch is
    /// raised as a BoundsError by the wait for it (docs/runtime.md, "Bounds-checked mode").
    /// DPK_CHECK_BOUNDS=1 in the environment turns it on for every program.
    bool check_bounds = false;
    /// Compile `assert(cond, message)`: a false condition is raised as an AssertionError by the
    /// wait for the launch (docs/runtime.md, "Asserts"). Off (`--no-asserts`): asserts emit
    /// nothing and cost nothing.
    bool asserts = true;
};

/// A program and its kernels. Cheap to copy (copies share the kernels and their definitions).
/// The source is read at creation but parsed only when a kernel must be compiled — a warm start
/// served by the disk cache never runs the front end; `check()` parses and checks now.
class Program {
public:
    /// Reads a .dpk file (imports resolve beside it); throws FileError saying why if it cannot.
    static Program from_file(const std::filesystem::path& path, ProgramOptions options = {});
    /// Program text embedded in C++; `name` is used in diagnostics.
    static Program from_string(std::string name, std::string text, ProgramOptions options = {});

    /// The kernel `name`; throws InvalidArgumentError listing the program's kernels if none.
    Kernel kernel(std::string_view name) const;
    /// Kernel names in source order.
    std::vector<std::string> kernel_names() const;
    /// The value of the program's `const name` (its main file's, or one it imports) when that
    /// is an integer that fits in an i64 (`const TILE = 16;`, `const N: u32 = 4 * 8;`), as the
    /// compiler folds it: host code reads a tile size the kernels use instead of repeating it.
    /// Nullopt when there is no such const or it is not an integer; throws CompileError when the
    /// program does not compile.
    std::optional<std::int64_t> integer_constant(std::string_view name) const;
    /// Checks the program now, without a device or a signature; throws CompileError with the
    /// diagnostics. Checked: syntax (every file, imports included), names, arities, constants,
    /// recursion, the uses of `let`, `break` and `return`, and the types and uniformity of every
    /// kernel whose parameters are all annotated (as `specialize` would type it). A generic
    /// kernel, and code only it reaches, is typed at its first specialization; what a device
    /// lacks (fp16, sub-groups) is found there too.
    void check() const;
    const std::string& name() const;
    KernelCache& cache() const;

private:
    explicit Program(std::shared_ptr<jit::ProgramState> state) : state_(std::move(state)) {}
    std::shared_ptr<jit::ProgramState> state_;
};

}  // namespace dpk
