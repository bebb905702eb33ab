// Typing of one function instance (or one const initializer): every expression gets its
// ExprInfo, every variable its type, following docs/language.md's rules for literals, promotion and
// implicit conversion.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "compiler/sema/sema_context.h"

namespace dpk::compiler::sema {

class Instantiator;

/// An expression's value while it is checked: a typed value, an untyped value that takes its type
/// from the context (a literal-only constant, or a value known only at run time: a builtin call
/// on untyped values, a `let` whose type is still being inferred), or an error that was already
/// reported.
struct Operand {
    const types::Type* type = nullptr;
    /// Untyped: its kind (integer or float) and, when `known`, its value.
    std::optional<UntypedValue> untyped;
    bool known = true;
    /// Untyped: the inference class of the variables it is made of (-1: none).
    int var_class = -1;
    bool error = false;

    static Operand failed() {
        Operand o;
        o.error = true;
        return o;
    }
    static Operand typed(const types::Type* t) {
        Operand o;
        o.type = t;
        o.error = t == nullptr;
        return o;
    }
    static Operand literal(const UntypedValue& v) {
        Operand o;
        o.untyped = v;
        return o;
    }
    /// An untyped value known only at run time.
    static Operand runtime_untyped(bool is_float, int var_class) {
        Operand o;
        o.untyped = is_float ? UntypedValue::floating(0) : UntypedValue::integer(0);
        o.known = false;
        o.var_class = var_class;
        return o;
    }
    bool is_untyped() const { return !error && untyped.has_value(); }
    /// Untyped and known only at run time.
    bool is_runtime_untyped() const { return is_untyped() && !known; }
};

/// Which operands an operator or builtin accepts when its operands are unified.
struct OperandRule {
    bool ints = true;
    bool floats = true;
    bool bools = false;
};

/// Types one body. Construct per function instance (or const), then call check_function() /
/// check_const().
class TypeChecker {
public:
    /// Checks `inst.decl` for `inst.param_types`; fills inst.exprs, vars, return_type, callees.
    TypeChecker(SemaContext& ctx, const Resolution& res, FunctionInstance& inst,
                Instantiator& instantiator);
    /// Checks a const initializer; `exprs` receives its ExprInfo.
    TypeChecker(SemaContext& ctx, const Resolution& res, const ast::Const& c,
                std::vector<ExprInfo>& exprs);

    void check_function();
    /// Folds the initializer (with the annotation applied); fills `info`.
    void check_const(ConstInfo& info);
    /// True when checking reported an error (even one deduplicated as already reported).
    bool failed() const { return failed_; }

    /// For `dpk run`: kernel parameters given as untyped numbers. `untyped_params[i]` set means
    /// parameter i is an untyped integer (false) or float (true) whose type comes from its uses
    /// like a `let` without a type; `inst.param_types[i]` is then ignored. Runs inference only
    /// and returns each parameter's type (the default i64 / f64 where nothing constrains it), or
    /// nullopt when the uses disagree (reported).
    std::optional<std::vector<const types::Type*>> infer_params(
        const std::vector<std::optional<bool>>& untyped_params);

private:
    using Mismatch = std::function<std::string(const std::string& from)>;

    // Expressions (expr_checker.cpp)
    Operand check(const ast::Expr& e);
    Operand int_literal(const ast::IntLit& e);
    Operand float_literal(const ast::FloatLit& e);
    Operand name(const ast::Name& e);
    Operand unary(const ast::Unary& e);
    /// `-N` with N an integer literal suffixed with signed type `t`: one literal, its value
    /// checked after the minus.
    Operand negated_int_literal(const ast::Unary& e, const ast::IntLit& lit, DType t);
    Operand binary(const ast::Binary& e);
    Operand index(const ast::Index& e);
    Operand shape_index(const ast::Index& e, const ast::Member& m);
    Operand member(const ast::Member& e);
    Operand member_base(const ast::Member& e);
    /// Checks one array index: an integer, converted to i64. False after an error.
    bool array_index(const ast::Expr& e);
    /// "'A'" for a named array, "the array" otherwise.
    std::string array_name(const ast::Expr& base) const;

    // Operators (operators.cpp)
    /// Types `l op r` (operands already checked), converting the operands; no folding.
    Operand combine(ast::BinaryOp op, const ast::Expr& l, Operand lo, const ast::Expr& r,
                    Operand ro, source::SourceRange where);
    Operand shift(ast::BinaryOp op, const ast::Expr& l, Operand lo, const ast::Expr& r, Operand ro,
                  source::SourceRange where);
    /// Promotes operands to one type and converts each to it; null after an error. Mixing errors
    /// point at `where`; an operand the rule rejects is reported at `where` (operators) or at
    /// the operand itself (builtin arguments).
    const types::Type* unify(const std::vector<const ast::Expr*>& exprs, std::vector<Operand>& ops,
                             OperandRule rule, const std::string& what, source::SourceRange where,
                             bool point_at_operand = false);

