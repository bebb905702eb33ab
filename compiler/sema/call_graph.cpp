#include "compiler/sema/call_graph.h"

#include <unordered_map>

namespace dpk::compiler::sema {

namespace {

class RecursionFinder {
public:
    explicit RecursionFinder(SemaContext& ctx) : ctx_(ctx) {}

    bool run() {
        for (const ast::Function* f : ctx_.items().functions())
            if (state_[f] == State::New) visit(*f);
        return ok_;
    }

private:
    enum class State { New, OnStack, Done };

    void visit(const ast::Function& f) {
        state_[&f] = State::OnStack;
        stack_.push_back(&f);
        for (const CallSite& site : ctx_.resolution(f).user_calls) {
            State& s = state_[site.callee];
            if (s == State::OnStack) {
                report(f, site);
            } else if (s == State::New) {
                visit(*site.callee);
            }
        }
        stack_.pop_back();
        state_[&f] = State::Done;
    }

    void report(const ast::Function& caller, const CallSite& site) {
        std::string path;
        bool in_cycle = false;
        for (const ast::Function* g : stack_) {
            in_cycle |= g == site.callee;
            if (in_cycle) path += g->name + " -> ";
        }
        path += site.callee->name;
        ctx_.error(ctx_.file_of(caller),
                   site.call->callee_range.begin.line ? site.call->callee_range : site.call->range,
                   "recursive call to '" + site.callee->name + "' (" + path +
                       "); recursion is not allowed in kernels");
        ok_ = false;
    }

    SemaContext& ctx_;
    std::unordered_map<const ast::Function*, State> state_;
    std::vector<const ast::Function*> stack_;
    bool ok_ = true;
};

}  // namespace

bool check_recursion(SemaContext& ctx) {
    return RecursionFinder(ctx).run();
}

}  // namespace dpk::compiler::sema
