// Typing of the cooperative-matrix builtins: matrix_load, matrix_store, matrix_fill, matrix_mad.
// A matrix is a rows x cols tile spread over the work items of a sub-group; which sizes and
// element types a device multiplies is checked where the kernel is compiled for it.
#include "compiler/sema/type_checker.h"
#include "compiler/sema/type_rules.h"

namespace dpk::compiler::sema {

namespace {

/// The largest tile side the language takes (devices take far fewer; checked per device).
constexpr std::int64_t kMaxMatrixSide = 256;

/// Why a bf16 matrix takes no element-wise arithmetic or math (has_matrix_arithmetic).
std::string bf16_matrices_note() {
    return ": bf16 matrices are loaded, stored, filled and multiplied (matrix_mad) only; "
           "accumulate in f32 and compute on that";
}

/// Why a tf32 matrix takes no element-wise arithmetic or math.
std::string tf32_matrices_note() {
    return ": tf32 matrices are loaded, stored, filled and multiplied (matrix_mad) only (their "
           "values stay rounded to tf32); accumulate in f32 and compute on that";
}

}  // namespace

const types::Type* TypeChecker::matrix_array(const ast::Expr& x, const std::string& name) {
    Operand a = check(x);
    if (a.error) return nullptr;
    const types::Type* t = a.is_untyped() ? nullptr : a.type;
    if (!t || !t->is_array() || t->ndim != 2) {
        error(x.range, "the array of " + name + " must be a 2-d array, found " + describe(a));
        return nullptr;
    }
    if (t->layout == Layout::Any) {
        error(x.range, name + " needs an array whose rows or columns are contiguous (" +
                           std::string(dtype_name(t->dtype)) + "[:, ::1] or " +
                           std::string(dtype_name(t->dtype)) + "[::1, :]), found " + t->str());
        return nullptr;
    }
    if (t->dtype == DType::Bool) {
        error(x.range, name + " moves numbers, not bool; found " + t->str());
        return nullptr;
    }
    return t;
}

bool TypeChecker::matrix_origin(const ast::Expr& e, const std::string& name) {
    if (e.kind != ast::ExprKind::Tuple || static_cast<const ast::Tuple&>(e).elements.size() != 2) {
        if (e.kind != ast::ExprKind::Tuple) check(e);
        error(e.range, "the position of " + name +
                           " is the tile's first (row, column) in the array, e.g. (i, j)");
        return false;
    }
    bool ok = true;
    for (const auto& el : static_cast<const ast::Tuple&>(e).elements) ok &= el && array_index(*el);
    return ok;
}

std::optional<std::pair<int, int>> TypeChecker::matrix_shape(const ast::Expr& e,
                                                             const std::string& name) {
    return tile_shape(e, name, kMaxMatrixSide);
}

std::optional<std::pair<int, int>> TypeChecker::tile_shape(const ast::Expr& e,
                                                           const std::string& name,
                                                           std::int64_t max_side) {
    const auto* tuple =
        e.kind == ast::ExprKind::Tuple ? static_cast<const ast::Tuple*>(&e) : nullptr;
    if (!tuple || tuple->elements.size() != 2) {
        if (!tuple) check(e);
        error(e.range, "the shape of " + name +
                           " is a tuple of two constants (rows, cols), e.g. "
                           "(16, 16)");
        return std::nullopt;
    }
    std::int64_t side[2] = {0, 0};
    bool ok = true;
    for (int d = 0; d < 2; ++d) {
        const ast::Expr* x = tuple->elements[static_cast<std::size_t>(d)].get();
        auto v = x ? constant_int(*x, "the shape of " + name) : std::nullopt;
        if (!v) {
            ok = false;
        } else if (*v <= 0 || *v > max_side) {
            error(x->range, "the shape of " + name + " must be 1 to " + std::to_string(max_side) +
                                ", found " + std::to_string(*v));
            ok = false;
        } else {
            side[d] = *v;
        }
    }
    if (!ok) return std::nullopt;
    return std::pair{static_cast<int>(side[0]), static_cast<int>(side[1])};
}

bool TypeChecker::matrix_options(const ast::Call& e, std::size_t first, const std::string& name,
                                 DType element, types::MatrixUse use, bool* tf32,
                                 types::MatrixScope* scope) {
    const ast::Expr* seen_tf32 = nullptr;
    const ast::Expr* seen_group = nullptr;
    for (std::size_t i = first; i < e.args.size(); ++i) {
        const ast::Expr& x = *e.args[i];
        const std::string* v = x.kind == ast::ExprKind::StringLit
                                   ? &static_cast<const ast::StringLit&>(x).value
                                   : nullptr;
        if (!v) check(x);
        const ast::Expr** seen = !v               ? nullptr
                                 : *v == "tf32"  ? &seen_tf32
                                 : *v == "group" ? &seen_group
                                                 : nullptr;
        if (!seen) {
            error(x.range, "an option of " + name +
                               " is \"tf32\" (f32 factors rounded to tf32 and multiplied in it) "
                               "or \"group\" (a matrix of the whole work-group)");
            return false;
        }
        if (*seen) {
            error(x.range, "the option \"" + *v + "\" of " + name + " is given twice");
            return false;
        }
        *seen = &x;
    }
    if (seen_tf32 && (element != DType::F32 || use == types::MatrixUse::Accumulator)) {
        error(seen_tf32->range, "the precision \"tf32\" of " + name +
                                    " is for f32 factors (use \"a\" or \"b\"); found " +
                                    std::string(dtype_name(element)) + " of use \"" +
                                    std::string(types::matrix_use_name(use)) + "\"");
        return false;
    }
    if (seen_tf32 && seen_group) {
        // At the later of the two (the arguments are in source order).
        const ast::Expr& later = e.args.back().get() == seen_tf32 ? *seen_tf32 : *seen_group;
        error(later.range, name +
                               " has no work-group matrices of tf32: the options \"tf32\" and "
                               "\"group\" do not go together");
        return false;
    }
    *tf32 = seen_tf32 != nullptr;
    *scope = seen_group ? types::MatrixScope::WorkGroup : types::MatrixScope::SubGroup;
    return true;
}

std::optional<types::MatrixUse> TypeChecker::matrix_use(const ast::Expr& e,
                                                        const std::string& name) {
    if (e.kind == ast::ExprKind::StringLit) {
        const std::string& v = static_cast<const ast::StringLit&>(e).value;
        for (auto u : {types::MatrixUse::A, types::MatrixUse::B, types::MatrixUse::Accumulator})
            if (v == types::matrix_use_name(u)) return u;
    } else {
        check(e);
    }
    error(e.range, "the use of " + name + " is \"a\" or \"b\" (the factors of matrix_mad) or " +
                       "\"acc\" (its accumulator)");
    return std::nullopt;
}

Operand TypeChecker::matrix_arithmetic(ast::BinaryOp op, const ast::Expr& l, Operand lo,
                                       const ast::Expr& r, Operand ro, source::SourceRange where) {
    // Element-wise: m + m and m - m of one type; m * s, s * m and m / s with a number s of the
    // element type (a literal takes it).
    const bool lm = !lo.is_untyped() && lo.type->is_matrix();
    const bool rm = !ro.is_untyped() && ro.type->is_matrix();
    const std::string what = std::string("'") + op_spelling(op) + "'";
    const types::Type* m = lm ? lo.type : ro.type;
    if (m->tf32) {
        error(where, "cannot apply " + what + " to " + m->str() + tf32_matrices_note());
        return Operand::failed();
    }
    if (!has_matrix_arithmetic(m->dtype)) {
        error(where,
              "cannot apply " + what + " to " + m->str() +
                  (m->dtype == DType::BF16 ? bf16_matrices_note()
                                           : ": arithmetic on matrices is for float elements"));
        return Operand::failed();
    }
    if (lm && rm) {
        if (op != ast::BinaryOp::Add && op != ast::BinaryOp::Sub) {
            error(where, "cannot apply " + what +
                             " to two matrices: '+' and '-' add and subtract "
                             "them element by element; matrix_mad multiplies");
            return Operand::failed();
        }
        if (lo.type != ro.type) {
            error(where, "cannot apply " + what + " to " + lo.type->str() + " and " +
                             ro.type->str() + ": the matrices must be of one type");
            return Operand::failed();
        }
        return Operand::typed(m);
    }
    const bool scalar_ok = op == ast::BinaryOp::Mul || (op == ast::BinaryOp::Div && lm);
    if (!scalar_ok) {
        error(where, "cannot apply " + what + " to " + describe(lo) + " and " + describe(ro) +
                         ": a matrix is scaled by a number as m * s, s * m or m / s");
        return Operand::failed();
    }
    const ast::Expr& s = lm ? r : l;
    Operand so = lm ? ro : lo;
    if ((!so.is_untyped() && !so.type->is_scalar()) || (!so.is_untyped() && so.type->is_bool())) {
        error(s.range, "a matrix is scaled by a number, found " + describe(so));
        return Operand::failed();
    }
    if (!convert(s, so, scalar(m->dtype), "the factor of a " + m->str())) return Operand::failed();
    return Operand::typed(m);
}

Operand TypeChecker::matrix_math(const ast::Call& e, Builtin b,
                                 const std::vector<const ast::Expr*>& exprs,
                                 std::vector<Operand>& ops) {
    // Element by element on float matrices: every argument the matrix's type or a number (of its
    // element type, as a literal converts); the tests (isnan, ...) give no matrix.
    std::string name = "'";
    name.append(builtin_name(b)).push_back('\'');
    const bool float_math = builtin_group(b) == BuiltinGroup::FloatMath;
    const bool numeric =
        b == Builtin::Min || b == Builtin::Max || b == Builtin::Clamp || b == Builtin::Abs;
    const types::Type* m = nullptr;
    for (const Operand& o : ops)
        if (!o.is_untyped() && o.type->is_matrix()) m = m ? m : o.type;
    if (m->tf32) {
        error(e.range, name + " does not take " + m->str() + tf32_matrices_note());
        return Operand::failed();
    }
    if ((!float_math && !numeric) || !has_matrix_arithmetic(m->dtype)) {
        error(e.range, name + " does not take " + m->str() +
                           (m->dtype == DType::BF16
                                ? bf16_matrices_note()
                                : ": matrices of float elements take the float math builtins and "
                                  "min, max, clamp and abs, element by element"));
        return Operand::failed();
    }
    for (std::size_t i = 0; i < ops.size(); ++i) {
        Operand& o = ops[i];
        if (!o.is_untyped() && o.type->is_matrix()) {
            if (o.type != m) {
                error(exprs[i]->range, name + " takes matrices of one type; found " +
                                           o.type->str() + " and " + m->str());
                return Operand::failed();
            }
            continue;
        }
        if (!o.is_untyped() && (!o.type->is_scalar() || o.type->is_bool())) {
            error(exprs[i]->range, name + " takes a number beside a matrix, found " + describe(o));
            return Operand::failed();
        }
        if (!convert(*exprs[i], o, scalar(m->dtype),
                     "an argument of " + name + " beside " + m->str()))
            return Operand::failed();
    }
    info(e).type = m;
    return Operand::typed(m);
}

Operand TypeChecker::matrix(const ast::Call& e, Builtin b) {
    std::string name = "'";
    name.append(builtin_name(b)).push_back('\'');
    const types::Type* result = nullptr;
    switch (b) {
        case Builtin::MatrixLoad: {
            // matrix_load(array, (row, col), (rows, cols), use)
            const types::Type* arr = matrix_array(*e.args[0], name);
            const bool origin = matrix_origin(*e.args[1], name);
            auto shape = matrix_shape(*e.args[2], name);
            auto use = matrix_use(*e.args[3], name);
            if (!arr || !origin || !shape || !use) return Operand::failed();
            bool tf32 = false;
            types::MatrixScope scope = types::MatrixScope::SubGroup;
            if (!matrix_options(e, 4, name, arr->dtype, *use, &tf32, &scope))
                return Operand::failed();
            result =
                ctx_.types().matrix(arr->dtype, shape->first, shape->second, *use, tf32, scope);
            break;
        }
        case Builtin::MatrixStore: {
            // matrix_store(array, (row, col), m)
            const types::Type* arr = matrix_array(*e.args[0], name);
            const bool origin = matrix_origin(*e.args[1], name);
            const ast::Expr& m = *e.args[2];
            Operand v = check(m);
            if (v.error || !arr || !origin) return Operand::failed();
            if (v.is_untyped() || !v.type->is_matrix()) {
                error(m.range, "the value of " + name + " must be a matrix, found " + describe(v));
                return Operand::failed();
            }
            if (v.type->dtype != arr->dtype) {
                error(e.range, name + " stores a matrix of " +
                                   std::string(dtype_name(v.type->dtype)) + " into " + arr->str() +
                                   ": the element types must be the same");
                return Operand::failed();
            }
            result = ctx_.types().void_type();
            break;
        }
        case Builtin::MatrixFill: {
            // matrix_fill(value, (rows, cols), use)
            const ast::Expr& x = *e.args[0];
            Operand v = check(x);
            bool ok = !v.error && has_value(x, v);
            const types::Type* t = ok ? materialize(x, v) : nullptr;  // a literal alone: i64/f64
            if (ok && (!t->is_scalar() || t->is_bool())) {
                error(x.range, "the value of " + name + " must be a number, found " + describe(v));
                ok = false;
            }
            auto shape = matrix_shape(*e.args[1], name);
            auto use = matrix_use(*e.args[2], name);
            if (!ok || !shape || !use) return Operand::failed();
            bool tf32 = false;
            types::MatrixScope scope = types::MatrixScope::SubGroup;
            if (!matrix_options(e, 3, name, t->dtype, *use, &tf32, &scope))
                return Operand::failed();
            result = ctx_.types().matrix(t->dtype, shape->first, shape->second, *use, tf32, scope);
            break;
        }
        case Builtin::MatrixMad: {
            // matrix_mad(a, b, c): a (M x K, use a) * b (K x N, use b) + c (M x N, use acc)
            const types::Type* m[3] = {nullptr, nullptr, nullptr};
            const types::MatrixUse uses[3] = {types::MatrixUse::A, types::MatrixUse::B,
                                              types::MatrixUse::Accumulator};
            const char* roles[3] = {"first", "second", "third"};
            bool ok = true;
            for (int i = 0; i < 3; ++i) {
                const ast::Expr& x = *e.args[static_cast<std::size_t>(i)];
                Operand v = check(x);
                if (v.error) {
                    ok = false;
                    continue;
                }
                if (v.is_untyped() || !v.type->is_matrix() || v.type->use != uses[i]) {
                    error(x.range, "the " + std::string(roles[i]) + " argument of " + name +
                                       " must be a matrix of use \"" +
                                       std::string(types::matrix_use_name(uses[i])) + "\", found " +
                                       describe(v));
                    ok = false;
                    continue;
                }
                m[i] = v.type;
            }
            if (!ok) return Operand::failed();
            for (std::size_t i = 1; i < 3; ++i) {
                if (m[i]->scope == m[0]->scope) continue;
                auto holder = [](const types::Type* t) {
                    return t->scope == types::MatrixScope::WorkGroup ? "a work-group's"
                                                                      : "a sub-group's";
                };
                error(e.args[i]->range,
                      "the " + std::string(roles[i]) + " argument of " + name + " is " +
                          holder(m[i]) + " matrix, " + m[i]->str() + ", and the first " +
                          holder(m[0]) + ", " + m[0]->str() +
                          ": the three must be of one scope (\"group\" in all or in none)");
                return Operand::failed();
            }
            const types::Type *a = m[0], *bm = m[1], *c = m[2];
            if (a->cols != bm->rows || a->rows != c->rows || bm->cols != c->cols) {
                error(e.range, name +
                                   " multiplies an M x K matrix by a K x N one and adds an M x N "
                                   "one; found " +
                                   std::to_string(a->rows) + " x " + std::to_string(a->cols) +
                                   ", " + std::to_string(bm->rows) + " x " +
                                   std::to_string(bm->cols) + " and " + std::to_string(c->rows) +
                                   " x " + std::to_string(c->cols));
                return Operand::failed();
            }
            if (a->dtype != bm->dtype || a->tf32 != bm->tf32) {
                error(e.range, name + " needs factors of one element type; found " + a->str() +
                                   " and " + bm->str());
                return Operand::failed();
            }
            // tf32 factors accumulate in f32. Other pairings are the device's to decide: the
            // emulation takes any (products and sums in the accumulator's type, as it always
            // has), matrix units only theirs (the emitter checks them: accumulator_fits).
            if (a->tf32 && c->dtype != DType::F32) {
                error(e.args[2]->range,
                      name + " of tf32 factors accumulates in f32; found " + c->str());
                return Operand::failed();
            }
            result = c;
            break;
        }
        default: return Operand::failed();
    }
    info(e).type = result;
    return Operand::typed(result);
}

}  // namespace dpk::compiler::sema