    // Calls (call_checker.cpp)
    Operand call(const ast::Call& e);
    Operand cast(const ast::Call& e, DType to);
    /// The element type of `array` for `x.dtype`; reports a value that is not an array.
    std::optional<DType> element_type_of(const ast::Expr& array, const std::string& use);
    Operand user_call(const ast::Call& e, const ast::Function& callee);

    // Builtins (builtin_checker.cpp)
    Operand builtin(const ast::Call& e, Builtin b);
    Operand work_item(const ast::Call& e, Builtin b);
    Operand array_alloc(const ast::Call& e, Builtin b);
    Operand mem_flags(const ast::Expr& e);
    Operand atomic(const ast::Call& e, Builtin b);
    /// async_copy(dst, dst_start, src, src_start, count) and wait_copies().
    Operand copy(const ast::Call& e, Builtin b);
    Operand math(const ast::Call& e, Builtin b);
    Operand int_bits(const ast::Call& e, Builtin b);
    /// print(format, values...) and assert(cond, message): void.
    Operand debug(const ast::Call& e, Builtin b);
    bool atomic_index(const ast::Expr& e, const types::Type* array, Builtin b);
    /// A constant integer argument (dimensions, shapes); reports `what` when it is not one.
    std::optional<std::int64_t> constant_int(const ast::Expr& e, const std::string& what);
    Operand select(const ast::Call& e);
    /// The untyped result of a builtin whose value arguments are all untyped.
    Operand runtime_untyped_call(const ast::Call& e, bool is_float,
                                 const std::vector<Operand>& args);
    /// sub_group_broadcast and the shuffles (x, id / delta / mask), the reductions and scans (x):
    /// x is an int or float (an int for the bitwise ones), the second argument any integer
    /// (converted to u32).
    Operand sub_group_value(const ast::Call& e, Builtin b);
    /// sub_group_ballot (bool) -> u64, sub_group_any / sub_group_all (bool) -> bool.
    Operand sub_group_vote(const ast::Call& e, Builtin b);
    /// matrix_load, matrix_store, matrix_fill, matrix_mad (matrix_checker.cpp).
    Operand matrix(const ast::Call& e, Builtin b);
    /// A math builtin with a matrix argument: element by element (matrix_checker.cpp).
    Operand matrix_math(const ast::Call& e, Builtin b, const std::vector<const ast::Expr*>& exprs,
                        std::vector<Operand>& ops);
    /// `+`, `-`, `*`, `/` with a matrix operand: element-wise (matrix_checker.cpp).
    Operand matrix_arithmetic(ast::BinaryOp op, const ast::Expr& l, Operand lo, const ast::Expr& r,
                              Operand ro, source::SourceRange where);
    /// The 2-d array a matrix is loaded from or stored to (rows or columns contiguous).
    const types::Type* matrix_array(const ast::Expr& x, const std::string& name);
    /// The (row, col) tuple where a tile starts: two i64 indices.
    bool matrix_origin(const ast::Expr& e, const std::string& name);
    /// The (rows, cols) tuple of constants.
    std::optional<std::pair<int, int>> matrix_shape(const ast::Expr& e, const std::string& name);
    /// A tile's shape: a tuple of two constants, each 1 to `max_side` (errors name `name`).
    std::optional<std::pair<int, int>> tile_shape(const ast::Expr& e, const std::string& name,
                                                  std::int64_t max_side);
    /// "a", "b" or "acc".
    std::optional<types::MatrixUse> matrix_use(const ast::Expr& e, const std::string& name);
    /// The options of matrix_load / matrix_fill, its arguments from `first` on: "tf32" (for f32
    /// factors only) and "group" (a work-group's matrix), each at most once, not both.
    bool matrix_options(const ast::Call& e, std::size_t first, const std::string& name,
                        DType element, types::MatrixUse use, bool* tf32,
                        types::MatrixScope* scope);

