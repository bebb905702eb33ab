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

/// An expression's value while it is checked: a typed value, an untyped literal-only constant
/// that takes its type from the context, or an error that was already reported.
struct Operand {
    const types::Type* type = nullptr;
    std::optional<UntypedValue> untyped;
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
    bool is_untyped() const { return !error && untyped.has_value(); }
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

private:
    using Mismatch = std::function<std::string(const std::string& from)>;

    // Expressions (expr_checker.cpp)
    Operand check(const ast::Expr& e);
    Operand int_literal(const ast::IntLit& e);
    Operand float_literal(const ast::FloatLit& e);
    Operand name(const ast::Name& e);
    Operand unary(const ast::Unary& e);
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
    Operand user_call(const ast::Call& e, const ast::Function& callee);

    // Builtins (builtin_checker.cpp)
    Operand builtin(const ast::Call& e, Builtin b);
    Operand work_item(const ast::Call& e, Builtin b);
    Operand array_alloc(const ast::Call& e, Builtin b);
    Operand mem_flags(const ast::Expr& e);
    Operand atomic(const ast::Call& e, Builtin b);
    Operand math(const ast::Call& e, Builtin b);
    Operand int_bits(const ast::Call& e, Builtin b);
    bool atomic_index(const ast::Expr& e, const types::Type* array, Builtin b);
    /// A constant integer argument (dimensions, shapes); reports `what` when it is not one.
    std::optional<std::int64_t> constant_int(const ast::Expr& e, const std::string& what);
    Operand select(const ast::Call& e);
    /// sub_group_broadcast/shuffle (x, id) and the reductions and scans (x): x is a 32- or 64-bit
    /// int or float, the id any integer (converted to u32).
    Operand sub_group_value(const ast::Call& e, Builtin b);

    // Conversions (coercion.cpp)
    /// Gives an untyped subtree the type `t`, reporting a value that does not fit.
    void finalize(const ast::Expr& e, const types::Type* t, bool root = true);
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

    ExprInfo& info(const ast::Expr& e);
    const types::Type* scalar(DType t) { return ctx_.types().scalar(t); }
    void error(source::SourceRange range, std::string message);

    SemaContext& ctx_;
    const Resolution& res_;
    FunctionInstance* inst_ = nullptr;  // null for a const initializer
    Instantiator* instantiator_ = nullptr;
    const ast::Const* const_ = nullptr;
    std::vector<ExprInfo>& exprs_;
    const source::SourceFile* file_ = nullptr;
    /// Values of untyped (literal-only) expressions, by Expr::id.
    std::vector<std::optional<UntypedValue>> untyped_;
    struct ReturnValue {
        const ast::Return* stmt;
        Operand value;
    };
    std::vector<ReturnValue> returns_;
    const types::Type* declared_return_ = nullptr;
    bool failed_ = false;
};

}  // namespace dpk::compiler::sema
