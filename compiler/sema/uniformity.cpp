// The uniformity analysis, as WGSL defines one: every value and every point of control is
// uniform over the work-group, uniform over the sub-group, or varying between work-items. Ids and
// memory contents vary; parameters, shapes, group ids, sizes and constants do not. A condition
// that varies makes the code under it vary, and so does a `return`, `break` or `continue` under
// such a condition for the code after it. A device function is analyzed at each call for the
// uniformity of its arguments there and the control the call sits in.
#include "compiler/sema/uniformity.h"

#include <algorithm>
#include <deque>
#include <map>
#include <set>
#include <tuple>

namespace dpk::compiler::sema {

namespace {

using source::SourceFile;
using source::SourceRange;

/// How much a value, or whether a point is reached, may differ between work-items.
enum class Level : std::uint8_t {
    Uniform,   // the same in the whole work-group
    SubGroup,  // the same in each sub-group
    Varying,   // may differ between any two work-items
};

/// Where a varying value comes from: an id, a memory read, a collective's result.
struct Origin {
    const SourceFile* file = nullptr;
    SourceRange range;
    std::string what;  // "global_id(0)", "the contents of 'x'"
};

struct Uniformity {
    Level level = Level::Uniform;
    const Origin* origin = nullptr;  // set when level is not Uniform
};

Uniformity join(Uniformity a, Uniformity b) {
    return b.level > a.level ? b : a;
}

/// Why control may differ: a condition that does, and the `return` / `break` / `continue`
/// under it when the code affected comes after that statement.
struct Cause {
    const SourceFile* file = nullptr;
    SourceRange condition;
    Uniformity value;            // the condition's
    const char* exit = nullptr;  // "return", "break", "continue" or null
    SourceRange exit_range;
};

struct Control {
    Level level = Level::Uniform;
    const Cause* cause = nullptr;  // set when level is not Uniform
};

Control join(Control a, Control b) {
    return b.level > a.level ? b : a;
}

bool contains(SourceRange outer, SourceRange inner) {
    auto before = [](source::SourceLoc a, source::SourceLoc b) {
        return a.line < b.line || (a.line == b.line && a.column <= b.column);
    };
    return before(outer.begin, inner.begin) && before(inner.end, outer.end);
}

/// The source text of `r` when it is short and on one line, else `fallback`.
std::string spelling(const SourceFile* file, SourceRange r, std::string_view fallback) {
    if (file && r.begin.line == r.end.line && r.end.column > r.begin.column &&
        r.end.column - r.begin.column <= 40) {
        std::string_view line = file->line(r.begin.line);
        if (r.end.column - 1 <= line.size())
            return std::string(line.substr(r.begin.column - 1, r.end.column - r.begin.column));
    }
    return std::string(fallback);
}

/// One activation of a function: its variables and the control state of the statement at hand.
struct Frame {
    const FunctionInstance* inst = nullptr;
    const SourceFile* file = nullptr;
    std::vector<Uniformity> vars;  // by VarSymbol id
    Control entry;                 // the control the function was called in
    Control returned;              // returns taken under varying control so far on this path
    Control broke;                 // the same for `break` in the innermost loop (all iterations)
    Control continued;             // and `continue` (the rest of the current iteration)
    Uniformity result;
};

class UniformityAnalysis {
public:
    UniformityAnalysis(SemaContext& ctx, UniformityFacts& facts) : ctx_(ctx), facts_(facts) {}

    bool run(const FunctionInstance& kernel) {
        Frame f;
        enter(f, kernel, {}, {});
        body(f);
        for (const auto& [array, stores] : private_stores_)
            if (stores.size() == 1) facts_.lone_private_stores.insert(*stores.begin());
        return ok_;
    }

private:
    void enter(Frame& f, const FunctionInstance& inst, const std::vector<Uniformity>& args,
               Control entry) {
        f.inst = &inst;
        f.file = ctx_.file_of(*inst.decl);
        f.vars.assign(inst.vars.size(), Uniformity{});
        for (std::size_t i = 0; i < args.size() && i < f.vars.size(); ++i) f.vars[i] = args[i];
        f.entry = entry;
    }

