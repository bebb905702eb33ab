#include "runtime/specialization_set.h"

#include <algorithm>

#include "runtime/error.h"

namespace dpk::runtime {

namespace {

// Code layout: kind 2 bits | dtype 4 | ndim 6 | usm_type 2 | C-contiguous 1 | F-contiguous 1.
constexpr std::uint32_t kKindShift = 0, kDtypeShift = 2, kNdimShift = 6, kUsmShift = 12,
                        kCBit = 1u << 14, kFBit = 1u << 15;
constexpr std::uint32_t kKindMask = 3u << kKindShift, kDtypeMask = 15u << kDtypeShift,
                        kNdimMask = 63u << kNdimShift, kUsmMask = 3u << kUsmShift;
constexpr std::uint32_t kArray = 1, kScalar = 2, kLocal = 3;

std::uint32_t field(std::uint32_t v, std::uint32_t shift) {
    return v << shift;
}

const char* arg_kind_name(KernelArg::Kind k) {
    switch (k) {
        case KernelArg::Kind::Array: return "a USM array";
        case KernelArg::Kind::Scalar: return "a scalar";
        case KernelArg::Kind::Local: return "local memory";
    }
    return "?";
}

std::string describe_arg(const KernelArg& a) {
    switch (a.kind()) {
        case KernelArg::Kind::Array:
            return a.array() ? a.array().describe() : std::string("an empty UsmArray");
        case KernelArg::Kind::Scalar: return "a scalar " + a.scalar().str();
        case KernelArg::Kind::Local:
            return "LocalMemory{" + std::string(dtype_name(a.local().dtype)) + ", " +
                   std::to_string(a.local().count) + "}";
    }
    return "?";
}

std::string expected_type(const ParamType& p) {
    switch (p.kind) {
        case ParamType::Kind::Array: return "a USM array " + p.pretty();
        case ParamType::Kind::Scalar: return "a scalar " + p.str();
        case ParamType::Kind::LocalArray:
            return "LocalMemory{" + std::string(dtype_name(p.dtype)) + ", count}";
    }
    return "?";
}

}  // namespace

std::uint32_t arg_type_code(const KernelArg& arg) {
    switch (arg.kind()) {
        case KernelArg::Kind::Array: {
            const UsmArray& a = arg.array();
            if (!a) return field(kArray, kKindShift) | kNdimMask;  // fits nothing
            std::uint32_t c =
                field(kArray, kKindShift) |
                field(static_cast<std::uint32_t>(a.dtype()), kDtypeShift) |
                field(static_cast<std::uint32_t>(std::min(a.ndim(), 63)), kNdimShift) |
                field(static_cast<std::uint32_t>(a.usm_type()), kUsmShift);
            if (a.is_c_contiguous()) c |= kCBit;
            if (a.is_f_contiguous()) c |= kFBit;
            return c;
        }
        case KernelArg::Kind::Scalar:
            return field(kScalar, kKindShift) |
                   field(static_cast<std::uint32_t>(arg.scalar().dtype()), kDtypeShift);
        case KernelArg::Kind::Local:
            return field(kLocal, kKindShift) |
                   field(static_cast<std::uint32_t>(arg.local().dtype), kDtypeShift);
    }
    return 0;
}

ParamMatcher ParamMatcher::of(const ParamType& p) {
    ParamMatcher m;
    switch (p.kind) {
        case ParamType::Kind::Array:
            m.mask = kKindMask | kDtypeMask | kNdimMask | kUsmMask;
            m.value = field(kArray, kKindShift) |
                      field(static_cast<std::uint32_t>(p.dtype), kDtypeShift) |
                      field(static_cast<std::uint32_t>(p.ndim), kNdimShift) |
                      field(static_cast<std::uint32_t>(p.usm_type), kUsmShift);
            if (p.layout == Layout::C) m.mask |= kCBit, m.value |= kCBit;
            if (p.layout == Layout::F) m.mask |= kFBit, m.value |= kFBit;
            break;
        case ParamType::Kind::Scalar:
            m.mask = kKindMask | kDtypeMask;
            m.value = field(kScalar, kKindShift) |
                      field(static_cast<std::uint32_t>(p.dtype), kDtypeShift);
            break;
        case ParamType::Kind::LocalArray:
            m.mask = kKindMask | kDtypeMask;
            m.value =
                field(kLocal, kKindShift) | field(static_cast<std::uint32_t>(p.dtype), kDtypeShift);
            break;
    }
    return m;
}

Signature without_devices(Signature signature) {
    for (ParamType& p : signature.params) p.device.clear();
    return signature;
}

struct SpecializationSet::Node {
    explicit Node(LoadedKernel k) : kernel(std::move(k)) {}
    LoadedKernel kernel;
    Device device;
    Signature key;  // signature without device strings
    std::vector<ParamMatcher> matchers;
    std::atomic<Node*> next{nullptr};

