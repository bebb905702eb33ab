#include "tests/spirv/typed_kernel_builder.h"

namespace dpk::tests {

FunctionBuilder::FunctionBuilder(TestProgram& program, std::string name, bool is_kernel,
                                 const types::Type* return_type)
    : program_(program),
      decl_(std::make_unique<ast::Function>()),
      instance_(std::make_unique<sema::FunctionInstance>()) {
    decl_->is_kernel = is_kernel;
    decl_->name = name;
    decl_->body = std::make_unique<ast::Block>();
    instance_->decl = decl_.get();
    instance_->symbol = is_kernel ? name : name + "__test";
    instance_->return_type = return_type ? return_type : program.types.void_type();
    blocks_.push_back(decl_->body.get());
}

template <typename T>
std::unique_ptr<T> FunctionBuilder::make(const types::Type* t) {
    auto e = std::make_unique<T>();
    e->id = static_cast<std::uint32_t>(instance_->exprs.size());
    instance_->exprs.emplace_back();
    instance_->exprs.back().type = t;
    decl_->expr_count = e->id + 1;
    return e;
}

std::uint32_t FunctionBuilder::new_var(std::string name, const types::Type* t, bool is_mutable,
                                       ast::VarSymbol& sym) {
    sym.name = std::move(name);
    sym.is_mutable = is_mutable;
    sym.id = static_cast<std::uint32_t>(instance_->vars.size());
    instance_->vars.push_back(t);
    decl_->var_count = sym.id + 1;
    return sym.id;
}

std::uint32_t FunctionBuilder::param(std::string name, const types::Type* t) {
    ast::Param p;
    std::uint32_t id = new_var(std::move(name), t, false, p.var);
    decl_->params.push_back(std::move(p));
    instance_->param_types.push_back(t);
    return id;
}

ast::ExprPtr FunctionBuilder::var(std::uint32_t id) {
    auto e = make<ast::Name>(instance_->vars.at(id));
    // Find the name for readability of test failures.
    e->name = std::string("v").append(std::to_string(id));
    auto& i = info(*e);
    i.name_kind = sema::ExprInfo::NameKind::Var;
    i.var_id = id;
    return e;
}

ast::ExprPtr FunctionBuilder::lit(std::int64_t v, DType t) {
    auto e = make<ast::IntLit>(program_.scalar(t));
    e->value = static_cast<std::uint64_t>(v);
    info(*e).constant = sema::ConstValue{v};
    return e;
}

ast::ExprPtr FunctionBuilder::flit(double v, DType t) {
    auto e = make<ast::FloatLit>(program_.scalar(t));
    e->value = v;
    info(*e).constant = sema::ConstValue{v};
    return e;
}

ast::ExprPtr FunctionBuilder::blit(bool v) {
    auto e = make<ast::BoolLit>(program_.scalar(DType::Bool));
    e->value = v;
    info(*e).constant = sema::ConstValue{v};
    return e;
}

ast::ExprPtr FunctionBuilder::flags(std::int64_t bits) {
    auto e = make<ast::Name>(program_.types.mem_flags());
    e->name = bits == 1 ? "local" : "global";
    info(*e).name_kind = sema::ExprInfo::NameKind::MemFlag;
    info(*e).constant = sema::ConstValue{bits};
    return e;
}

ast::ExprPtr FunctionBuilder::bin(ast::BinaryOp op, ast::ExprPtr l, ast::ExprPtr r,
                                  const types::Type* t) {
    auto e = make<ast::Binary>(t);
    e->op = op;
    e->lhs = std::move(l);
    e->rhs = std::move(r);
    return e;
}

ast::ExprPtr FunctionBuilder::un(ast::UnaryOp op, ast::ExprPtr operand, const types::Type* t) {
    auto e = make<ast::Unary>(t);
    e->op = op;
    e->operand = std::move(operand);
    return e;
}

ast::ExprPtr FunctionBuilder::call(sema::Builtin b, std::vector<ast::ExprPtr> args,
                                   const types::Type* t) {
    auto e = make<ast::Call>(t ? t : program_.types.void_type());
    e->callee = std::string(sema::builtin_name(b));
    e->args = std::move(args);
    info(*e).call_kind = sema::ExprInfo::CallKind::Builtin;
    info(*e).builtin = b;
    return e;
}

ast::ExprPtr FunctionBuilder::cast(const types::Type* to, ast::ExprPtr arg) {
    auto e = make<ast::Call>(to);
    e->callee = to->str();
    e->args.push_back(std::move(arg));
    info(*e).call_kind = sema::ExprInfo::CallKind::Cast;
    return e;
}

ast::ExprPtr FunctionBuilder::user_call(const sema::FunctionInstance* callee,
                                        std::vector<ast::ExprPtr> args) {
    auto e = make<ast::Call>(callee->return_type);
    e->callee = callee->decl->name;
    e->args = std::move(args);
    info(*e).call_kind = sema::ExprInfo::CallKind::User;
    info(*e).callee = callee;
    instance_->callees.push_back(callee);
    return e;
}

ast::ExprPtr FunctionBuilder::index(ast::ExprPtr base, std::vector<ast::ExprPtr> indices) {
    const types::Type* at = info(*base).type;
    auto e = make<ast::Index>(program_.scalar(at->dtype));
    e->base = std::move(base);
    e->indices = std::move(indices);
    return e;
}

ast::ExprPtr FunctionBuilder::member_dim(ast::ExprPtr base, std::string member, int d) {
    auto m = make<ast::Member>(nullptr);
    m->member = std::move(member);
    m->base = std::move(base);
    auto e = make<ast::Index>(program_.scalar(DType::I64));
    e->base = std::move(m);
    e->indices.push_back(lit(d));
    info(*e).member_dim = d;
    return e;
}

ast::ExprPtr FunctionBuilder::size(ast::ExprPtr base) {
    auto m = make<ast::Member>(program_.scalar(DType::I64));
    m->member = "size";
    m->base = std::move(base);
    return m;
}

ast::ExprPtr FunctionBuilder::tuple(std::vector<ast::ExprPtr> elements) {
    auto e = make<ast::Tuple>(nullptr);
    e->elements = std::move(elements);
    return e;
}

ast::ExprPtr FunctionBuilder::conv(ast::ExprPtr e, const types::Type* to) {
    info(*e).converted_to = to;
    return e;
}

ast::ExprPtr FunctionBuilder::local_array(DType t, std::vector<std::int64_t> shape) {
    const int n = static_cast<int>(shape.size());
    const auto* at = program_.types.array(t, n, Layout::C, types::AddressSpace::Local, shape);
    std::vector<ast::ExprPtr> args;
    return call(sema::Builtin::LocalArray, std::move(args), at);
}

ast::ExprPtr FunctionBuilder::private_array(DType t, std::vector<std::int64_t> shape) {
    const int n = static_cast<int>(shape.size());
    const auto* at = program_.types.array(t, n, Layout::C, types::AddressSpace::Private, shape);
    std::vector<ast::ExprPtr> args;
    return call(sema::Builtin::PrivateArray, std::move(args), at);
}

void FunctionBuilder::push(ast::StmtPtr s) {
    blocks_.back()->stmts.push_back(std::move(s));
}

std::uint32_t FunctionBuilder::let(std::string name, ast::ExprPtr init, const types::Type* t,
                                   bool is_mutable) {
    auto s = std::make_unique<ast::VarDecl>();
    if (!t) t = info(*init).converted_to ? info(*init).converted_to : info(*init).type;
    std::uint32_t id = new_var(std::move(name), t, is_mutable, s->var);
    s->init = std::move(init);
    push(std::move(s));
    return id;
}

void FunctionBuilder::assign(ast::ExprPtr target, ast::ExprPtr value, ast::AssignOp op) {
    auto s = std::make_unique<ast::Assign>();
    s->op = op;
    s->target = std::move(target);
    s->value = std::move(value);
    push(std::move(s));
}

void FunctionBuilder::if_(ast::ExprPtr cond, const std::function<void()>& then_body,
                          const std::function<void()>& else_body) {
    auto s = std::make_unique<ast::If>();
    s->cond = std::move(cond);
    s->then_block = std::make_unique<ast::Block>();
    blocks_.push_back(s->then_block.get());
    then_body();
    blocks_.pop_back();
    if (else_body) {
        auto b = std::make_unique<ast::Block>();
        blocks_.push_back(b.get());
        else_body();
        blocks_.pop_back();
        s->else_stmt = std::move(b);
    }
    push(std::move(s));
}

void FunctionBuilder::while_(ast::ExprPtr cond, const std::function<void()>& body) {
    auto s = std::make_unique<ast::While>();
    s->cond = std::move(cond);
    s->body = std::make_unique<ast::Block>();
    blocks_.push_back(s->body.get());
    body();
    blocks_.pop_back();
    push(std::move(s));
}

void FunctionBuilder::for_(std::string name, const types::Type* t, ast::ExprPtr start,
                           ast::ExprPtr stop, ast::ExprPtr step,
                           const std::function<void(std::uint32_t)>& body) {
    auto s = std::make_unique<ast::For>();
    std::uint32_t id = new_var(std::move(name), t, false, s->var);
    s->start = std::move(start);
    s->stop = std::move(stop);
    s->step = std::move(step);
    s->body = std::make_unique<ast::Block>();
    blocks_.push_back(s->body.get());
    body(id);
    blocks_.pop_back();
    push(std::move(s));
}

void FunctionBuilder::break_() {
    push(std::make_unique<ast::Break>());
}
void FunctionBuilder::continue_() {
    push(std::make_unique<ast::Continue>());
}

void FunctionBuilder::return_(ast::ExprPtr value) {
    auto s = std::make_unique<ast::Return>();
    s->value = std::move(value);
    push(std::move(s));
}

void FunctionBuilder::expr(ast::ExprPtr e) {
    auto s = std::make_unique<ast::ExprStmt>();
    s->expr = std::move(e);
    push(std::move(s));
}

const sema::FunctionInstance* FunctionBuilder::finish() {
    const sema::FunctionInstance* out = instance_.get();
    program_.decls.push_back(std::move(decl_));
    program_.typed.instances.push_back(std::move(instance_));
    return out;
}

void FunctionBuilder::finish_kernel(Signature signature) {
    program_.typed.signature = std::move(signature);
    program_.typed.kernel = finish();
}

}  // namespace dpk::tests