    void body(Frame& f) { block(f, *f.inst->decl->body, f.entry); }

    /// The control of a statement reached in `control`, after what the path took before it.
    static Control at(const Frame& f, Control control) {
        return join(join(control, f.returned), join(f.broke, f.continued));
    }

    void block(Frame& f, const ast::Block& b, Control control) {
        for (const auto& s : b.stmts) stmt(f, *s, control);
    }

    const Cause* cause(const SourceFile* file, SourceRange condition, Uniformity value) {
        causes_.push_back({file, condition, value, nullptr, {}});
        return &causes_.back();
    }

    /// Control under a condition of uniformity `value`.
    Control under(Frame& f, Control control, SourceRange condition, Uniformity value) {
        if (value.level <= control.level) return control;
        return {value.level, cause(f.file, condition, value)};
    }

    /// `control` as it affects the code after a `return` / `break` / `continue` taken in it.
    Control exit_in(Control control, const char* kind, SourceRange range) {
        if (control.level == Level::Uniform) return {};
        Cause c = *control.cause;
        if (!c.exit) {
            c.exit = kind;
            c.exit_range = range;
        }
        causes_.push_back(c);
        return {control.level, &causes_.back()};
    }

    static Uniformity tainted(Uniformity v, Control control) {
        if (control.level <= v.level) return v;
        return {control.level, control.cause->value.origin};
    }

    void stmt(Frame& f, const ast::Stmt& s, Control outer) {
        Control control = at(f, outer);
        switch (s.kind) {
            case ast::StmtKind::VarDecl: {
                const auto& d = static_cast<const ast::VarDecl&>(s);
                for (LoopScope& l : loops_) l.declared.insert(d.var.id);
                f.vars[d.var.id] = expr(f, *d.init, control);
                break;
            }
            case ast::StmtKind::Assign: {
                const auto& a = static_cast<const ast::Assign&>(s);
                Uniformity value = expr(f, *a.value, control);
                if (a.target->kind == ast::ExprKind::Name) {
                    const ExprInfo& info = f.inst->info(*a.target);
                    if (info.name_kind == ExprInfo::NameKind::Var) {
                        for (LoopScope& l : loops_) l.assigned.insert(info.var_id);
                        Uniformity& var = f.vars[info.var_id];
                        if (a.op != ast::AssignOp::Set) value = join(value, var);
                        var = tainted(value, control);
                    }
                } else {
                    expr(f, *a.target, control);  // a collective could sit in an index
                    note_private_store(f, a);
                }
                break;
            }
            case ast::StmtKind::If: {
                const auto& i = static_cast<const ast::If&>(s);
                Control inner = under(f, control, i.cond->range, expr(f, *i.cond, control));
                Frame then = f;
                block(then, *i.then_block, inner);
                if (i.else_stmt) stmt(f, *i.else_stmt, inner);
                // After the `if`, a variable is what either path left in it.
                for (std::size_t v = 0; v < f.vars.size(); ++v)
                    f.vars[v] = join(f.vars[v], then.vars[v]);
                f.returned = join(f.returned, then.returned);
                f.broke = join(f.broke, then.broke);
                f.continued = join(f.continued, then.continued);
                f.result = join(f.result, then.result);
                break;
            }
            case ast::StmtKind::While: {
                const auto& w = static_cast<const ast::While&>(s);
                loop(f, s, control, [&](Control head) {
                    Control inner = under(f, head, w.cond->range, expr(f, *w.cond, head));
                    note_loop_control(inner);
                    block(f, *w.body, inner);
                });
                break;
            }
            case ast::StmtKind::For: {
                const auto& l = static_cast<const ast::For&>(s);
                Uniformity start = l.start ? expr(f, *l.start, control) : Uniformity{};
                Uniformity stop = expr(f, *l.stop, control);
                Uniformity step = l.step ? expr(f, *l.step, control) : Uniformity{};
                Uniformity bounds = join(join(start, stop), step);
                loop(f, s, control, [&](Control head) {
                    Control inner = under(f, head, l.range_call, bounds);
                    note_loop_control(inner);
                    f.vars[l.var.id] = tainted(join(start, step), inner);
                    block(f, *l.body, inner);
                });
                break;
            }
            case ast::StmtKind::Break:
                f.broke = join(f.broke, exit_in(control, "break", s.range));
                break;
            case ast::StmtKind::Continue:
                f.continued = join(f.continued, exit_in(control, "continue", s.range));
                break;
            case ast::StmtKind::Return: {
                const auto& r = static_cast<const ast::Return&>(s);
                if (r.value)
                    f.result = join(f.result, tainted(expr(f, *r.value, control), control));
                f.returned = join(f.returned, exit_in(control, "return", s.range));
                break;
            }
            case ast::StmtKind::ExprStmt:
                expr(f, *static_cast<const ast::ExprStmt&>(s).expr, control);
                break;
            case ast::StmtKind::Block: block(f, static_cast<const ast::Block&>(s), control); break;
        }
    }

