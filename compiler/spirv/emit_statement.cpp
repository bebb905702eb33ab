// FunctionEmitter: statements and structured control flow.
#include "compiler/sema/const_fold.h"
#include "compiler/spirv/function_emitter.h"

namespace dpk::compiler::spirv {

namespace {

bool is_shift(ast::BinaryOp op) {
    return op == ast::BinaryOp::Shl || op == ast::BinaryOp::Shr;
}

}  // namespace

void FunctionEmitter::emit_block(const ast::Block& block) {
    for (const auto& s : block.stmts) {
        if (terminated_) return;  // code after break/continue/return is unreachable
        emit_stmt(*s);
    }
}

void FunctionEmitter::emit_stmt(const ast::Stmt& s) {
    const ast::Stmt* outer = current_stmt_;
    current_stmt_ = &s;
    switch (s.kind) {
        case ast::StmtKind::VarDecl: emit_var_decl(static_cast<const ast::VarDecl&>(s)); break;
        case ast::StmtKind::Assign: emit_assign(static_cast<const ast::Assign&>(s)); break;
        case ast::StmtKind::If: emit_if(static_cast<const ast::If&>(s)); break;
        case ast::StmtKind::While: emit_while(static_cast<const ast::While&>(s)); break;
        case ast::StmtKind::For: emit_for(static_cast<const ast::For&>(s)); break;
        case ast::StmtKind::Break:
            if (loops_.empty())
                error("internal: break outside a loop");
            else
                branch(loops_.back().merge);
            break;
        case ast::StmtKind::Continue:
            if (loops_.empty())
                error("internal: continue outside a loop");
            else
                branch(loops_.back().cont);
            break;
        case ast::StmtKind::Return: emit_return(static_cast<const ast::Return&>(s)); break;
        case ast::StmtKind::ExprStmt: {
            const auto& e = *static_cast<const ast::ExprStmt&>(s).expr;
            const types::Type* t = fn_.info(e).type;
            if (t && t->is_array())
                emit_array(e);
            else
                emit_raw(e);
            break;
        }
        case ast::StmtKind::Block: emit_block(static_cast<const ast::Block&>(s)); break;
    }
    // Capabilities the target lacks surface here, at the innermost statement that needed them.
    while (m_.builder_errors_reported < m_.b.errors().size())
        error(m_.b.errors()[m_.builder_errors_reported++]);
    current_stmt_ = outer;
}

void FunctionEmitter::bind_scalar(const ast::VarSymbol& var, Id value) {
    Binding& b = bindings_.at(var.id);
    const types::Type* t = fn_.var_type(var);
    b.type = m_.type_of(t);
    if (var.is_mutable) {
        b.kind = Binding::Kind::Variable;
        b.id = local_variable(b.type, var.name);
        store(b.id, value);
        return;
    }
    b.kind = Binding::Kind::Value;
    b.id = value;
}

void FunctionEmitter::emit_var_decl(const ast::VarDecl& s) {
    const types::Type* t = fn_.var_type(s.var);
    if (t->is_array()) {
        Binding& b = bindings_.at(s.var.id);
        b.kind = Binding::Kind::Array;
        b.array = emit_array(*s.init);
        if (b.array.array_var) name(b.array.array_var, s.var.name);
        if (b.array.name.empty()) b.array.name = s.var.name;
        return;
    }
    note_global_id_var(s);
    const Id before = last_result_;
    Id value = emit_value_as(*s.init, t);
    // Name fresh results only: constants and parameters are shared.
    if (!s.var.is_mutable && value == last_result_ && value != before) name(value, s.var.name);
    bind_scalar(s.var, value);
}

void FunctionEmitter::emit_assign(const ast::Assign& s) {
    const ast::Expr& target = *s.target;
    const types::Type* t = fn_.info(target).type;
    const bool compound = s.op != ast::AssignOp::Set;
    const ast::BinaryOp op = *ast::compound_binary_op(s.op);
    auto new_value = [&](Id current) {
        if (!compound) return emit_value_as(*s.value, t);
        if (t->is_matrix()) {  // m op= m2, m *= s, m /= s
            const Id rhs = emit_value(*s.value);
            return matrix_binary(op, t, current, rhs, true,
                                 fn_.info(*s.value).result()->is_matrix());
        }
        if (op == ast::BinaryOp::Add || op == ast::BinaryOp::Sub)  // c += a * b: one mad
            if (const ast::Binary* product = contractible_product(*s.value, t)) {
                Id a = emit_value_as(*product->lhs, t);
                return multiply_add(op, a, emit_value_as(*product->rhs, t), current, false, t);
            }
        Id rhs = is_shift(op) ? emit_value(*s.value) : emit_value_as(*s.value, t);
        return arithmetic(op, current, rhs, t->dtype);
    };
    if (target.kind == ast::ExprKind::Name) {
        const auto& info = fn_.info(target);
        Binding& b = bindings_.at(info.var_id);
        if (b.kind != Binding::Kind::Variable) {
            error("internal: assignment to an immutable or array binding");
            return;
        }
        Id current = compound ? load(b.type, b.id) : 0;
        store(b.id, new_value(current));
        return;
    }
    if (target.kind == ast::ExprKind::Index) {
        const auto& index = static_cast<const ast::Index&>(target);
        ArrayValue a = emit_array(*index.base);
        note_written(a);
        // The only store into a private array stores a value tied to the work-item, so that the
        // driver makes no memset of it (DriverDefect::UniformPrivateFill).
        const bool tie = m_.avoids(DriverDefect::UniformPrivateFill) &&
                         m_.uniformity->lone_private_stores.contains(&s);
        auto element_value = [&](Id current) {
            const Id v = new_value(current);
            return tie ? tied_to_work_item(v, t) : v;
        };
        if (checks_bounds()) {
            checked_assign(a, index.indices, compound, element_value, target.range);
            return;
        }
        Id pointer = element_pointer(a, index.indices);
        Id current = compound ? load_element(a, pointer) : 0;
        store_element(a, pointer, element_value(current));
        return;
    }
    error("internal: unsupported assignment target");
}

void FunctionEmitter::emit_if(const ast::If& s) {
    Id cond = emit_value(*s.cond);
    Id then_label = m_.b.next_id();
    Id merge_label = m_.b.next_id();
    Id else_label = s.else_stmt ? m_.b.next_id() : merge_label;
    inst_void(spv::Op::OpSelectionMerge,
              {merge_label, operand(spv::SelectionControlMask::MaskNone)});
    branch_conditional(cond, then_label, else_label);

    begin_block(then_label);
    emit_block(*s.then_block);
    const bool then_falls_through = !terminated_;
    branch(merge_label);

    bool else_falls_through = true;
    if (s.else_stmt) {
        begin_block(else_label);
        emit_stmt(*s.else_stmt);
        else_falls_through = !terminated_;
        branch(merge_label);
    }
    begin_block(merge_label);
    if (!then_falls_through && !else_falls_through) terminate(spv::Op::OpUnreachable);
}

void FunctionEmitter::emit_while(const ast::While& s) {
    Id header = m_.b.next_id();
    Id check = m_.b.next_id();
    Id body = m_.b.next_id();
    Id cont = m_.b.next_id();
    Id merge = m_.b.next_id();
    branch(header);

    begin_block(header);
    inst_void(spv::Op::OpLoopMerge, {merge, cont, operand(spv::LoopControlMask::MaskNone)});
    branch(check);

    begin_block(check);
    Id cond = emit_value(*s.cond);
    branch_conditional(cond, body, merge);

    begin_block(body);
    loops_.push_back({merge, cont});
    emit_block(*s.body);
    loops_.pop_back();
    branch(cont);

    begin_block(cont);
    anchor_iteration(s);
    branch(header);
    begin_block(merge);
    anchor_after_loop(s);
}

namespace {

/// The most iterations of a loop that is written out (written_out_values).
constexpr std::size_t kMostIterationsWrittenOut = 2;

/// Whether a loop body declares or assigns a matrix and has no break, continue or return (so
/// that each iteration's body may be emitted in turn).
bool multiplies_straight(const ast::Stmt& s, const sema::FunctionInstance& fn, bool& matrix) {
    switch (s.kind) {
        case ast::StmtKind::Break:
        case ast::StmtKind::Continue:
        case ast::StmtKind::Return: return false;
        case ast::StmtKind::VarDecl: {
            const types::Type* t = fn.var_type(static_cast<const ast::VarDecl&>(s).var);
            matrix = matrix || (t && t->is_matrix());
            return true;
        }
        case ast::StmtKind::Assign: {
            const types::Type* t = fn.info(*static_cast<const ast::Assign&>(s).target).type;
            matrix = matrix || (t && t->is_matrix());
            return true;
        }
        case ast::StmtKind::Block:
            for (const auto& c : static_cast<const ast::Block&>(s).stmts)
                if (c && !multiplies_straight(*c, fn, matrix)) return false;
            return true;
        case ast::StmtKind::If: {
            const auto& i = static_cast<const ast::If&>(s);
            return (!i.then_block || multiplies_straight(*i.then_block, fn, matrix)) &&
                   (!i.else_stmt || multiplies_straight(*i.else_stmt, fn, matrix));
        }
        case ast::StmtKind::While: {
            const auto& body = static_cast<const ast::While&>(s).body;
            return !body || multiplies_straight(*body, fn, matrix);
        }
        case ast::StmtKind::For: {
            const auto& body = static_cast<const ast::For&>(s).body;
            return !body || multiplies_straight(*body, fn, matrix);
        }
        case ast::StmtKind::ExprStmt: return true;
    }
    return true;
}

}  // namespace

std::optional<std::vector<std::int64_t>> FunctionEmitter::written_out_values(const ast::For& s) {
    // Where the device multiplies matrices, a loop of a few iterations over constant bounds that
    // multiplies them is written out: the tile positions of each iteration are then constants
    // (on CUDA, offsets of one address). Emulated matrices are loops already: written out, they
    // would only grow the kernel the driver compiles.
    const DType dt = fn_.var_type(s.var)->dtype;
    if (!native_matrices() || !is_integer(dt) || !s.body) return std::nullopt;
    auto value = [&](const ast::ExprPtr& e, std::int64_t absent) -> std::optional<std::int64_t> {
        if (!e) return absent;
        const auto& c = fn_.info(*e).constant;
        if (!c) return std::nullopt;
        const sema::ConstValue v = sema::convert_const(*c, fn_.info(*e).result()->dtype, dt);
        if (const auto* u = std::get_if<std::uint64_t>(&v.value); u && *u > (1ull << 62))
            return std::nullopt;
        return v.as_int();
    };
    const auto start = value(s.start, 0), stop = value(s.stop, 0), step = value(s.step, 1);
    if (!start || !stop || !step || *step == 0) return std::nullopt;
    std::vector<std::int64_t> values;
    for (__int128 v = *start; *step > 0 ? v < *stop : v > *stop; v += *step) {
        if (values.size() == kMostIterationsWrittenOut) return std::nullopt;
        values.push_back(static_cast<std::int64_t>(v));
    }
    bool matrix = false;
    if (!multiplies_straight(*s.body, fn_, matrix) || !matrix) return std::nullopt;
    return values;
}

void FunctionEmitter::emit_for(const ast::For& s) {
    const types::Type* t = fn_.var_type(s.var);
    const DType dt = t->dtype;
    if (const auto values = written_out_values(s)) {
        for (const std::int64_t v : *values) {
            bind_scalar(s.var, m_.const_int(dt, v));
            emit_block(*s.body);
        }
        return;
    }
    const Id type = m_.value_type(dt);
    Id start = s.start ? emit_value_as(*s.start, t) : m_.zero(dt);
    Id stop = emit_value_as(*s.stop, t);
    Id step = s.step ? emit_value_as(*s.step, t) : m_.one(dt);

    // The comparison follows the sign of the step, known at compile time in the common case.
    int step_sign = 1;
    if (s.step) {
        const auto& c = fn_.info(*s.step).constant;
        if (!c) {
            step_sign = 0;
        } else {
            step_sign = std::visit(
                [](auto v) { return v > decltype(v){} ? 1 : (v < decltype(v){} ? -1 : 0); },
                c->value);
            if (step_sign == 0) step_sign = 1;  // range(a, b, 0) never ends, as written
        }
    }
    if (!is_signed(dt) && step_sign == 0) step_sign = 1;  // unsigned steps are positive

    Id pre = current_label_;
    Id header = m_.b.next_id();
    Id body = m_.b.next_id();
    Id cont = m_.b.next_id();
    Id merge = m_.b.next_id();
    Id next = m_.b.next_id();
    branch(header);

    begin_block(header);
    Id counter = inst(spv::Op::OpPhi, type, {start, pre, next, cont});
    Id cond;
    if (step_sign > 0) {
        cond = compare(ast::BinaryOp::Lt, counter, stop, dt);
    } else if (step_sign < 0) {
        cond = compare(ast::BinaryOp::Gt, counter, stop, dt);
    } else {
        Id up = compare(ast::BinaryOp::Gt, step, m_.zero(dt), dt);
        Id below = compare(ast::BinaryOp::Lt, counter, stop, dt);
        Id above = compare(ast::BinaryOp::Gt, counter, stop, dt);
        cond = inst(spv::Op::OpSelect, m_.bool_type(), {up, below, above});
    }
    inst_void(spv::Op::OpLoopMerge, {merge, cont, operand(spv::LoopControlMask::MaskNone)});
    branch_conditional(cond, body, merge);

    begin_block(body);
    name(counter, s.var.name);
    bind_scalar(s.var, counter);
    loops_.push_back({merge, cont});
    emit_block(*s.body);
    loops_.pop_back();
    branch(cont);

    begin_block(cont);
    anchor_iteration(s);
    if (dt == DType::BF16)  // in f32, rounded back (arithmetic())
        inst_as(next, spv::Op::OpCopyObject, type,
                {arithmetic(ast::BinaryOp::Add, counter, step, dt)});
    else
        inst_as(next, is_float(dt) ? spv::Op::OpFAdd : spv::Op::OpIAdd, type, {counter, step});
    branch(header);
    begin_block(merge);
    anchor_after_loop(s);
}

void FunctionEmitter::for_each_loop_variable(
    const std::unordered_map<const ast::Stmt*, std::vector<std::uint32_t>>& loops,
    const ast::Stmt& loop, const std::function<void(Id, Id, const types::Type*)>& f) {
    auto it = loops.find(&loop);
    if (it == loops.end()) return;
    for (std::uint32_t var : it->second)
        if (var < bindings_.size() && bindings_[var].kind == Binding::Kind::Variable)
            f(bindings_[var].id, bindings_[var].type, fn_.vars.at(var));
}

void FunctionEmitter::anchor_iteration(const ast::Stmt& loop) {
    if (!m_.avoids(DriverDefect::ReassociatedLoops) || !m_.uniformity) return;
    // Each float the loop carries passes through an integer xor with a zero the driver cannot
    // see: its operations no longer form a chain the driver may regroup.
    for_each_loop_variable(
        m_.uniformity->loop_assignments, loop, [&](Id var, Id type, const types::Type* t) {
            if (!t || !t->is_scalar() || !is_float(t->dtype)) return;
            const auto bits = static_cast<std::uint32_t>(dtype_bits(t->dtype));
            store(var, xor_float_bits(load(type, var), t->dtype, work_item_zero(bits)));
        });
}

void FunctionEmitter::anchor_after_loop(const ast::Stmt& loop) {
    if (!m_.avoids(DriverDefect::VaryingLoopExit) || !m_.uniformity) return;
    for_each_loop_variable(
        m_.uniformity->varying_loops, loop,
        [&](Id var, Id type, const types::Type* t) { store(var, anchored(load(type, var), t)); });
}

Id FunctionEmitter::work_item_zero(std::uint32_t bits) {
    // local_id(0) >> 63 is 0 in every launch, but a driver knows it only once it has laid out
    // the work-items: until then it is a value of the work-item that folds into nothing.
    Id local = inst(spv::Op::OpCompositeExtract, m_.i64(),
                    {builtin_vector(spv::BuiltIn::LocalInvocationId), 0});
    Id zero = inst(spv::Op::OpShiftRightLogical, m_.i64(), {local, m_.const_i64(63)});
    if (bits == 64) return zero;
    return inst(spv::Op::OpUConvert, m_.b.type_int(bits), {zero});
}

Id FunctionEmitter::launch_zero(std::uint32_t bits) {
    Id size =
        inst(spv::Op::OpCompositeExtract, m_.i64(), {builtin_vector(spv::BuiltIn::GlobalSize), 0});
    Id zero = inst(spv::Op::OpShiftRightLogical, m_.i64(), {size, m_.const_i64(63)});
    if (bits == 64) return zero;
    return inst(spv::Op::OpUConvert, m_.b.type_int(bits), {zero});
}

Id FunctionEmitter::anchored(Id value, const types::Type* t) {
    if (!m_.avoids(DriverDefect::VaryingLoopExit)) return value;
    return tied_to_work_item(value, t);
}

Id FunctionEmitter::tied_to_work_item(Id value, const types::Type* t) {
    if (!t || !t->is_scalar()) return value;
    const DType dt = t->dtype;
    if (dt == DType::Bool) {
        Id no = inst(spv::Op::OpINotEqual, m_.bool_type(), {work_item_zero(64), m_.const_i64(0)});
        return inst(spv::Op::OpLogicalNotEqual, m_.bool_type(), {value, no});
    }
    const auto bits = static_cast<std::uint32_t>(dtype_bits(dt));
    if (!is_float(dt))
        return inst(spv::Op::OpBitwiseXor, m_.b.type_int(bits), {value, work_item_zero(bits)});
    return xor_float_bits(value, dt, work_item_zero(bits));
}

Id FunctionEmitter::xor_float_bits(Id x, DType t, Id mask) {
    const Id bits = m_.int_of_width(t);
    if (m_.value_type(t) == bits) return inst(spv::Op::OpBitwiseXor, bits, {x, mask});  // bf16
    Id flipped = inst(spv::Op::OpBitwiseXor, bits, {inst(spv::Op::OpBitcast, bits, {x}), mask});
    return inst(spv::Op::OpBitcast, m_.value_type(t), {flipped});
}

void FunctionEmitter::emit_return(const ast::Return& s) {
    if (is_kernel_ || !s.value) {
        if (s.value) error("internal: a kernel returns no value");
        terminate(spv::Op::OpReturn);
        return;
    }
    return_value(emit_value_as(*s.value, fn_.return_type));
}

}  // namespace dpk::compiler::spirv