    // Conversions (coercion.cpp)
    /// Gives an untyped subtree the type `t`, reporting a value that does not fit; folds a
    /// constant at the precision of `t`. `constrains`: the context requires `t` (an operand, an
    /// assignment, an argument, a return), so a variable whose type is inferred must have it;
    /// false where `t` is a default or any type would do (indices, casts).
    void finalize(const ast::Expr& e, const types::Type* t, bool root = true,
                  bool constrains = true);
    /// Gives an untyped operand its default type (i64 / f64); returns the final type.
    const types::Type* materialize(const ast::Expr& e, Operand& op);
    /// Implicit conversion of a value to `to` at its use (widening only); `mismatch` words
    /// the error from the value's description.
    bool coerce(const ast::Expr& e, const Operand& op, const types::Type* to,
                const Mismatch& mismatch);
    /// Conversion where the language converts any number to any number (array indices to i64,
    /// atomic values to the element type, shift counts to the shifted type).
    bool convert(const ast::Expr& e, Operand& op, const types::Type* to, const std::string& what);
    /// Reports an operand that has no value (void calls); true when it has one.
    bool has_value(const ast::Expr& e, const Operand& op);
    void set_converted(const ast::Expr& e, const types::Type* to);
    /// Warns when `e`, an integer quotient or remainder, is converted to float type `to`.
    void warn_int_quotient(const ast::Expr& e, const types::Type* to);
    /// The constant value of an expression at its use (after converted_to), if known.
    std::optional<ConstValue> use_value(const ast::Expr& e);
    std::string describe(const Operand& op) const;
    /// Short source text of an expression for messages ("x", "a[i]"), or `fallback`.
    std::string text_of(const ast::Expr& e, const std::string& fallback = "x") const;

    // Statements (stmt_checker.cpp)
    void block(const ast::Block& b);
    void stmt(const ast::Stmt& s);
    void var_decl(const ast::VarDecl& d);
    void assign(const ast::Assign& a);
    void condition(const ast::Expr& e);
    void for_loop(const ast::For& f);
    void return_stmt(const ast::Return& r);
    void finish_returns();
    bool always_returns(const ast::Stmt& s) const;

    // Inference of the types of `let`/`var` without a type from an untyped initializer
    // (literal_inference.cpp)
    /// Types the body once; a second time, with the inferred variables typed, when the first
    /// found any.
    void check_body();
    void run_pass();
    /// The function's `@` attributes: `@local_size` on a kernel, its extents constants.
    void check_attributes();
    /// A new inference class for a variable of untyped kind `is_float`, joined with `other`.
    int new_class(bool is_float, int other);
    int find(int c);
    int join(int a, int b);
    /// The inference class of the variable named by `e`, or -1.
    int class_of(const ast::Expr& e) const;
    /// Records that the use `e` of an inferred variable requires type `t`.
    void constrain(const ast::Expr& e, const types::Type* t);
    /// The type of every inferred variable (by VarSymbol id; null where the uses disagree,
    /// reported here).
    std::vector<const types::Type*> resolve_classes();

    ExprInfo& info(const ast::Expr& e);
    const types::Type* scalar(DType t) { return ctx_.types().scalar(t); }
    void error(source::SourceRange range, std::string message);
    void note(source::SourceRange range, std::string message,
              const FunctionInstance* failed_callee = nullptr);
    void warning(source::SourceRange range, std::string message);
    /// Reports what the first pass held back (it had nothing to infer, so it was the only one).
    void flush_pending();

    SemaContext& ctx_;
    const Resolution& res_;
    FunctionInstance* inst_ = nullptr;  // null for a const initializer
    Instantiator* instantiator_ = nullptr;
    const ast::Const* const_ = nullptr;
    std::vector<ExprInfo>& exprs_;
    const source::SourceFile* file_ = nullptr;
    /// Values of untyped (literal-only) expressions, by Expr::id.
    std::vector<std::optional<UntypedValue>> untyped_;
    /// Untyped expressions known only at run time (their untyped_ holds the kind only).
    std::vector<std::uint8_t> runtime_untyped_;

    /// A use of an inferred variable that fixes its type.
    struct Use {
        const types::Type* type = nullptr;
        source::SourceRange where;
        std::string name;
    };
    /// Variables whose types are inferred together (one joined by `let q = half * 2.0;`).
    struct VarClass {
        int parent = 0;
        bool is_float = false;
        std::optional<Use> first;     // the first use that fixes the type
        std::optional<Use> conflict;  // the first use that disagrees with it
    };
    /// Inference state, in the first pass only: the class of each variable (by VarSymbol id,
    /// -1 for typed ones) and the classes.
    std::vector<int> var_class_;
    std::vector<VarClass> classes_;
    /// The second pass: the inferred variables' types (by VarSymbol id), and those whose
    /// uses disagreed.
    std::vector<const types::Type*> inferred_;
    std::vector<std::uint8_t> inference_failed_;
    /// Kernel parameters given as untyped numbers (infer_params).
    const std::vector<std::optional<bool>>* untyped_params_ = nullptr;

    /// The first pass holds its diagnostics back until it knows it is the only pass.
    struct Pending {
        source::Severity severity;
        source::SourceRange range;
        std::string message;
        const FunctionInstance* failed_callee = nullptr;  // a note reported once per callee
    };
    bool holding_ = false;
    std::vector<Pending> pending_;

    struct ReturnValue {
        const ast::Return* stmt;
        Operand value;
    };
    std::vector<ReturnValue> returns_;
    const types::Type* declared_return_ = nullptr;
    bool failed_ = false;
};

}  // namespace dpk::compiler::sema