    /// Records, for the loop being analyzed, the control its body runs in.
    void note_loop_control(Control inner) {
        if (inner.level != Level::Uniform) loops_.back().varying = true;
    }

    /// Runs `iteration` until the variables and the loop's `break`s reach a fixed point. The
    /// loop's own `break` / `continue` state is kept apart from an enclosing loop's. A loop whose
    /// body ran in varying control is recorded with the variables from before it that it
    /// assigns (facts_.varying_loops); an inner loop's assignments count for the outer ones too.
    template <typename Iteration>
    void loop(Frame& f, const ast::Stmt& s, Control control, Iteration iteration) {
        loops_.push_back({});
        Control outer_broke = f.broke, outer_continued = f.continued;
        f.broke = {};
        for (;;) {
            std::vector<Uniformity> vars = f.vars;
            Level broke = f.broke.level;
            f.continued = {};
            iteration(join(control, f.broke));
            bool changed = f.broke.level != broke;
            for (std::size_t i = 0; i < vars.size(); ++i) {
                if (vars[i].level > f.vars[i].level) f.vars[i] = vars[i];
                if (f.vars[i].level != vars[i].level) changed = true;
            }
            if (!changed) break;
        }
        f.broke = outer_broke;
        f.continued = outer_continued;
        LoopScope scope = std::move(loops_.back());
        loops_.pop_back();
        auto record = [&](std::vector<std::uint32_t>& vars) {
            for (std::uint32_t v : scope.assigned)
                if (!scope.declared.contains(v) &&
                    std::find(vars.begin(), vars.end(), v) == vars.end())
                    vars.push_back(v);
            std::sort(vars.begin(), vars.end());
        };
        record(facts_.loop_assignments[&s]);
        if (scope.varying) record(facts_.varying_loops[&s]);
    }

    static bool is_integer(const types::Type* t) {
        return t && t->is_scalar() && dpk::is_integer(t->dtype);
    }

    /// A matrix builtin on (or making) a work-group's matrix: matrix_store by its value's type,
    /// the others by their result's.
    static bool is_group_matrix_call(const Frame& f, const ast::Call& c, const ExprInfo& info) {
        const types::Type* t =
            info.builtin == Builtin::MatrixStore ? f.inst->info(*c.args[2]).type : info.type;
        return t && t->is_matrix() && t->scope == types::MatrixScope::WorkGroup;
    }

    Uniformity varying(const Frame& f, const ast::Expr& e, Level level, std::string what) {
        origins_.push_back({f.file, e.range, std::move(what)});
        return {level, &origins_.back()};
    }