    bool on(const Device& d) const { return device == d; }
    /// Whether argument i fits parameter i; `exact` false lets scalars convert by value.
    bool fits(std::size_t i, const KernelArg& a, std::uint32_t code, bool exact) const {
        if (!matchers[i].accepts(code)) {
            const ParamType& p = key.params[i];
            if (exact || !p.is_scalar() || a.kind() != KernelArg::Kind::Scalar) return false;
            if (!a.scalar().exact_as(p.dtype)) return false;
        }
        return a.kind() != KernelArg::Kind::Array || a.array().device() == device;
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
    node->device = node->kernel.device();
    node->key = without_devices(node->kernel.signature());
    for (const ParamType& p : node->key.params) node->matchers.push_back(ParamMatcher::of(p));
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
        if (!n->on(device) || n->matchers.size() != args.size()) return false;
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
        std::size_t score =
            (n->on(device) ? 1000 : 0) + (n->matchers.size() == args.size() ? 100 : 0);
        if (n->matchers.size() == args.size())
            for (std::size_t i = 0; i < args.size(); ++i)
                score += n->fits(i, args[i], arg_type_code(args[i]), false) ? 1 : 0;
        if (!best || score > best_score) best = n, best_score = score;
    }
    const LoadedKernel& k = best->kernel;
    if (best->matchers.size() != args.size())
        throw SignatureMismatchError(who + " takes " + std::to_string(best->matchers.size()) +
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
        const ParamType& p = best->key.params[i];
        std::string hint;
        if (p.is_array() && a.kind() == KernelArg::Kind::Array && a.array()) {
            const UsmArray& arr = a.array();
            if (arr.device() != best->device)
                hint = "; the array lives on " + arr.device().filter_string() +
                       ", the kernel runs on " + best->device.filter_string() +
                       ": copy it to a USM array there (UsmArray::from_host / copy_from)";
            else if (arr.usm_type() != p.usm_type)
                hint = "; usm_type " + std::string(usm_type_name(arr.usm_type())) + " vs " +
                       std::string(usm_type_name(p.usm_type));
            else if (arr.dtype() == p.dtype && arr.ndim() == p.ndim)
                hint = "; layout " + std::string(layout_name(arr.layout())) + " vs " +
                       std::string(layout_name(p.layout));
        } else if (p.is_array() && a.kind() != KernelArg::Kind::Array) {
            hint = std::string("; got ") + arg_kind_name(a.kind()) +
                   ": host memory is never a kernel argument — copy host data into a USM array "
                   "with UsmArray::from_host(queue, values) and pass that";
        } else if (p.is_scalar() && a.kind() == KernelArg::Kind::Scalar) {
            hint = "; the value does not convert exactly to " + std::string(dtype_name(p.dtype));
        }
        throw SignatureMismatchError(who + ": " + k.param_label(i) + ": expected " +
                                     expected_type(p) + ", got " + describe_arg(a) + hint + list);
    }
    throw SignatureMismatchError(who + ": the arguments fit no specialization" + list);
}

Event SpecializationSet::launch(const Queue& queue, const Range& global,
                                std::span<const KernelArg> args,
                                std::span<const Event> deps) const {
    const LoadedKernel* k = find(queue.device(), args);
    if (!k) throw_mismatch(queue.device(), args);
    return runtime::launch(queue, *k, global, args, deps);
}

Event SpecializationSet::launch(const Queue& queue, const Range& global, const Range& local,
                                std::span<const KernelArg> args,
                                std::span<const Event> deps) const {
    const LoadedKernel* k = find(queue.device(), args);
    if (!k) throw_mismatch(queue.device(), args);
    return runtime::launch(queue, *k, global, local, args, deps);
}

std::vector<LoadedKernel> SpecializationSet::all() const {
    std::vector<LoadedKernel> out;
    for (const Node* n = head_.load(std::memory_order_acquire); n;
         n = n->next.load(std::memory_order_acquire))
        out.push_back(n->kernel);
    return out;
}

}  // namespace dpk::runtime
