// Semantic analysis: the program check (names, consts, calls, recursion) and the
// specialization of a kernel for one signature into a TypedKernel.
#pragma once

#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "compiler/ast/ast.h"
#include "compiler/sema/typed_program.h"
#include "compiler/source/diagnostics.h"

namespace dpk::compiler::sema {

class SemaContext;

/// Checks a parsed program and specializes its kernels. Diagnostics go to the Diagnostics object
/// given at creation; the modules and that object must outlive the checker. TypedKernels keep
/// the program's types alive on their own (TypedKernel::types) but point into the modules' ASTs.
class ProgramChecker {
public:
    /// `modules`: the main module first, then the imported modules.
    ProgramChecker(std::vector<const ast::Module*> modules, source::Diagnostics& diags);
    ~ProgramChecker();
    ProgramChecker(const ProgramChecker&) = delete;
    ProgramChecker& operator=(const ProgramChecker&) = delete;

    /// The checks that need no signature: duplicate items, unknown names and functions, call
    /// arity, assignment to `let`, break/continue outside loops, values returned from kernels,
    /// local_array placement, barrier flags, const folding, recursion. Runs once; later calls
    /// return the first result. True when the program has no errors.
    bool check();

    /// A kernel or function of any module, by name.
    const ast::Function* find_function(std::string_view name) const;

    /// The value of the main module's `const name` when it is an integer (typed or untyped)
    /// that fits in an i64; nullopt when there is no such const, it is not an integer, or the
    /// program has errors (reported).
    std::optional<std::int64_t> integer_constant(std::string_view name);

    /// Types `kernel` for `signature` (or, without one, as its annotations declare): every
    /// expression of the kernel and of each device-function instance it reaches. Null, with
    /// diagnostics, on any error (including errors found by check(), which runs first).
    std::unique_ptr<TypedKernel> specialize(const ast::Function& kernel,
                                            const std::optional<Signature>& signature);
    /// Same, by kernel name (an unknown name is reported).
    std::unique_ptr<TypedKernel> specialize(std::string_view kernel_name,
                                            const std::optional<Signature>& signature);

    /// The signature of `kernel` for arguments some of which are untyped numbers (`dpk run`'s
    /// `alpha=2.5`): `untyped[i]` set means parameter i (generic, scalar) is an untyped integer
    /// (false) or float (true), typed by its uses in the kernel like a `let` without a type;
    /// `partial.params[i]` gives every other parameter's type. Nullopt, with diagnostics, when
    /// the uses disagree or the program has errors.
    std::optional<Signature> infer_number_types(const ast::Function& kernel,
                                                const Signature& partial,
                                                const std::vector<std::optional<bool>>& untyped);

private:
    std::unique_ptr<SemaContext> ctx_;
    std::optional<bool> checked_;
};

}  // namespace dpk::compiler::sema