    Uniformity args(Frame& f, const ast::Call& c, Control control) {
        Uniformity u;
        for (const auto& a : c.args) u = join(u, expr(f, *a, control));
        return u;
    }

    Uniformity expr(Frame& f, const ast::Expr& e, Control control) {
        const ExprInfo& info = f.inst->info(e);
        if (info.constant) return {};
        switch (e.kind) {
            case ast::ExprKind::IntLit:
            case ast::ExprKind::FloatLit:
            case ast::ExprKind::BoolLit:
            case ast::ExprKind::StringLit: return {};
            case ast::ExprKind::Name:
                if (info.name_kind == ExprInfo::NameKind::Var) return f.vars[info.var_id];
                return {};
            case ast::ExprKind::Unary: {
                const auto& u = static_cast<const ast::Unary&>(e);
                if (u.op != ast::UnaryOp::Not && u.op != ast::UnaryOp::Plus &&
                    is_integer(info.type))
                    facts_.negates_integer = true;
                return expr(f, *u.operand, control);
            }
            case ast::ExprKind::Binary: {
                const auto& b = static_cast<const ast::Binary&>(e);
                if (b.op == ast::BinaryOp::Sub && is_integer(info.type) &&
                    f.inst->info(*b.lhs).constant)
                    facts_.negates_integer = true;
                return join(expr(f, *b.lhs, control), expr(f, *b.rhs, control));
            }
            case ast::ExprKind::Tuple: {
                Uniformity u;
                for (const auto& el : static_cast<const ast::Tuple&>(e).elements)
                    u = join(u, expr(f, *el, control));
                return u;
            }
            case ast::ExprKind::Member:
                expr(f, *static_cast<const ast::Member&>(e).base, control);
                return {};  // shape, strides, size
            case ast::ExprKind::Index: {
                const auto& ix = static_cast<const ast::Index&>(e);
                Uniformity u;
                for (const auto& i : ix.indices) u = join(u, expr(f, *i, control));
                if (ix.base->kind == ast::ExprKind::Member) return u;  // a.shape[d], a.strides[d]
                std::string array = spelling(f.file, ix.base->range, "the array");
                return varying(f, e, Level::Varying, "the contents of '" + array + "'");
            }
            case ast::ExprKind::Call:
                return call(f, static_cast<const ast::Call&>(e), info, control);
        }
        return {};
    }

