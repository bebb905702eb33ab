#include "dpk/runtime/specialization_set.h"

#include <algorithm>

#include "dpk/core/error.h"
#include "runtime/argument_check.h"
#include "runtime/checked_launch.h"
#include "runtime/loaded_kernel_state.h"

namespace dpk::runtime {

Signature without_devices(Signature signature) {
    for (ParamType& p : signature.params) p.device.clear();
    return signature;
}

struct SpecializationSet::Node {
    explicit Node(LoadedKernel k)
        : kernel(std::move(k)), device(kernel.device()), checks(kernel.state().param_checks) {}
    LoadedKernel kernel;
    Device device;
    Signature key;  // signature without device strings
    /// One per parameter: the kernel's own, made once when it was loaded.
    const std::vector<ParamCheck>& checks;
    std::atomic<Node*> next{nullptr};

    bool on(const Device& d) const { return device == d; }
    std::size_t arity() const { return checks.size(); }
    /// Whether argument i fits parameter i; `exact` false lets scalars convert by value.
    bool fits(std::size_t i, const KernelArg& a, std::uint32_t code, bool exact) const {
        return checks[i].fits(a, code, device,
                              exact ? ScalarFit::SameDtype : ScalarFit::ExactValue);
    }
};

SpecializationSet::SpecializationSet(std::string kernel_name) : name_(std::move(kernel_name)) {}

SpecializationSet::~SpecializationSet() {
    Node* n = head_.load(std::memory_order_acquire);
    while (n) {
        Node* next = n->next.load(std::memory_order_relaxed);
        delete n;
        n = next;
    }
}

const LoadedKernel& SpecializationSet::add(LoadedKernel kernel) {
    auto node = std::make_unique<Node>(std::move(kernel));
    node->key = without_devices(node->kernel.signature());
    std::lock_guard lock(add_mutex_);
    Node* raw = node.release();
    if (tail_)
        tail_->next.store(raw, std::memory_order_release);
    else
        head_.store(raw, std::memory_order_release);
    tail_ = raw;
    size_.fetch_add(1, std::memory_order_release);
    return raw->kernel;
}

const LoadedKernel* SpecializationSet::find_signature(const Device& device,
                                                      const Signature& signature) const {
    Signature key = without_devices(signature);
    for (const Node* n = head_.load(std::memory_order_acquire); n;
         n = n->next.load(std::memory_order_acquire))
        if (n->on(device) && n->key == key) return &n->kernel;
    return nullptr;
}

const SpecializationSet::Node* SpecializationSet::match(const Device& device,
                                                        std::span<const KernelArg> args,
                                                        bool exact) const {
    constexpr std::size_t kCodes = 32;
    std::array<std::uint32_t, kCodes> codes;
    const std::size_t precomputed = std::min(args.size(), kCodes);
    for (std::size_t i = 0; i < precomputed; ++i) codes[i] = arg_type_code(args[i]);
    auto fits = [&](const Node* n) {
        if (!n->on(device) || n->arity() != args.size()) return false;
        for (std::size_t i = 0; i < args.size(); ++i) {
            std::uint32_t code = i < kCodes ? codes[i] : arg_type_code(args[i]);
            if (!n->fits(i, args[i], code, exact)) return false;
        }
        return true;
    };
    if (exact) {
        const Node* hint = last_hit_.load(std::memory_order_relaxed);
        if (hint && fits(hint)) return hint;
    }
    for (const Node* n = head_.load(std::memory_order_acquire); n;
         n = n->next.load(std::memory_order_acquire)) {
        if (fits(n)) {
            if (exact) last_hit_.store(n, std::memory_order_relaxed);
            return n;
        }
    }
    return nullptr;
}

const LoadedKernel* SpecializationSet::find(const Device& device,
                                            std::span<const KernelArg> args) const {
    const Node* n = match(device, args, true);
    if (!n) n = match(device, args, false);
    return n ? &n->kernel : nullptr;
}

std::string SpecializationSet::describe_signatures() const {
    std::string s;
    for (const Node* n = head_.load(std::memory_order_acquire); n;
         n = n->next.load(std::memory_order_acquire))
        s += (s.empty() ? "" : "; ") + n->key.pretty() + " on " + n->device.filter_string();
    return s.empty() ? "none" : s;
}

void SpecializationSet::throw_mismatch(const Device& device,
                                       std::span<const KernelArg> args) const {
    const std::string who = "kernel '" + name_ + "'";
    const std::string list = " (specializations: " + describe_signatures() + ")";
    if (size() == 0)
        throw SignatureMismatchError(who +
                                     " has no specialization yet and does not compile on "
                                     "demand; specialize it for the arguments' signature first" +
                                     list);
    // The closest specialization: on this device if any, same arity, most parameters fitting.
    const Node* best = nullptr;
    std::size_t best_score = 0;
    for (const Node* n = head_.load(std::memory_order_acquire); n;
         n = n->next.load(std::memory_order_acquire)) {
        std::size_t score = (n->on(device) ? 1000 : 0) + (n->arity() == args.size() ? 100 : 0);
        if (n->arity() == args.size())
            for (std::size_t i = 0; i < args.size(); ++i)
                score += n->fits(i, args[i], arg_type_code(args[i]), false) ? 1 : 0;
        if (!best || score > best_score) best = n, best_score = score;
    }
    const LoadedKernel& k = best->kernel;
    if (best->arity() != args.size())
        throw SignatureMismatchError(who + " takes " + std::to_string(best->arity()) +
                                     " arguments " + best->key.pretty() + ", " +
                                     std::to_string(args.size()) + " were given" + list);
    if (!best->on(device))
        throw SignatureMismatchError(who + " is not specialized for device " +
                                     device.filter_string() + " ('" + device.name() +
                                     "'); specialize it for that device or launch on a queue of "
                                     "one it has" +
                                     list);
    for (std::size_t i = 0; i < args.size(); ++i) {
        const KernelArg& a = args[i];
        if (best->fits(i, a, arg_type_code(a), false)) continue;
        const auto& names = k.image().param_names;
        throw_argument_mismatch(name_, i, i < names.size() ? names[i] : std::string_view(),
                                best->key.params[i], a, best->device,
                                "specializations: " + describe_signatures());
    }
    throw SignatureMismatchError(who + ": the arguments fit no specialization" + list);
}

std::optional<CheckedLaunch> match_launch(const SpecializationSet& set, const Queue& live_queue,
                                          std::span<const KernelArg> args) {
    // find matches on the queue's device, by arity and by each parameter's ParamCheck: the same
    // checks as check_arguments (a scalar of another dtype fits when it converts exactly).
    const LoadedKernel* k = set.find(live_queue.device(), args);
    if (!k) return std::nullopt;
    return CheckedLaunch(live_queue, *k, args);
}

namespace {
CheckedLaunch checked_or_mismatch(const SpecializationSet& set, const Queue& queue,
                                  std::span<const KernelArg> args) {
    check_queue_live(queue, set.kernel_name(), "the kernel's device");
    std::optional<CheckedLaunch> checked = match_launch(set, queue, args);
    if (!checked) set.throw_mismatch(queue.device(), args);
    return *checked;
}
}  // namespace

Event SpecializationSet::launch(const Queue& queue, const Range& global,
                                std::span<const KernelArg> args,
                                std::span<const Event> deps) const {
    return launch_checked(checked_or_mismatch(*this, queue, args), global, nullptr, deps);
}

Event SpecializationSet::launch(const Queue& queue, const Range& global, const Range& local,
                                std::span<const KernelArg> args,
                                std::span<const Event> deps) const {
    return launch_checked(checked_or_mismatch(*this, queue, args), global, &local, deps);
}

std::vector<LoadedKernel> SpecializationSet::all() const {
    std::vector<LoadedKernel> out;
    for (const Node* n = head_.load(std::memory_order_acquire); n;
         n = n->next.load(std::memory_order_acquire))
        out.push_back(n->kernel);
    return out;
}

}  // namespace dpk::runtime
