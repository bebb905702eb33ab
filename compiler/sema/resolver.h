// Name resolution and the checks that need no types: scopes, unknown names and functions, call
// arity, assignment to immutable names, break/continue outside loops, returns from kernels,
// where local_array may appear, barrier flags.
#pragma once

#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "compiler/sema/sema_context.h"

namespace dpk::compiler::sema {

/// Resolves one function body or const initializer into a Resolution, reporting errors.
class Resolver {
public:
    explicit Resolver(SemaContext& ctx) : ctx_(ctx) {}

    Resolution resolve(const ast::Function& fn);
    Resolution resolve(const ast::Const& c);

private:
    using Scope = std::unordered_map<std::string_view, const ast::VarSymbol*>;

    // Statements and names (resolver.cpp)
    void block(const ast::Block& b, bool new_scope);
    void stmt(const ast::Stmt& s);
    void var_decl(const ast::VarDecl& d);
    void assign(const ast::Assign& a);
    void for_loop(const ast::For& f);
    void expr(const ast::Expr& e);
    void name(const ast::Name& n);
    void declare(const ast::VarSymbol& v);
    const ast::VarSymbol* lookup(std::string_view name) const;
    std::vector<std::string_view> visible_names() const;
    bool is_param(const ast::VarSymbol& v) const;

    // Calls (resolver_calls.cpp)
    void call(const ast::Call& c);
    void builtin_call(const ast::Call& c, Builtin b);
    /// print(format, values...) and assert(cond, message): their arity.
    void debug_call(const ast::Call& c, Builtin b);
    /// `printf("x=%d\n", x)` as print spells it: `print("x={}", x)`.
    std::string print_spelling(const ast::Call& c) const;
    void array_alloc(const ast::Call& c, Builtin b);
    void mem_flags(const ast::Expr& e, Builtin b);
    bool arity(const ast::Call& c, std::size_t expected, const std::string& what);
    void unknown_function(const ast::Call& c);
    /// Reports a call of a variable, parameter or const (`what`), with a note at its declaration.
    void not_callable(const ast::Call& c, const char* what, const source::SourceFile* decl_file,
                      source::SourceRange decl);

    void error(source::SourceRange range, std::string message);
    template <class T>
    static void ensure_size(std::vector<T>& v, std::uint32_t id) {
        if (v.size() <= id) v.resize(id + 1);
    }

    SemaContext& ctx_;
    Resolution* res_ = nullptr;
    const ast::Function* fn_ = nullptr;  // null for a const initializer
    const ast::Const* const_ = nullptr;
    const source::SourceFile* file_ = nullptr;
    const ast::Module* module_ = nullptr;  // the module of the function or const
    std::vector<Scope> scopes_;
    int loop_depth_ = 0;
    int block_depth_ = 0;  // 0: the top level of the function body
    /// The `local_array(...)` / `private_array(...)` call that initializes the `let` being
    /// resolved, if any: the only place these calls may appear.
    const ast::Call* array_init_ = nullptr;
    const ast::VarDecl* array_decl_ = nullptr;
    std::unordered_set<const ast::VarSymbol*> loop_vars_;  // read-only for variables
};

}  // namespace dpk::compiler::sema
