// Builds typed kernels by hand for emitter tests: an AST and the sema side tables
// (sema::FunctionInstance) together, so the emitter can be tested without parser and sema.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "compiler/sema/typed_program.h"

namespace dpk::tests {

namespace ast = compiler::ast;
namespace sema = compiler::sema;
namespace types = compiler::types;

/// A whole test program: owns the types, the ASTs and the typed kernel.
struct TestProgram {
    types::TypeContext types;
    std::vector<std::unique_ptr<ast::Function>> decls;
    sema::TypedKernel typed;

    const types::Type* scalar(DType t) { return types.scalar(t); }
    const types::Type* array(DType t, int ndim, Layout layout = Layout::C) {
        return types.array(t, ndim, layout, types::AddressSpace::Global);
    }
};

/// Builds one function (kernel or device function) statement by statement.
class FunctionBuilder {
public:
    FunctionBuilder(TestProgram& program, std::string name, bool is_kernel,
                    const types::Type* return_type = nullptr);

    // -- parameters and names ------------------------------------------------------------------
    /// Declares a parameter; returns its variable id.
    std::uint32_t param(std::string name, const types::Type* t);
    /// A reference to a variable.
    ast::ExprPtr var(std::uint32_t id);

    // -- expressions ---------------------------------------------------------------------------
    ast::ExprPtr lit(std::int64_t v, DType t = DType::I64);
    ast::ExprPtr flit(double v, DType t = DType::F32);
    ast::ExprPtr blit(bool v);
    /// The barrier flags `local` (1), `global` (2) or both (3).
    ast::ExprPtr flags(std::int64_t bits);
    ast::ExprPtr bin(ast::BinaryOp op, ast::ExprPtr l, ast::ExprPtr r, const types::Type* t);
    ast::ExprPtr un(ast::UnaryOp op, ast::ExprPtr operand, const types::Type* t);
    ast::ExprPtr call(sema::Builtin b, std::vector<ast::ExprPtr> args, const types::Type* t);
    ast::ExprPtr cast(const types::Type* to, ast::ExprPtr arg);
    ast::ExprPtr user_call(const sema::FunctionInstance* callee, std::vector<ast::ExprPtr> args);
    ast::ExprPtr index(ast::ExprPtr base, std::vector<ast::ExprPtr> indices);
    /// `base.shape[d]` / `base.strides[d]` (member "shape" or "strides").
    ast::ExprPtr member_dim(ast::ExprPtr base, std::string member, int d);
    ast::ExprPtr size(ast::ExprPtr base);
    ast::ExprPtr tuple(std::vector<ast::ExprPtr> elements);
    /// Marks an implicit conversion of `e` at its use site (ExprInfo::converted_to).
    ast::ExprPtr conv(ast::ExprPtr e, const types::Type* to);
    /// `local_array(T, shape)` / `private_array(T, shape)`.
    ast::ExprPtr local_array(DType t, std::vector<std::int64_t> shape);
    ast::ExprPtr private_array(DType t, std::vector<std::int64_t> shape);

    // -- statements ----------------------------------------------------------------------------
    /// `let` (or `var` when is_mutable) with type `t` (default: the init's type); returns the id.
    std::uint32_t let(std::string name, ast::ExprPtr init, const types::Type* t = nullptr,
                      bool is_mutable = false);
    std::uint32_t var_decl(std::string name, ast::ExprPtr init, const types::Type* t = nullptr) {
        return let(std::move(name), std::move(init), t, true);
    }
    void assign(ast::ExprPtr target, ast::ExprPtr value, ast::AssignOp op = ast::AssignOp::Set);
    void if_(ast::ExprPtr cond, const std::function<void()>& then_body,
             const std::function<void()>& else_body = nullptr);
    void while_(ast::ExprPtr cond, const std::function<void()>& body);
    /// `for name in range(start, stop, step)` (start/step may be null); body gets the var id.
    void for_(std::string name, const types::Type* t, ast::ExprPtr start, ast::ExprPtr stop,
              ast::ExprPtr step, const std::function<void(std::uint32_t)>& body);
    void break_();
    void continue_();
    void return_(ast::ExprPtr value = nullptr);
    void expr(ast::ExprPtr e);

    /// Finishes the function; it becomes the next instance of the program (callees first).
    const sema::FunctionInstance* finish();
    /// Finishes the kernel with its signature.
    void finish_kernel(Signature signature);

    sema::ExprInfo& info(const ast::Expr& e) { return instance_->exprs.at(e.id); }
    const types::Type* type_of(std::uint32_t var) const { return instance_->vars.at(var); }

private:
    template <typename T>
    std::unique_ptr<T> make(const types::Type* t);
    void push(ast::StmtPtr s);
    std::uint32_t new_var(std::string name, const types::Type* t, bool is_mutable,
                          ast::VarSymbol& sym);

    TestProgram& program_;
    std::unique_ptr<ast::Function> decl_;
    std::unique_ptr<sema::FunctionInstance> instance_;
    std::vector<ast::Block*> blocks_;
};

}  // namespace dpk::tests
