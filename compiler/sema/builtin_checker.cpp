// Typing of builtin calls: work-item queries, local/private arrays, barriers, atomics, select,
// math and sub-group collectives.
#include "compiler/sema/print_format.h"
#include "compiler/sema/type_checker.h"

namespace dpk::compiler::sema {

using CallKind = ExprInfo::CallKind;
using NameKind = ExprInfo::NameKind;

/// The longest side of a tile async_copy takes (local memory is far smaller).
constexpr std::int64_t kMaxCopyTileSide = 65536;

Operand TypeChecker::builtin(const ast::Call& e, Builtin b) {
    ExprInfo& in = info(e);
    in.call_kind = CallKind::Builtin;
    in.builtin = b;
    if (builtin_group(b) == BuiltinGroup::Debug) return debug(e, b);
    bool args_ok = static_cast<int>(e.args.size()) == builtin_arity(b) ||
                   (b == Builtin::WaitCopies && e.args.size() == 1) ||
                   matrix_options_arity(b, e.args.size(), builtin_arity(b));
    for (const auto& a : e.args) args_ok &= a != nullptr;
    if (!args_ok) {  // arity is reported by the resolver
        // (A matrix builtin's tuples and strings are not values: its arguments are left.)
        if (builtin_group(b) != BuiltinGroup::ArrayAlloc &&
            builtin_group(b) != BuiltinGroup::Sync && builtin_group(b) != BuiltinGroup::Matrix)
            for (const auto& a : e.args)
                if (a) check(*a);
        return Operand::failed();
    }
    switch (builtin_group(b)) {
        case BuiltinGroup::WorkItem: return work_item(e, b);
        case BuiltinGroup::ArrayAlloc: return array_alloc(e, b);
        case BuiltinGroup::Sync: {
            if (mem_flags(*e.args[0]).error) return Operand::failed();
            info(e).type = ctx_.types().void_type();
            return Operand::typed(info(e).type);
        }
        case BuiltinGroup::Atomic: return atomic(e, b);
        case BuiltinGroup::Select: return select(e);
        case BuiltinGroup::FloatMath:
        case BuiltinGroup::FloatTest:
        case BuiltinGroup::NumericMath: return math(e, b);
        case BuiltinGroup::IntBits: return int_bits(e, b);
        case BuiltinGroup::SubGroupItem:
            info(e).type = scalar(DType::I64);
            return Operand::typed(info(e).type);
        case BuiltinGroup::SubGroupValue: return sub_group_value(e, b);
        case BuiltinGroup::SubGroupVote: return sub_group_vote(e, b);
        case BuiltinGroup::Copy: return copy(e, b);
        case BuiltinGroup::Matrix: return matrix(e, b);
        case BuiltinGroup::Debug: break;  // above
    }
    return Operand::failed();
}

std::optional<std::int64_t> TypeChecker::constant_int(const ast::Expr& e, const std::string& what) {
    Operand o = check(e);
    if (o.error) return std::nullopt;
    if (o.is_untyped() && !o.untyped->is_float) {
        finalize(e, scalar(DType::I64), true, false);
        if (auto v = use_value(e)) return const_int(*v);
        return std::nullopt;
    }
    if (!o.is_untyped() && o.type->is_int()) {
        if (auto v = use_value(e)) {
            if (auto i = const_int(*v)) return i;
        }
    }
    if (o.is_untyped()) materialize(e, o);
    error(e.range,
          what + " must be a constant integer, found " +
              (o.type && o.type->is_int() ? "a value known only at run time" : describe(o)));
    return std::nullopt;
}

Operand TypeChecker::work_item(const ast::Call& e, Builtin b) {
    std::string what = "the dimension of " + std::string(builtin_name(b));
    auto d = constant_int(*e.args[0], what);
    if (!d) return Operand::failed();
    if (*d < 0 || *d > 2) {
        error(e.args[0]->range, what + " must be 0, 1 or 2, found " + std::to_string(*d));
        return Operand::failed();
    }
    info(e).type = scalar(DType::I64);
    return Operand::typed(info(e).type);
}

Operand TypeChecker::array_alloc(const ast::Call& e, Builtin b) {
    std::string name(builtin_name(b));
    const ast::Expr& elem = *e.args[0];
    const NameBinding* nb = elem.id < res_.names.size() ? &res_.names[elem.id] : nullptr;
    DType elem_type;
    if (nb && nb->kind == NameKind::TypeName) {
        elem_type = nb->type_name;
    } else if (elem.kind == ast::ExprKind::Member &&
               static_cast<const ast::Member&>(elem).member == "dtype") {
        const auto& m = static_cast<const ast::Member&>(elem);
        auto d = m.base ? element_type_of(*m.base, name + "(x.dtype, ...)") : std::nullopt;
        if (!d) return Operand::failed();
        elem_type = *d;
    } else {
        return Operand::failed();  // reported already
    }
    ExprInfo& ei = info(elem);
    ei.name_kind = NameKind::TypeName;
    ei.type = scalar(elem_type);

    const ast::Expr& shape = *e.args[1];
    std::vector<const ast::Expr*> extents;
    if (shape.kind == ast::ExprKind::Tuple) {
        for (const auto& el : static_cast<const ast::Tuple&>(shape).elements)
            extents.push_back(el.get());
    } else {
        extents.push_back(&shape);
    }
    std::vector<std::int64_t> dims;
    bool ok = true;
    for (const ast::Expr* x : extents) {
        if (!x) {
            ok = false;
            continue;
        }
        auto v = constant_int(*x, "the shape of " + name);
        if (!v) {
            ok = false;
        } else if (*v <= 0) {
            error(x->range,
                  "the shape of " + name + " must be positive, found " + std::to_string(*v));
            ok = false;
        } else {
            dims.push_back(*v);
        }
    }
    if (!ok) return Operand::failed();
    auto space =
        b == Builtin::LocalArray ? types::AddressSpace::Local : types::AddressSpace::Private;
    const types::Type* t =
        ctx_.types().array(elem_type, static_cast<int>(dims.size()), Layout::C, space, dims);
    info(e).type = t;
    return Operand::typed(t);
}

Operand TypeChecker::mem_flags(const ast::Expr& e) {
    ExprInfo& in = info(e);
    if (e.kind == ast::ExprKind::Name) {
        const NameBinding* nb = e.id < res_.names.size() ? &res_.names[e.id] : nullptr;
        if (!nb || nb->kind != NameKind::MemFlag) return Operand::failed();
        in.name_kind = NameKind::MemFlag;
        in.type = ctx_.types().mem_flags();
        in.constant = ConstValue{static_cast<std::int64_t>(nb->mem_flag)};
        return Operand::typed(in.type);
    }
    if (e.kind == ast::ExprKind::Binary) {
        const auto& b = static_cast<const ast::Binary&>(e);
        if (b.op != ast::BinaryOp::BitOr || !b.lhs || !b.rhs) return Operand::failed();
        if (mem_flags(*b.lhs).error || mem_flags(*b.rhs).error) return Operand::failed();
        auto l = const_int(*info(*b.lhs).constant), r = const_int(*info(*b.rhs).constant);
        ExprInfo& out = info(e);
        out.type = ctx_.types().mem_flags();
        out.constant = ConstValue{static_cast<std::int64_t>(*l | *r)};
        return Operand::typed(out.type);
    }
    return Operand::failed();
}

Operand TypeChecker::copy(const ast::Call& e, Builtin b) {
    if (b == Builtin::WaitCopies) {
        // wait_copies(): every copy started; wait_copies(e): those up to the one that gave e.
        info(e).type = ctx_.types().void_type();
        if (e.args.empty()) return Operand::typed(info(e).type);
        Operand event = check(*e.args[0]);
        if (event.error) return Operand::failed();
        if (event.is_untyped() || !event.type->is_copy_event()) {
            error(e.args[0]->range,
                  "wait_copies waits for a copy_event (what async_copy returns), "
                  "found " +
                      describe(event));
            return Operand::failed();
        }
        return Operand::typed(info(e).type);
    }
    info(e).type = ctx_.types().copy_event();
    // async_copy(dst, dst_start, src, src_start, count): `count` elements of the global 1-d
    // array `src` from src_start (its stride) into the local 1-d array `dst` from dst_start.
    // async_copy(dst, (di, dj), src, (si, sj), (rows, cols)): the rows x cols tile of the
    // global 2-d array `src` at (si, sj) into the local 2-d array `dst` at (di, dj); the shape
    // is two constants.
    const bool tile = e.args[1]->kind == ast::ExprKind::Tuple;
    const int ndim = tile ? 2 : 1;
    auto array_arg = [&](const ast::Expr& x, types::AddressSpace space,
                         const char* role) -> const types::Type* {
        Operand a = check(x);
        if (a.error) return nullptr;
        const char* where = space == types::AddressSpace::Local ? "local" : "global";
        if (a.is_untyped() || !a.type->is_array() || a.type->space != space ||
            a.type->ndim != ndim) {
            error(x.range, std::string("the ") + role + " of async_copy must be a " +
                               std::to_string(ndim) + "-d " + where + " array" +
                               (tile ? " (a tile position is given)" : "") + ", found " +
                               describe(a));
            return nullptr;
        }
        if (tile && a.type->layout == Layout::Any) {
            error(x.range, std::string("async_copy of a tile needs a ") + role +
                               " whose rows are contiguous (" +
                               std::string(dtype_name(a.type->dtype)) + "[:, ::1]), found " +
                               a.type->str());
            return nullptr;
        }
        if (tile && a.type->layout == Layout::F) {
            error(x.range, std::string("async_copy of a tile copies rows: its ") + role +
                               " must be C-ordered (" + std::string(dtype_name(a.type->dtype)) +
                               "[:, ::1]), found " + a.type->str());
            return nullptr;
        }
        if (a.type->dtype == DType::Bool) {
            error(x.range,
                  std::string("async_copy copies numbers, not bool; found ") + a.type->str());
            return nullptr;
        }
        return a.type;
    };
    const types::Type* dst = array_arg(*e.args[0], types::AddressSpace::Local, "destination");
    const types::Type* src = array_arg(*e.args[2], types::AddressSpace::Global, "source");
    bool ok = dst && src;
    if (tile) {
        ok &= matrix_origin(*e.args[1], "async_copy's destination");
        ok &= matrix_origin(*e.args[3], "async_copy's source");
        ok &= tile_shape(*e.args[4], "async_copy", kMaxCopyTileSide).has_value();
    } else {
        for (int i : {1, 3, 4}) ok &= array_index(*e.args[static_cast<std::size_t>(i)]);
    }
    if (ok && dst->dtype != src->dtype) {
        error(e.range, "async_copy copies between arrays of one element type; the destination is " +
                           dst->str() + ", the source " + src->str());
        ok = false;
    }
    return ok ? Operand::typed(info(e).type) : Operand::failed();
}

bool TypeChecker::atomic_index(const ast::Expr& e, const types::Type* array, Builtin b) {
    std::string name(builtin_name(b));
    if (e.kind == ast::ExprKind::Tuple) {
        const auto& t = static_cast<const ast::Tuple&>(e);
        if (static_cast<int>(t.elements.size()) != array->ndim) {
            for (const auto& el : t.elements)
                if (el) check(*el);
            error(e.range, name + " on a " + std::to_string(array->ndim) + "-d array needs " +
                               std::to_string(array->ndim) + " indices, got " +
                               std::to_string(t.elements.size()));
            return false;
        }
        bool ok = true;
        for (const auto& el : t.elements) ok &= el && array_index(*el);
        return ok;
    }
    if (array->ndim != 1) {
        check(e);
        error(e.range, name + " on a " + std::to_string(array->ndim) +
                           "-d array needs a tuple of " + std::to_string(array->ndim) +
                           " indices, e.g. (i, j)");
        return false;
    }
    return array_index(e);
}

Operand TypeChecker::atomic(const ast::Call& e, Builtin b) {
    std::string name(builtin_name(b));
    const ast::Expr& target = *e.args[0];
    Operand a = check(target);
    bool ok = !a.error;
    const types::Type* arr = nullptr;
    if (ok) {
        if (a.is_untyped() || !a.type->is_array()) {
            std::string what = target.kind == ast::ExprKind::Name
                                   ? "'" + static_cast<const ast::Name&>(target).name + "' is "
                                   : "found ";
            error(target.range, "the first argument of " + name +
                                    " must be a global or local array; " + what + describe(a));
            ok = false;
        } else if (a.type->space == types::AddressSpace::Private) {
            error(target.range, name + " needs a global or local array; " + a.type->str() +
                                    " is private to the work item");
            ok = false;
        } else {
            arr = a.type;
            DType el = arr->dtype;
            bool bitwise = b == Builtin::AtomicAnd || b == Builtin::AtomicOr ||
                           b == Builtin::AtomicXor || b == Builtin::AtomicInc ||
                           b == Builtin::AtomicDec;
            // OpenCL atomics: 32- and 64-bit integers; f32/f64 through compare-exchange loops.
            bool wide_int = is_integer(el) && dtype_bits(el) >= 32;
            if (bitwise && !wide_int) {
                error(target.range,
                      name + " needs an array of 32- or 64-bit integers, found " + arr->str());
                ok = false;
            } else if (!wide_int && el != DType::F32 && el != DType::F64) {
                error(target.range, name +
                                        " needs an array of 32- or 64-bit integers, f32 or f64, "
                                        "found " +
                                        arr->str());
                ok = false;
            }
        }
    }
    if (!ok) {
        for (std::size_t i = 1; i < e.args.size(); ++i) check(*e.args[i]);
        return Operand::failed();
    }
    ok = atomic_index(*e.args[1], arr, b);
    const types::Type* elem = scalar(arr->dtype);
    for (std::size_t i = 2; i < e.args.size(); ++i) {
        Operand v = check(*e.args[i]);
        ok &= !v.error && coerce(*e.args[i], v, elem, [&](const std::string& from) {
            return "cannot use " + from + " as a value of " + name + " on " + arr->str();
        });
    }
    if (!ok) return Operand::failed();
    info(e).type = elem;
    return Operand::typed(elem);
}

Operand TypeChecker::select(const ast::Call& e) {
    Operand c = check(*e.args[0]);
    bool ok = !c.error;
    if (ok && (c.is_untyped() || !c.type->is_bool())) {
        if (c.is_untyped()) materialize(*e.args[0], c);
        error(e.args[0]->range, "the condition of select must be bool, found " + describe(c));
        ok = false;
    }
    std::vector<const ast::Expr*> exprs{e.args[1].get(), e.args[2].get()};
    std::vector<Operand> ops{check(*exprs[0]), check(*exprs[1])};
    if (!ok || ops[0].error || ops[1].error) return Operand::failed();
    if (!has_value(*exprs[0], ops[0]) || !has_value(*exprs[1], ops[1])) return Operand::failed();
    if (ops[0].is_untyped() && ops[1].is_untyped())
        return runtime_untyped_call(e, ops[0].untyped->is_float || ops[1].untyped->is_float, ops);
    const types::Type* t = unify(exprs, ops, {true, true, true}, "'select'", e.callee_range, true);
    if (!t) return Operand::failed();
    info(e).type = t;
    return Operand::typed(t);
}

Operand TypeChecker::math(const ast::Call& e, Builtin b) {
    std::string name(builtin_name(b));
    bool floats_only = builtin_group(b) != BuiltinGroup::NumericMath;
    std::vector<const ast::Expr*> exprs;
    std::vector<Operand> ops;
    bool ok = true;
    for (const auto& a : e.args) {
        exprs.push_back(a.get());
        ops.push_back(check(*a));
        ok &= !ops.back().error && has_value(*a, ops.back());
    }
    if (!ok) return Operand::failed();
    for (const Operand& o : ops)
        if (!o.is_untyped() && o.type->is_matrix()) return matrix_math(e, b, exprs, ops);
    if (floats_only) {
        for (std::size_t i = 0; i < ops.size(); ++i) {
            const Operand& o = ops[i];
            if (o.is_untyped() || !o.type->is_int()) continue;
            error(exprs[i]->range, "'" + name + "' needs f32 or f64 arguments, found " +
                                       o.type->str() + "; cast it first, e.g. " + name + "(f32(" +
                                       text_of(*exprs[i]) + "))");
            return Operand::failed();
        }
    }
    // A builtin on untyped values only is untyped too: `sqrt(2.0)` takes its type from its use.
    bool all_untyped = builtin_group(b) != BuiltinGroup::FloatTest;
    bool any_float = false;
    for (const Operand& o : ops) {
        all_untyped &= o.is_untyped();
        any_float |= o.is_untyped() && o.untyped->is_float;
    }
    if (all_untyped && !ops.empty()) return runtime_untyped_call(e, floats_only || any_float, ops);
    OperandRule rule{!floats_only, true, false};
    const types::Type* t = unify(exprs, ops, rule, "'" + name + "'", e.callee_range, true);
    if (!t) return Operand::failed();
    info(e).type = builtin_group(b) == BuiltinGroup::FloatTest ? scalar(DType::Bool) : t;
    return Operand::typed(info(e).type);
}

Operand TypeChecker::runtime_untyped_call(const ast::Call& e, bool is_float,
                                          const std::vector<Operand>& args) {
    int c = -1;
    for (const Operand& o : args)
        if (o.untyped->is_float == is_float) c = join(c, o.var_class);
    untyped_[e.id] = is_float ? UntypedValue::floating(0) : UntypedValue::integer(0);
    runtime_untyped_[e.id] = 1;
    return Operand::runtime_untyped(is_float, c);
}

Operand TypeChecker::debug(const ast::Call& e, Builtin b) {
    // Arity is reported by the resolver; the arguments are still checked.
    const types::Type* void_type = ctx_.types().void_type();
    const bool is_print = b == Builtin::Print;
    if (!is_print && e.args.size() != 2) {
        for (const auto& a : e.args)
            if (a && a->kind == ast::ExprKind::StringLit)
                info(*a);
            else if (a)
                check(*a);
        return Operand::failed();
    }
    const ast::Expr* text =
        e.args.empty() ? nullptr : e.args[is_print ? 0 : e.args.size() - 1].get();
    const auto* literal = text && text->kind == ast::ExprKind::StringLit
                              ? static_cast<const ast::StringLit*>(text)
                              : nullptr;
    bool ok = is_print ? !e.args.empty() : e.args.size() == 2;
    for (std::size_t i = 0; i < e.args.size(); ++i) {
        const ast::Expr* a = e.args[i].get();
        if (!a) {
            ok = false;
            continue;
        }
        if (a == literal) {
            info(*a);  // sizes the side tables: a string has no type
            continue;
        }
        if (!is_print) {  // the condition, or a message that is not a string
            if (a == text)
                check(*a);
            else
                condition(*a);
            continue;
        }
        Operand v = check(*a);
        if (v.error || !has_value(*a, v)) {
            ok = false;
            continue;
        }
        const types::Type* t = materialize(*a, v);  // a literal alone: i64 / f64
        if (!t->is_scalar()) {
            error(a->range, "print shows scalars, found " + describe(v) +
                                (t->is_array() ? "; print one element, e.g. " + text_of(*a) + "[i]"
                                               : std::string()));
            ok = false;
        }
    }
    if (!text) return Operand::failed();
    if (!literal) {
        error(text->range, is_print ? "print's first argument must be a format string, e.g. "
                                      "print(\"x = {}\", x)"
                                    : "assert's message must be a string, e.g. assert(i < n, "
                                      "\"i is out of range\")");
        return Operand::failed();
    }
    if (is_print) {
        std::string problem;
        const auto format = parse_print_format(literal->value, problem);
        if (!format) {
            error(literal->range, problem);
            return Operand::failed();
        }
        const std::size_t values = e.args.size() - 1;
        if (format->placeholders() != values) {
            std::string msg = "print's format has " + std::to_string(format->placeholders()) +
                              (format->placeholders() == 1 ? " placeholder" : " placeholders") +
                              " '{}' but " + std::to_string(values) +
                              (values == 1 ? " value follows" : " values follow");
            if (auto conversion = printf_conversion(literal->value))
                msg += "; print's placeholders are {}, not printf's " + *conversion +
                       ": print(\"x = {}\", x) shows x whatever its type";
            error(literal->range, msg);
            return Operand::failed();
        }
    }
    if (!ok) return Operand::failed();
    info(e).type = void_type;
    return Operand::typed(void_type);
}

Operand TypeChecker::int_bits(const ast::Call& e, Builtin b) {
    const std::string name(builtin_name(b));
    const ast::Expr& x = *e.args[0];
    Operand v = check(x);
    if (v.error || !has_value(x, v)) return Operand::failed();
    if (v.is_untyped() && v.untyped->is_float) {
        materialize(x, v);
        error(x.range, "'" + name + "' needs a 32- or 64-bit integer, found " + describe(v));
        return Operand::failed();
    }
    const types::Type* t = materialize(x, v);  // a literal alone: i64
    if (!t->is_int() || dtype_bits(t->dtype) < 32) {
        std::string hint;
        if (t->is_int())
            hint = std::string("; cast it first, e.g. ") + name + "(" +
                   (is_signed(t->dtype) ? "i32" : "u32") + "(" + text_of(x) + "))";
        error(x.range, "'" + name + "' needs a 32- or 64-bit integer, found " + describe(v) + hint);
        return Operand::failed();
    }
    info(e).type = t;
    return Operand::typed(t);
}

namespace {

/// Whether `b` combines values bit by bit (sub_group_reduce_and ... _scan_exclusive_xor).
bool is_bitwise_collective(Builtin b) {
    return b >= Builtin::SubGroupReduceAnd && b <= Builtin::SubGroupScanExclusiveXor;
}

/// What the second argument of a sub-group builtin is, for messages.
std::string second_argument(Builtin b) {
    switch (b) {
        case Builtin::SubGroupShuffleDown:
        case Builtin::SubGroupShuffleUp: return "the delta";
        case Builtin::SubGroupShuffleXor: return "the mask";
        default: return "the sub-group local id";
    }
}

}  // namespace

Operand TypeChecker::sub_group_value(const ast::Call& e, Builtin b) {
    const std::string name(builtin_name(b));
    const bool bitwise = is_bitwise_collective(b);
    const ast::Expr& x = *e.args[0];
    Operand v = check(x);
    bool ok = !v.error && has_value(x, v);
    if (ok && bitwise && v.is_untyped() && v.untyped->is_float) {
        materialize(x, v);
        error(x.range, "'" + name + "' needs an integer value, found " + describe(v));
        ok = false;
    }
    const types::Type* t = ok ? materialize(x, v) : nullptr;  // a literal alone: i64 / f64
    if (ok) {
        // Every integer and float type; 8/16-bit ints and f16 need the device's
        // cl_khr_subgroup_extended_types, checked where the kernel is compiled for it.
        const bool fits = t->is_scalar() && !t->is_bool() && (!bitwise || t->is_int());
        if (fits && t->dtype == DType::BF16) {
            error(x.range, "'" + name + "' does not take bf16 values; convert to f32 (f32(" +
                               text_of(x) + ")) and back");
            ok = false;
        } else if (!fits) {
            error(x.range, "'" + name + "' needs " +
                               (bitwise ? "an integer value" : "an integer or float value") +
                               ", found " + describe(v));
            ok = false;
        }
    }
    if (e.args.size() > 1) {  // broadcast / shuffles: a lane, a delta or a mask
        const ast::Expr& id = *e.args[1];
        const std::string what = second_argument(b) + " of '" + name + "'";
        Operand o = check(id);
        if (!o.error && has_value(id, o)) {
            if ((o.is_untyped() && o.untyped->is_float) || (!o.is_untyped() && !o.type->is_int())) {
                error(id.range, what + " must be an integer, found " + describe(o));
                ok = false;
            } else {
                ok &= convert(id, o, scalar(DType::U32), what);
            }
        } else {
            ok = false;
        }
    }
    if (!ok) return Operand::failed();
    info(e).type = t;
    return Operand::typed(t);
}

Operand TypeChecker::sub_group_vote(const ast::Call& e, Builtin b) {
    const ast::Expr& x = *e.args[0];
    Operand c = check(x);
    if (c.error || !has_value(x, c)) return Operand::failed();
    if (c.is_untyped() || !c.type->is_bool()) {
        if (c.is_untyped()) materialize(x, c);
        error(x.range, "the predicate of '" + std::string(builtin_name(b)) +
                           "' must be bool, found " + describe(c));
        return Operand::failed();
    }
    info(e).type = scalar(b == Builtin::SubGroupBallot ? DType::U64 : DType::Bool);
    return Operand::typed(info(e).type);
}

}  // namespace dpk::compiler::sema
