// The typed AST: sema's result for one kernel specialization. The AST stays untyped and shared;
// each FunctionInstance holds the types and resolutions of one function for one signature,
// in side tables indexed by ast::Expr::id and ast::VarSymbol::id.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <variant>
#include <vector>

#include "compiler/ast/ast.h"
#include "compiler/sema/builtins.h"
#include "compiler/types/type.h"

namespace dpk::compiler::sema {

struct FunctionInstance;

/// A compile-time constant value (folded consts, literals, barrier flags).
struct ConstValue {
    std::variant<bool, std::int64_t, std::uint64_t, double> value;

    /// The value as i64 (a bool 0 or 1, a u64 wrapped, a double truncated).
    std::int64_t as_int() const {
        return std::visit([](auto v) { return static_cast<std::int64_t>(v); }, value);
    }
};

/// What sema learned about one expression in one instance.
///
/// Every expression of a successfully specialized instance has a `type`, except Tuple nodes
/// (local_array shapes, atomic indices: only their elements are typed). Notes for emission:
/// - when `constant` is set, it is the expression's value at `type`; the operands need not be
///   evaluated (constant expressions have no side effects);
/// - array indices are converted_to i64 (from any integer type); a shift count is converted_to
///   the shifted type; atomic values to the element type;
/// - `a.shape` / `a.strides` (the Member under an Index) have type `private i64[ndim]`;
///   the Index over them has `member_dim` and type i64;
/// - `local_array(T, ...)`: the T argument is a Name with NameKind::TypeName and type T;
///   barrier/fence calls have type void and their flag expressions type MemFlags.
struct ExprInfo {
    /// The expression's own type (before any implicit conversion at its use).
    const types::Type* type = nullptr;
    /// If set and different from `type`: the use site converts the value to this scalar type
    /// (integer widening, int -> float, f32 -> f64). Sema sets it only where the rules allow.
    const types::Type* converted_to = nullptr;
    /// Set when the value is known at compile time (literals, consts, folded const expressions,
    /// barrier/fence flags as a bitmask: 1 = local, 2 = global).
    std::optional<ConstValue> constant;

    // Names
    enum class NameKind : std::uint8_t { None, Var, Const, TypeName, MemFlag } name_kind =
        NameKind::None;
    std::uint32_t var_id = 0;  // NameKind::Var: the VarSymbol id in this function

    // Calls
    enum class CallKind : std::uint8_t { None, Builtin, Cast, User } call_kind = CallKind::None;
    Builtin builtin{};                         // CallKind::Builtin
    const FunctionInstance* callee = nullptr;  // CallKind::User
    // Cast: the target is `type`.

    // Member: `.shape` / `.strides` are arrays of i64 indexed by a following Index;
    // `.size` is i64. For Index on a Member, `member_dim` is the constant dimension.
    std::int32_t member_dim = -1;

    /// Final type at the use site: converted_to if set, else type.
    const types::Type* result() const { return converted_to ? converted_to : type; }
};

/// One function (or kernel) typed for one list of parameter types.
struct FunctionInstance {
    const ast::Function* decl = nullptr;
    /// Unique symbol name within the module: the kernel's own name for a kernel, a mangled name
    /// ("sq__f32") for a device function instance.
    std::string symbol;
    std::vector<const types::Type*> param_types;
    const types::Type* return_type = nullptr;  // void for kernels
    std::vector<ExprInfo> exprs;                // indexed by ast::Expr::id
    std::vector<const types::Type*> vars;       // indexed by ast::VarSymbol::id
    std::vector<const FunctionInstance*> callees;  // direct callees, each once
    /// A kernel's `@local_size(x, y, z)` (missing extents 1); all 0 when it declares none.
    std::array<std::uint32_t, 3> required_local_size{};

    const ExprInfo& info(const ast::Expr& e) const { return exprs.at(e.id); }
    const types::Type* var_type(const ast::VarSymbol& v) const { return vars.at(v.id); }
};

/// What the uniformity analysis (sema/uniformity.h) learns that code generation uses: where a
/// driver defect could strike (dpk/core/driver_defects.h).
struct UniformityFacts {
    /// A work-group barrier is reached, in the kernel or a function it calls.
    bool reaches_barrier = false;
    /// An integer is complemented or negated (`~x`, `-x`, `C - x` with C constant), in the
    /// kernel or a function it calls.
    bool negates_integer = false;
    /// Loops whose body runs where control may differ between work-items (a varying trip
    /// count, `break` or `continue`, or a varying condition around the loop), in any call, with
    /// the variables declared before the loop that it assigns (VarSymbol ids of the function):
    /// after such a loop their values may differ between work-items.
    std::unordered_map<const ast::Stmt*, std::vector<std::uint32_t>> varying_loops;
    /// Every loop, in any call, with the variables declared before it that it assigns.
    std::unordered_map<const ast::Stmt*, std::vector<std::uint32_t>> loop_assignments;
    /// Assignments to an element of a private array that are the only statement storing into
    /// that array (in any call): what DriverDefect::UniformPrivateFill needs.
    std::unordered_set<const ast::Stmt*> lone_private_stores;
};

/// Everything needed to emit one kernel specialization.
struct TypedKernel {
    Signature signature;            // concrete: one ParamType per kernel parameter
    const FunctionInstance* kernel = nullptr;
    /// Every instance reachable from the kernel, callees before callers, kernel last.
    std::vector<std::unique_ptr<FunctionInstance>> instances;
    UniformityFacts uniformity;
    /// Owner of every Type the instances point to (shared with the checker that made them).
    std::shared_ptr<const types::TypeContext> types;
};

}  // namespace dpk::compiler::sema
