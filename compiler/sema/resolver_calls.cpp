// Resolution of calls: casts, builtins (arity, local_array placement, barrier flags) and user
// functions (arity, the call graph).
#include "compiler/ast/foreign_names.h"
#include "compiler/sema/print_format.h"
#include "compiler/sema/resolver.h"
#include "compiler/sema/suggest.h"
#include "compiler/sema/type_rules.h"

namespace dpk::compiler::sema {

using CallKind = ExprInfo::CallKind;
using NameKind = ExprInfo::NameKind;

namespace {

/// The source text of `r` when it is on one line, else "...".
std::string source_text(const source::SourceFile* file, source::SourceRange r) {
    if (!file || r.begin.line != r.end.line || r.end.column <= r.begin.column) return "...";
    std::string_view line = file->line(r.begin.line);
    if (r.end.column - 1 > line.size()) return "...";
    return std::string(line.substr(r.begin.column - 1, r.end.column - r.begin.column));
}

std::string arguments(std::size_t n) {
    return std::to_string(n) + (n == 1 ? " argument" : " arguments");
}

}  // namespace

bool Resolver::arity(const ast::Call& c, std::size_t expected, const std::string& what) {
    if (c.args.size() == expected) return true;
    error(c.range,
          "'" + what + "' takes " + arguments(expected) + ", got " + std::to_string(c.args.size()));
    return false;
}

void Resolver::call(const ast::Call& c) {
    CallBinding& b = res_->calls[c.id];
    auto resolve_args = [&] {
        for (const auto& a : c.args)
            if (a) expr(*a);
    };
    if (c.receiver) {  // `x.dtype(v)`: a cast to x's element type, known per instance
        if (c.receiver->kind == ast::ExprKind::Name) {  // `math.exp(x)`: a module prefix
            const auto& module = static_cast<const ast::Name&>(*c.receiver);
            if (!lookup(module.name) && ast::is_foreign_math_module(module.name)) {
                const std::string args = c.args.empty() || !c.args.front() || !c.args.back()
                                             ? ""
                                             : source_text(file_, {c.args.front()->range.begin,
                                                                   c.args.back()->range.end});
                error({module.range.begin, c.callee_range.end},
                      "builtins have no module prefix: '" + module.name + "." + c.callee + "' is " +
                          c.callee + " in dpk; write " + c.callee + "(" + args + ")");
                resolve_args();
                return;
            }
        }
        expr(*c.receiver);
        resolve_args();
        if (c.callee != "dtype") {
            error(c.callee_range, "unknown function '." + c.callee +
                                      "(...)'; the only call on a value is x.dtype(v), which "
                                      "converts v to the element type of array x");
            return;
        }
        b.kind = CallKind::Cast;
        arity(c, 1, "x.dtype");
        return;
    }
    // A cast, unless the program declares the name itself (only a type name added to the
    // language later can be declared: reserved_type_name); then that declaration, below.
    auto dtype = type_name(c.callee);
    if (dtype && !reserved_type_name(c.callee) &&
        (lookup(c.callee) || ctx_.items().constant(c.callee, module_) ||
         ctx_.items().function(c.callee, module_)))
        dtype.reset();
    if (dtype) {
        b.kind = CallKind::Cast;
        b.cast_to = *dtype;
        arity(c, 1, c.callee);
        resolve_args();
        return;
    }
    if (const_) {
        error(c.range, "const '" + const_->name + "' must be a constant expression; '" + c.callee +
                           "(...)' is not constant");
        resolve_args();
        return;
    }
    // Innermost first: a variable or parameter, then the program's items this module sees, then
    // the builtins. A name in an inner scope shadows the outer ones, callable or not.
    if (const ast::VarSymbol* v = lookup(c.callee)) {
        resolve_args();
        not_callable(c, is_param(*v) ? "a parameter" : "a variable", file_, v->range);
        return;
    }
    if (const ast::Const* k = ctx_.items().constant(c.callee, module_)) {
        resolve_args();
        not_callable(c, "a const", ctx_.file_of(*k), k->name_range);
        return;
    }
    if (const ast::Function* f = ctx_.items().function(c.callee, module_)) {
        resolve_args();
        if (f->is_kernel) {
            error(c.callee_range, "cannot call kernel '" + f->name +
                                      "': kernels are launched, not called; move the shared code "
                                      "into a func");
            return;
        }
        b.kind = CallKind::User;
        b.callee = f;
        if (arity(c, f->params.size(), f->name)) res_->user_calls.push_back({&c, f});
        return;
    }
    if (auto builtin = find_builtin(c.callee)) {
        b.kind = CallKind::Builtin;
        b.builtin = *builtin;
        builtin_call(c, *builtin);
        return;
    }
    resolve_args();
    unknown_function(c);
}

void Resolver::not_callable(const ast::Call& c, const char* what,
                            const source::SourceFile* decl_file, source::SourceRange decl) {
    std::string msg = "'" + c.callee + "' is " + what + ", not a function";
    if (find_builtin(c.callee)) msg += "; it hides the builtin function '" + c.callee + "' here";
    error(c.callee_range, std::move(msg));
    ctx_.note(decl_file, decl, "'" + c.callee + "' is declared here");
}

void Resolver::unknown_function(const ast::Call& c) {
    std::vector<std::string_view> candidates;
    for (const auto* f : ctx_.items().functions())
        if (!f->is_kernel) candidates.push_back(f->name);
    for (auto n : all_builtin_names()) candidates.push_back(n);
    std::string msg = "unknown function '" + c.callee + "'";
    if (c.callee == "range") {
        msg = "range(...) can only be used in a for loop: for i in range(n) { ... }";
    } else if ((c.callee == "printf" || c.callee == "println") && find_builtin("print")) {
        msg += "; dpk's is print, with {} placeholders, and it ends the line itself: write " +
               print_spelling(c);
    } else if (auto t = ast::dpk_type_for(c.callee)) {
        std::string arg =
            c.args.size() == 1 && c.args[0] ? source_text(file_, c.args[0]->range) : "...";
        msg = "'" + c.callee + "' is not a cast in dpk; write " + std::string(*t) + "(" + arg + ")";
    } else if (auto f = ast::dpk_function_for(c.callee); f && find_builtin(*f)) {
        msg += "; did you mean '" + std::string(*f) + "'?";
    } else if (auto s = closest_name(c.callee, candidates)) {
        msg += "; did you mean '" + std::string(*s) + "'?";
    }
    error(c.callee_range, std::move(msg));
}

std::string Resolver::print_spelling(const ast::Call& c) const {
    std::string format = "\"{}\"";
    std::size_t first_value = 0;
    if (!c.args.empty() && c.args[0] && c.args[0]->kind == ast::ExprKind::StringLit) {
        std::string text = source_text(file_, c.args[0]->range);  // as written, escapes kept
        if (text.size() >= 2 && text.front() == '"' && text.back() == '"') {
            format.clear();
            for (std::size_t i = 0; i < text.size(); ++i) {
                auto conversion = printf_conversion(std::string_view(text).substr(i));
                if (text[i] == '%' && conversion &&
                    text.compare(i, conversion->size(), *conversion) == 0) {
                    format += "{}";
                    i += conversion->size() - 1;
                } else if (text[i] == '%' && i + 1 < text.size() && text[i + 1] == '%') {
                    format += '%';
                    ++i;
                } else if (text[i] == '{' || text[i] == '}') {
                    format += std::string(2, text[i]);
                } else {
                    format += text[i];
                }
            }
            if (format.size() >= 4 && format.compare(format.size() - 3, 3, "\\n\"") == 0)
                format.erase(format.size() - 3, 2);  // print ends the line itself
        }
        first_value = 1;
    }
    std::string out = "print(" + format;
    for (std::size_t i = first_value; i < c.args.size(); ++i)
        out += ", " + (c.args[i] ? source_text(file_, c.args[i]->range) : std::string("..."));
    return out + ")";
}

void Resolver::builtin_call(const ast::Call& c, Builtin b) {
    std::string name(builtin_name(b));
    if (builtin_group(b) == BuiltinGroup::Debug) {
        debug_call(c, b);
        return;
    }
    bool ok = true;
    if (matrix_options_arity(b, c.args.size(), builtin_arity(b))) {
        ok = true;  // matrix_load and matrix_fill: last arguments name options ("tf32", "group")
    } else if (b != Builtin::WaitCopies) {
        ok = arity(c, static_cast<std::size_t>(builtin_arity(b)), name);
    } else if (c.args.size() > 1) {  // wait_copies() or wait_copies(event)
        error(c.range,
              "'wait_copies' takes no argument (every copy started) or one copy_event, got " +
                  std::to_string(c.args.size()));
        ok = false;
    }
    switch (builtin_group(b)) {
        case BuiltinGroup::ArrayAlloc:
            array_alloc(c, b);
            if (ok && c.args[0]) {
                const ast::Expr& t = *c.args[0];
                ensure_size(res_->names, t.id);
                auto dtype = t.kind == ast::ExprKind::Name
                                 ? type_name(static_cast<const ast::Name&>(t).name)
                                 : std::nullopt;
                const auto* m =
                    t.kind == ast::ExprKind::Member ? static_cast<const ast::Member*>(&t) : nullptr;
                if (dtype) {
                    res_->names[t.id].kind = NameKind::TypeName;
                    res_->names[t.id].type_name = *dtype;
                } else if (m && m->member == "dtype" && m->base) {
                    expr(*m->base);  // `local_array(x.dtype, N)`: typed per instance
                } else if (t.kind == ast::ExprKind::Name) {
                    error(t.range, "unknown type '" + static_cast<const ast::Name&>(t).name +
                                       "': the first argument of " + name +
                                       " is an element type such as f32");
                } else {
                    error(t.range,
                          "the first argument of " + name + " must be an element type such as f32");
                }
                for (std::size_t i = 1; i < c.args.size(); ++i)
                    if (c.args[i]) expr(*c.args[i]);
                return;
            }
            break;
        case BuiltinGroup::Sync:
            if (ok && c.args[0]) {
                mem_flags(*c.args[0], b);
                return;
            }
            break;
        default: break;
    }
    for (const auto& a : c.args)
        if (a) expr(*a);
}

void Resolver::debug_call(const ast::Call& c, Builtin b) {
    for (const auto& a : c.args)
        if (a) expr(*a);
    if (b == Builtin::Print) {
        if (c.args.empty())
            error(c.range,
                  "'print' takes a format string and the values it shows: print(\"i = {}\", i)");
        return;
    }
    if (c.args.size() == 2) return;
    if (c.args.size() == 1)
        error(c.range,
              "'assert' takes a condition and a message: assert(" +
                  (c.args[0] ? source_text(file_, c.args[0]->range) : std::string("cond")) +
                  ", \"what went wrong\")");
    else
        error(c.range, "'assert' takes 2 arguments (a condition and a message string), got " +
                           std::to_string(c.args.size()));
}

void Resolver::array_alloc(const ast::Call& c, Builtin b) {
    std::string name(builtin_name(b));
    if (&c != array_init_) {
        error(c.range,
              name + "(...) must initialize a 'let', e.g. let tile = " + name + "(f32, (16, 16));");
        return;
    }
    if (array_decl_ && array_decl_->var.is_mutable) {
        error(c.range, name + "(...) must initialize a 'let', not a 'var'");
        return;
    }
    if (b != Builtin::LocalArray) return;
    if (!fn_->is_kernel) {
        error(c.callee_range, "local_array is only allowed in a kernel, not in function '" +
                                  fn_->name +
                                  "'; allocate it in the kernel and pass it as an "
                                  "argument");
    } else if (block_depth_ > 0) {
        error(c.callee_range,
              "local_array must be declared directly in the kernel's body, not "
              "inside a loop or block");
    }
}

void Resolver::mem_flags(const ast::Expr& e, Builtin b) {
    ensure_size(res_->names, e.id);
    if (e.kind == ast::ExprKind::Name) {
        const auto& n = static_cast<const ast::Name&>(e);
        if (n.name == "local" || n.name == "global") {
            res_->names[n.id].kind = NameKind::MemFlag;
            res_->names[n.id].mem_flag = n.name == "local" ? 1 : 2;
            return;
        }
    }
    if (e.kind == ast::ExprKind::Binary) {
        const auto& bin = static_cast<const ast::Binary&>(e);
        if (bin.op == ast::BinaryOp::BitOr && bin.lhs && bin.rhs) {
            mem_flags(*bin.lhs, b);
            mem_flags(*bin.rhs, b);
            return;
        }
    }
    std::string found = e.kind == ast::ExprKind::Name
                            ? " '" + static_cast<const ast::Name&>(e).name + "'"
                            : std::string();
    error(e.range, "bad " + std::string(builtin_name(b)) + " flag" + found +
                       ": expected local, global or local | global");
}

}  // namespace dpk::compiler::sema