    Uniformity call(Frame& f, const ast::Call& c, const ExprInfo& info, Control control) {
        if (info.call_kind == ExprInfo::CallKind::User) return user_call(f, c, info, control);
        Uniformity in = args(f, c, control);
        if (info.call_kind != ExprInfo::CallKind::Builtin) return in;  // a cast
        std::string name(builtin_name(info.builtin));
        auto text = [&] { return spelling(f.file, c.range, name + "(...)"); };
        if (builtin_group(info.builtin) == BuiltinGroup::Atomic)
            return varying(f, c, Level::Varying, "the value " + name + " returns");
        switch (info.builtin) {
            case Builtin::GlobalId:
            case Builtin::LocalId:
            case Builtin::SubGroupLocalId: return varying(f, c, Level::Varying, text());
            case Builtin::SubGroupId:
            case Builtin::SubGroupSize: return varying(f, c, Level::SubGroup, text());
            case Builtin::Barrier:
                facts_.reaches_barrier = true;
                require(f, c, Level::Uniform, control);
                return {};
            case Builtin::SubGroupBarrier: require(f, c, Level::SubGroup, control); return {};
            case Builtin::AsyncCopy:
            case Builtin::WaitCopies:
                // Work-group collectives: every work-item reaches them, with the same arguments.
                facts_.reaches_barrier = true;
                require(f, c, Level::Uniform, control);
                if (in.level != Level::Uniform) same_arguments(f, c, in);
                return {};
            case Builtin::MatrixLoad:
            case Builtin::MatrixStore:
            case Builtin::MatrixFill:
            case Builtin::MatrixMad:
                if (is_group_matrix_call(f, c, info)) {
                    // Work-group collectives on values that are one matrix for the whole
                    // work-group: as barriers are (an emulated product is two).
                    if (info.builtin == Builtin::MatrixMad) facts_.reaches_barrier = true;
                    require(f, c, Level::Uniform, control);
                    if (in.level != Level::Uniform) same_arguments(f, c, in);
                    return {};
                }
                // Sub-group collectives on values that are one matrix for the whole sub-group.
                require(f, c, Level::SubGroup, control);
                if (in.level > Level::SubGroup) same_arguments(f, c, in, Level::SubGroup);
                if (info.builtin == Builtin::MatrixStore) return {};
                return varying(f, c, Level::SubGroup, text());
            case Builtin::SubGroupBroadcast:
                require(f, c, Level::SubGroup, control);
                if (in.level == Level::Uniform) return {};
                return varying(f, c, Level::SubGroup, text());
            case Builtin::SubGroupReduceAdd:
            case Builtin::SubGroupReduceMin:
            case Builtin::SubGroupReduceMax:
            case Builtin::SubGroupReduceAnd:
            case Builtin::SubGroupReduceOr:
            case Builtin::SubGroupReduceXor:
            case Builtin::SubGroupBallot:
            case Builtin::SubGroupAny:
            case Builtin::SubGroupAll:
                require(f, c, Level::SubGroup, control);
                return varying(f, c, Level::SubGroup, text());
            case Builtin::SubGroupShuffle:
            case Builtin::SubGroupShuffleDown:
            case Builtin::SubGroupShuffleUp:
            case Builtin::SubGroupShuffleXor:
            case Builtin::SubGroupScanInclusiveAnd:
            case Builtin::SubGroupScanInclusiveOr:
            case Builtin::SubGroupScanInclusiveXor:
            case Builtin::SubGroupScanExclusiveAnd:
            case Builtin::SubGroupScanExclusiveOr:
            case Builtin::SubGroupScanExclusiveXor:
            case Builtin::SubGroupScanInclusiveAdd:
            case Builtin::SubGroupScanInclusiveMin:
            case Builtin::SubGroupScanInclusiveMax:
            case Builtin::SubGroupScanExclusiveAdd:
            case Builtin::SubGroupScanExclusiveMin:
            case Builtin::SubGroupScanExclusiveMax:
                require(f, c, Level::SubGroup, control);
                return varying(f, c, Level::Varying, text());
            default:
                return in;  // group ids, sizes, math, select, casts: as uniform as their arguments
        }
    }

    /// The callee analyzed for this call's arguments and control, once per distinct
    /// (instance, argument levels, control level).
    Uniformity user_call(Frame& f, const ast::Call& c, const ExprInfo& info, Control control) {
        std::vector<Uniformity> in;
        std::vector<Level> levels;
        for (const auto& a : c.args) {
            in.push_back(expr(f, *a, control));
            levels.push_back(in.back().level);
        }
        Control at_call = at(f, control);
        auto key = std::make_tuple(info.callee, levels, at_call.level);
        if (auto it = summaries_.find(key); it != summaries_.end()) return it->second;
        call_stack_.push_back({f.file, &c});
        std::vector<LoopScope> caller_loops = std::move(loops_);  // the callee's variables are
        loops_.clear();                                           // its own
        Frame callee;
        enter(callee, *info.callee, in, at_call);
        body(callee);
        loops_ = std::move(caller_loops);
        call_stack_.pop_back();
        summaries_.emplace(key, callee.result);
        return callee.result;
    }

