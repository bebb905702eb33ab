// Types of `let`/`var` declared without a type from an untyped initializer (`let half = 0.5;`),
// inferred from their uses in the function as docs/language.md ("Literals take their type from
// their uses") describes: the first pass gives such a variable an inference class instead of a
// type and records which type each use requires; the second pass types the body with the
// variables typed.
#include "compiler/sema/type_checker.h"

namespace dpk::compiler::sema {

void TypeChecker::run_pass() {
    const ast::Function& fn = *inst_->decl;
    inst_->exprs.assign(fn.expr_count, ExprInfo{});
    inst_->vars.assign(fn.var_count, nullptr);
    inst_->callees.clear();
    untyped_.assign(fn.expr_count, std::nullopt);
    runtime_untyped_.assign(fn.expr_count, 0);
    returns_.clear();
    for (std::size_t i = 0; i < fn.params.size() && i < inst_->param_types.size(); ++i) {
        std::uint32_t id = fn.params[i].var.id;
        if (inst_->vars.size() <= id) inst_->vars.resize(id + 1);
        inst_->vars[id] = inst_->param_types[i];
        if (untyped_params_ && i < untyped_params_->size() && (*untyped_params_)[i] &&
            id < var_class_.size()) {
            inst_->vars[id] = nullptr;
            var_class_[id] = new_class(*(*untyped_params_)[i], -1);
        }
    }
    check_attributes();
    if (fn.body) block(*fn.body);
    finish_returns();
}

void TypeChecker::check_body() {
    const ast::Function& fn = *inst_->decl;
    var_class_.assign(fn.var_count, -1);
    classes_.clear();
    holding_ = true;
    run_pass();
    holding_ = false;
    if (classes_.empty()) {  // nothing to infer: the first pass was the only one
        flush_pending();
        return;
    }
    pending_.clear();
    failed_ = false;
    inferred_ = resolve_classes();
    bool disagreed = failed_;
    var_class_.clear();
    classes_.clear();
    run_pass();
    failed_ |= disagreed;
}

std::optional<std::vector<const types::Type*>> TypeChecker::infer_params(
    const std::vector<std::optional<bool>>& untyped_params) {
    const ast::Function& fn = *inst_->decl;
    untyped_params_ = &untyped_params;
    declared_return_ = ctx_.types().void_type();
    var_class_.assign(fn.var_count, -1);
    classes_.clear();
    holding_ = true;
    run_pass();
    holding_ = false;
    pending_.clear();  // the compilation for the inferred signature reports the body's errors
    failed_ = false;
    std::vector<const types::Type*> vars = resolve_classes();
    untyped_params_ = nullptr;
    if (failed_) return std::nullopt;
    std::vector<const types::Type*> out;
    for (std::size_t i = 0; i < fn.params.size(); ++i) {
        bool untyped = i < untyped_params.size() && untyped_params[i];
        out.push_back(untyped ? vars.at(fn.params[i].var.id) : inst_->param_types.at(i));
    }
    return out;
}

int TypeChecker::find(int c) {
    while (classes_[c].parent != c) c = classes_[c].parent = classes_[classes_[c].parent].parent;
    return c;
}

int TypeChecker::new_class(bool is_float, int other) {
    VarClass k;
    k.parent = static_cast<int>(classes_.size());
    k.is_float = is_float;
    classes_.push_back(k);
    return other < 0 ? k.parent : join(k.parent, other);
}

int TypeChecker::join(int a, int b) {
    if (a < 0 || b < 0) return a < 0 ? b : a;
    a = find(a);
    b = find(b);
    if (a == b || classes_[a].is_float != classes_[b].is_float) return a;
    VarClass& into = classes_[a];
    VarClass& from = classes_[b];
    from.parent = a;
    if (!into.conflict) into.conflict = from.conflict;
    if (!into.first) {
        into.first = from.first;
    } else if (from.first && from.first->type != into.first->type && !into.conflict) {
        into.conflict = from.first;
    }
    return a;
}

int TypeChecker::class_of(const ast::Expr& e) const {
    if (e.kind != ast::ExprKind::Name || e.id >= exprs_.size()) return -1;
    const ExprInfo& in = exprs_[e.id];
    if (in.name_kind != ExprInfo::NameKind::Var || in.var_id >= var_class_.size()) return -1;
    return var_class_[in.var_id];
}

void TypeChecker::constrain(const ast::Expr& e, const types::Type* t) {
    int c = class_of(e);
    if (c < 0 || !t || !t->is_scalar()) return;
    VarClass& k = classes_[find(c)];
    // An integer variable never becomes a float (it converts where a float is needed), and a
    // float never an integer (that needs a cast).
    if (k.is_float ? !t->is_float_type() : !t->is_int()) return;
    Use use{t, e.range, static_cast<const ast::Name&>(e).name};
    if (!k.first) {
        k.first = use;
    } else if (k.first->type != t && !k.conflict) {
        k.conflict = use;
    }
}

std::vector<const types::Type*> TypeChecker::resolve_classes() {
    std::vector<const types::Type*> out(var_class_.size(), nullptr);
    inference_failed_.assign(var_class_.size(), 0);
    std::vector<std::uint8_t> reported(classes_.size(), 0);
    for (std::size_t id = 0; id < var_class_.size(); ++id) {
        if (var_class_[id] < 0) continue;
        int c = find(var_class_[id]);
        const VarClass& k = classes_[c];
        if (!k.conflict) {
            out[id] = k.first ? k.first->type : scalar(k.is_float ? DType::F64 : DType::I64);
            continue;
        }
        inference_failed_[id] = 1;
        if (reported[c]) continue;
        reported[c] = 1;
        const Use& a = *k.first;
        const Use& b = *k.conflict;
        std::string fix =
            untyped_params_
                ? "give it with a type (NAME=VALUE:DTYPE) or a signature (-s)"
                : "write its type (" + a.name + ": " + a.type->str() + ") or cast one of the uses";
        error(b.where, "'" + b.name + "' is used here as " + b.type->str() + " but as " +
                           a.type->str() + " on line " + std::to_string(a.where.begin.line) +
                           "; a value without a written type takes its type from its uses, so "
                           "they must agree: " +
                           fix);
        note(a.where, "'" + a.name + "' is used as " + a.type->str() + " here");
    }
    return out;
}

}  // namespace dpk::compiler::sema