    /// A work-group collective whose arguments `in` may differ between work-items.
    void same_arguments(const Frame& f, const ast::Call& c, Uniformity in,
                        Level scope = Level::Uniform) {
        ok_ = false;
        std::string name(builtin_name(f.inst->info(c).builtin));
        const std::size_t before = ctx_.error_count();
        ctx_.error(f.file, c.range,
                   "'" + name + "' needs the same arguments in every work-item of the " +
                       (scope == Level::Uniform ? "work-group" : "sub-group") +
                       ", but they may differ: they depend on " +
                       (in.origin ? in.origin->what : std::string("a varying value")));
        if (ctx_.error_count() == before) return;  // reported by an earlier specialization
        if (in.origin) ctx_.note(in.origin->file, in.origin->range, in.origin->what + " here");
    }

    void require(const Frame& f, const ast::Call& c, Level needed, Control control) {
        control = at(f, control);
        if (control.level <= needed) return;
        ok_ = false;
        std::string name(builtin_name(f.inst->info(c).builtin));
        const char* group = needed == Level::Uniform ? "work-group" : "sub-group";
        std::size_t before = ctx_.error_count();
        ctx_.error(f.file, c.range,
                   "'" + name + "' must be reached by all work-items of the " + group +
                       " or by none, but whether it is reached may differ between them");
        if (ctx_.error_count() == before) return;  // reported by an earlier specialization
        const Cause& why = *control.cause;
        const char* differ =
            control.level == Level::Varying ? "between work-items" : "between sub-groups";
        const Origin* origin = why.value.origin;
        ctx_.note(why.file, why.condition,
                  std::string("this condition may differ ") + differ + ": it depends on " +
                      (origin ? origin->what : std::string("a varying value")));
        if (origin && (origin->file != why.file || !contains(why.condition, origin->range)))
            ctx_.note(origin->file, origin->range, origin->what + " here");
        if (why.exit)
            ctx_.note(why.file, why.exit_range,
                      std::string("so only some work-items take this '") + why.exit + "'");
        for (auto it = call_stack_.rbegin(); it != call_stack_.rend(); ++it)
            ctx_.note(it->first, it->second->range,
                      "in the call of '" + it->second->callee + "' here");
    }

    /// A loop being analyzed: whether its body runs in varying control, and the variables it
    /// assigns and declares (VarSymbol ids).
    struct LoopScope {
        bool varying = false;
        std::set<std::uint32_t> assigned;
        std::set<std::uint32_t> declared;
    };

    /// An element store `a` into a private array named by a variable (private_stores_).
    void note_private_store(const Frame& f, const ast::Assign& a) {
        if (a.target->kind != ast::ExprKind::Index) return;
        const auto& base = *static_cast<const ast::Index&>(*a.target).base;
        if (base.kind != ast::ExprKind::Name) return;
        const ExprInfo& info = f.inst->info(base);
        const types::Type* t = info.type;
        if (info.name_kind != ExprInfo::NameKind::Var || !t || !t->is_array() ||
            t->space != types::AddressSpace::Private)
            return;
        private_stores_[{f.inst->decl, info.var_id}].insert(&a);
    }

    SemaContext& ctx_;
    UniformityFacts& facts_;
    /// The statements that store into each private array, by (function, VarSymbol id).
    std::map<std::pair<const ast::Function*, std::uint32_t>, std::set<const ast::Stmt*>>
        private_stores_;
    std::vector<LoopScope> loops_;  // innermost last (a callee's loops stack on its caller's)
    bool ok_ = true;
    std::deque<Origin> origins_;
    std::deque<Cause> causes_;
    std::vector<std::pair<const SourceFile*, const ast::Call*>> call_stack_;
    std::map<std::tuple<const FunctionInstance*, std::vector<Level>, Level>, Uniformity> summaries_;
};

}  // namespace

bool check_uniformity(SemaContext& ctx, TypedKernel& kernel) {
    kernel.uniformity = {};
    return UniformityAnalysis(ctx, kernel.uniformity).run(*kernel.kernel);
}

}  // namespace dpk::compiler::sema
