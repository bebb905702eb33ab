#include "tools/dpk/run_command.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <iomanip>
#include <limits>
#include <optional>
#include <sstream>

#include "compiler/parse/signature_parser.h"
#include "dpk/core/error.h"
#include "dpk/jit/kernel.h"
#include "dpk/runtime/launch.h"
#include "runtime/argument_check.h"
#include "tools/dpk/npy.h"

namespace dpk::tools {

namespace {

/// The most launches --repeat times (each keeps its time: 8 bytes a run).
constexpr std::int64_t kMaxRepeat = 100'000'000;
/// The most untimed launches before them.
constexpr std::int64_t kMaxWarmup = 1'000'000;
/// The work items a chosen local size holds at most (a common GPU block; a CPU driver's vector
/// loop runs over them).
constexpr std::size_t kLocalBudget = 256;

/// The largest divisor of n that is <= cap, preferring multiples of `multiple` (> 1).
std::size_t largest_divisor(std::size_t n, std::size_t cap, std::size_t multiple) {
    cap = std::max<std::size_t>(1, std::min(cap, n));
    if (multiple > 1)
        for (std::size_t b = cap / multiple * multiple; b >= multiple; b -= multiple)
            if (n % b == 0) return b;
    for (std::size_t b = cap; b > 1; --b)
        if (n % b == 0) return b;
    return 1;
}

std::string range_text(const std::vector<std::size_t>& r) {
    std::string s = "(";
    for (std::size_t d = 0; d < r.size(); ++d) s += (d ? ", " : "") + std::to_string(r[d]);
    return s + ")";
}

std::vector<std::string> split(const std::string& s, char sep) {
    std::vector<std::string> parts;
    std::size_t pos = 0;
    while (true) {
        std::size_t end = s.find(sep, pos);
        parts.push_back(s.substr(pos, end == std::string::npos ? std::string::npos : end - pos));
        if (end == std::string::npos) return parts;
        pos = end + 1;
    }
}

std::int64_t parse_count(const std::string& text, const std::string& what) {
    std::int64_t v = 0;
    auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || ptr != text.data() + text.size() || v < 0)
        throw InvalidArgumentError(what + ": '" + text + "' is not a non-negative integer");
    return v;
}

DType parse_dtype_or_throw(const std::string& text, const std::string& what) {
    std::optional<DType> t = parse_dtype(text);
    if (!t) throw InvalidArgumentError(what + ": unknown dtype '" + text + "'");
    return *t;
}

/// "DTYPE[D0,D1,...]" -> dtype and dims.
void parse_typed_shape(const std::string& text, const std::string& what, ArgValue& v) {
    std::size_t open = text.find('[');
    if (open == std::string::npos || text.back() != ']')
        throw InvalidArgumentError(what + ": expected DTYPE[D0,...], got '" + text + "'");
    v.dtype = parse_dtype_or_throw(text.substr(0, open), what);
    std::string dims = text.substr(open + 1, text.size() - open - 2);
    if (dims.empty()) throw InvalidArgumentError(what + ": no dimensions in '" + text + "'");
    for (const std::string& d : split(dims, ',')) v.shape.push_back(parse_count(d, what));
}

std::vector<std::size_t> parse_range(const std::string& text, const std::string& what) {
    std::vector<std::size_t> out;
    for (const std::string& part : split(text, ','))
        out.push_back(static_cast<std::size_t>(parse_count(part, what)));
    if (out.empty() || out.size() > 3)
        throw InvalidArgumentError(what + " takes 1 to 3 comma-separated sizes, got '" + text +
                                   "'");
    return out;
}

runtime::Range to_range(const std::vector<std::size_t>& v) {
    switch (v.size()) {
        case 1: return runtime::Range(v[0]);
        case 2: return runtime::Range(v[0], v[1]);
        default: return runtime::Range(v[0], v[1], v[2]);
    }
}

bool looks_float(const std::string& number) {
    return number.find_first_of(".eEn") != std::string::npos;  // n: nan, inf
}

/// The number as a value of `type`, range-checked as UsmArray::fill checks its value: an
/// integer must be exactly representable, a float must not overflow to infinity (it rounds).
runtime::Scalar make_scalar(const ArgValue& v, DType type, const std::string& label) {
    const char* begin = v.number.c_str();
    char* end = nullptr;
    auto out_of_range = [&]() -> InvalidArgumentError {
        return InvalidArgumentError(label + ": " + v.number + " is out of the range of " +
                                    std::string(dtype_name(type)));
    };
    errno = 0;
    if (is_float(type)) {
        double d = std::strtod(begin, &end);
        if (end == begin || *end != '\0')
            throw InvalidArgumentError(label + ": '" + v.number + "' is not a number");
        runtime::Scalar s = runtime::Scalar::from_double(type, d);
        const bool overflow = errno == ERANGE && std::abs(d) > 1;  // strtod's HUGE_VAL
        const double largest = type == DType::F16 ? 65504.0 : std::numeric_limits<double>::max();
        if (overflow ||
            (std::isfinite(d) && (!std::isfinite(s.as_double()) || std::abs(d) > largest)))
            throw out_of_range();
        return s;
    }
    if (looks_float(v.number))
        throw InvalidArgumentError(label + ": '" + v.number +
                                   "' is not an integer, the parameter is " +
                                   std::string(dtype_name(type)));
    // Parsed as the widest integer of its sign, then converted exactly or refused.
    runtime::Scalar wide;
    if (v.number.find('-') == std::string::npos) {
        wide = runtime::Scalar(static_cast<std::uint64_t>(std::strtoull(begin, &end, 0)));
    } else {
        wide = runtime::Scalar(static_cast<std::int64_t>(std::strtoll(begin, &end, 0)));
    }
    if (end == begin || *end != '\0')
        throw InvalidArgumentError(label + ": '" + v.number + "' is not a number");
    if (errno == ERANGE) throw out_of_range();
    std::optional<runtime::Scalar> exact = wide.exact_as(type);
    if (!exact) throw out_of_range();
    return *exact;
}

/// Parses a -s signature; throws InvalidArgumentError with the rendered diagnostics.
Signature parse_signature_option(const std::string& text) {
    compiler::source::Diagnostics diags;
    std::optional<Signature> sig = compiler::parse::parse_signature(text, diags);
    if (sig) return *sig;
    std::string rendered = diags.render();
    if (!rendered.empty() && rendered.back() == '\n') rendered.pop_back();
    throw InvalidArgumentError("-s '" + text + "' is not a signature:\n" + rendered);
}

}  // namespace

ArgValue parse_arg_value(const std::string& name, const std::string& value) {
    ArgValue v;
    v.name = name;
    v.text = value;
    const std::string what = "argument " + name + "=" + value;
    if (value.empty()) throw InvalidArgumentError(what + ": empty value");
    if (value[0] == '@') {
        v.kind = ArgValue::Kind::Npy;
        v.path = value.substr(1);
        if (v.path.empty()) throw InvalidArgumentError(what + ": no path after '@'");
    } else if (value.rfind("zeros:", 0) == 0) {
        v.kind = ArgValue::Kind::Zeros;
        parse_typed_shape(value.substr(6), what, v);
    } else if (value.rfind("local:", 0) == 0) {
        v.kind = ArgValue::Kind::Local;
        parse_typed_shape(value.substr(6), what, v);
        if (v.shape.size() != 1 || v.shape[0] == 0)
            throw InvalidArgumentError(what +
                                       ": local memory takes one positive count: local:DTYPE[N]");
    } else {
        v.kind = ArgValue::Kind::Number;
        std::size_t colon = value.find(':');
        v.number = value.substr(0, colon);
        if (colon != std::string::npos)
            v.dtype = parse_dtype_or_throw(value.substr(colon + 1), what);
        char* end = nullptr;
        std::strtod(v.number.c_str(), &end);
        if (v.number.empty() || *end != '\0')
            throw InvalidArgumentError(
                what + ": expected @PATH.npy, zeros:DTYPE[...], local:DTYPE[N] or a number");
    }
    return v;
}

RunRequest parse_run_arguments(const std::vector<std::string>& words) {
    RunRequest r;
    auto need = [&](std::size_t& i, const std::string& flag) -> const std::string& {
        if (i + 1 >= words.size())
            throw InvalidArgumentError("dpk run: " + flag + " needs a value");
        return words[++i];
    };
    for (std::size_t i = 0; i < words.size(); ++i) {
        const std::string& w = words[i];
        if (w == "-k" || w == "--kernel")
            r.kernel = need(i, w);
        else if (w == "-s" || w == "--signature")
            r.signature = need(i, w);
        else if (w == "--global")
            r.global = parse_range(need(i, w), "--global");
        else if (w == "--local")
            r.local = parse_range(need(i, w), "--local");
        else if (w == "--device") {
            r.device = need(i, w);
            if (r.device.empty())
                throw InvalidArgumentError(
                    "dpk run: --device needs a filter such as opencl:cpu:0 "
                    "(`dpk devices` lists them), not an empty string");
        } else if (w == "--no-fp-contract")
            r.compile.fp_contract = false;
        else if (w == "--check-bounds")
            r.compile.check_bounds = true;
        else if (w == "--warmup") {
            const std::string& text = need(i, w);
            const std::int64_t n = parse_count(text, "--warmup");
            if (n > kMaxWarmup)
                throw InvalidArgumentError("--warmup: " + text + " is out of range (0 to " +
                                           std::to_string(kMaxWarmup) + ")");
            r.warmup = static_cast<int>(n);
        } else if (w == "--no-restore")
            r.restore = false;
        else if (w == "--no-asserts")
            r.compile.asserts = false;
        else if (w == "--repeat") {
            const std::string& text = need(i, w);
            const std::int64_t n = parse_count(text, "--repeat");
            if (n > kMaxRepeat)
                throw InvalidArgumentError("--repeat: " + text + " is out of range (0 to " +
                                           std::to_string(kMaxRepeat) + ")");
            r.repeat = static_cast<int>(n);
        } else if (w == "--out") {
            const std::string& spec = need(i, w);
            std::size_t eq = spec.find('=');
            if (eq == std::string::npos || eq == 0 || eq + 1 == spec.size())
                throw InvalidArgumentError("--out takes NAME=PATH.npy, got '" + spec + "'");
            r.outputs.emplace_back(spec.substr(0, eq), spec.substr(eq + 1));
        } else if (!w.empty() && w[0] == '-' && w.find('=') == std::string::npos) {
            throw InvalidArgumentError("dpk run: unknown option '" + w + "'");
        } else if (std::size_t eq = w.find('='); eq != std::string::npos && eq > 0) {
            r.args.push_back(parse_arg_value(w.substr(0, eq), w.substr(eq + 1)));
        } else if (r.file.empty()) {
            r.file = w;
        } else {
            throw InvalidArgumentError("dpk run: unexpected '" + w +
                                       "' (arguments are NAME=VALUE)");
        }
    }
    if (r.file.empty()) throw InvalidArgumentError("dpk run: no FILE.dpk given");
    if (r.global.empty())
        throw InvalidArgumentError("dpk run: no global range given (--global G0[,G1[,G2]])");
    if (!r.local.empty() && r.local.size() != r.global.size())
        throw InvalidArgumentError("dpk run: --local has " + std::to_string(r.local.size()) +
                                   " sizes, --global has " + std::to_string(r.global.size()));
    return r;
}

std::vector<std::size_t> choose_local_size(const std::vector<std::size_t>& global,
                                           const KernelAttributes& attributes,
                                           const DeviceInfo& device) {
    std::size_t budget = kLocalBudget;
    for (std::uint64_t limit : {attributes.max_work_group_size, device.max_work_group_size})
        if (limit > 0) budget = std::min<std::size_t>(budget, limit);
    std::vector<std::size_t> local(global.size(), 1);
    for (std::size_t d = 0; d < global.size(); ++d) {
        std::size_t cap = std::max<std::size_t>(1, budget);
        if (d < device.max_work_item_sizes.size() && device.max_work_item_sizes[d] > 0)
            cap = std::min<std::size_t>(cap, device.max_work_item_sizes[d]);
        const std::size_t multiple =
            d == 0 ? static_cast<std::size_t>(attributes.preferred_work_group_size_multiple) : 1;
        local[d] = largest_divisor(global[d], cap, multiple);
        budget = std::max<std::size_t>(1, budget / local[d]);
    }
    return local;
}

ProgramOptions program_options(const RunRequest& request, std::shared_ptr<KernelCache> cache) {
    ProgramOptions options;
    options.cache = std::move(cache);
    options.fp_contract = request.compile.fp_contract;
    options.check_bounds = request.compile.check_bounds;
    options.asserts = request.compile.asserts;
    return options;
}

int run_command(const RunRequest& request, std::ostream& out, std::ostream& err,
                std::shared_ptr<KernelCache> cache) {
    try {
        ProgramOptions options = program_options(request, cache);
        options.warning_handler = [&err](std::string_view, const Signature&,
                                         const std::vector<std::string>& warnings) {
            for (const std::string& w : warnings) err << w;
        };
        Program program = Program::from_file(request.file, options);
        std::string kernel_name = request.kernel;
        if (kernel_name.empty()) {  // -k may be left out when the file has one kernel
            const std::vector<std::string> names = program.kernel_names();
            if (names.size() != 1) {
                std::string list;
                for (const auto& k : names) list += (list.empty() ? "" : ", ") + k;
                throw InvalidArgumentError(
                    "dpk run: " + request.file +
                    (names.empty() ? " has no kernels"
                                   : " has several kernels (" + list + "); choose one with -k"));
            }
            kernel_name = names.front();
        }
        Kernel kernel = program.kernel(kernel_name);
        const std::vector<KernelParameter> params = kernel.parameters();
        const std::size_t n = params.size();
        auto label = [&](std::size_t i) { return runtime::parameter_label(i, params[i].name); };
        std::vector<const ArgValue*> by_param(n, nullptr);
        for (const ArgValue& a : request.args) {
            auto it = std::find_if(params.begin(), params.end(),
                                   [&](const KernelParameter& p) { return p.name == a.name; });
            if (it == params.end()) {
                std::string names;
                for (const auto& p : params) names += (names.empty() ? "" : ", ") + p.name;
                throw InvalidArgumentError("kernel '" + kernel_name + "' has no parameter '" +
                                           a.name + "' (parameters: " + names + ")");
            }
            auto idx = static_cast<std::size_t>(it - params.begin());
            if (by_param[idx]) throw InvalidArgumentError(label(idx) + " is given twice");
            by_param[idx] = &a;
        }
        for (std::size_t i = 0; i < n; ++i)
            if (!by_param[i])
                throw InvalidArgumentError(label(i) + " has no value (" + params[i].name +
                                           "=VALUE)");

        runtime::Device device = request.device.empty() ? runtime::default_device()
                                                        : runtime::select_device(request.device);
        runtime::Queue queue(device, runtime::QueueOptions{request.repeat > 0});
        std::optional<Signature> declared_sig;
        if (request.signature) {
            declared_sig = parse_signature_option(*request.signature);
            if (declared_sig->params.size() != n)
                throw SignatureMismatchError("signature " + declared_sig->pretty() + " has " +
                                             std::to_string(declared_sig->params.size()) +
                                             " parameters, kernel '" + kernel_name + "' has " +
                                             std::to_string(n));
        }
        auto wanted = [&](std::size_t i) -> std::optional<ParamType> {
            if (declared_sig) return declared_sig->params[i];
            return params[i].declared;
        };

        std::vector<runtime::UsmArray> arrays(n);
        std::vector<runtime::KernelArg> args;
        args.reserve(n);
        // A generic scalar parameter given a number without a dtype: typed by the kernel's uses
        // (docs/language.md), after the other arguments are known.
        std::vector<std::optional<bool>> untyped(n);
        for (std::size_t i = 0; i < n; ++i) {
            const ArgValue& v = *by_param[i];
            std::optional<ParamType> w = wanted(i);
            UsmType usm = w && w->is_array() ? w->usm_type : UsmType::Device;
            switch (v.kind) {
                case ArgValue::Kind::Npy:
                    arrays[i] = to_usm_array(queue, read_npy(v.path), usm);
                    args.emplace_back(arrays[i]);
                    break;
                case ArgValue::Kind::Zeros:
                    arrays[i] = runtime::UsmArray::zeros(queue, *v.dtype, v.shape, usm);
                    args.emplace_back(arrays[i]);
                    break;
                case ArgValue::Kind::Local:
                    args.emplace_back(
                        runtime::LocalMemory{*v.dtype, static_cast<std::size_t>(v.shape[0])});
                    break;
                case ArgValue::Kind::Number: {
                    if (!v.dtype && !w) untyped[i] = looks_float(v.number);
                    DType t = v.dtype                 ? *v.dtype
                              : (w && w->is_scalar()) ? w->dtype
                              : looks_float(v.number) ? DType::F64
                                                      : DType::I64;
                    args.emplace_back(make_scalar(v, t, label(i)));
                    break;
                }
            }
        }
        if (std::any_of(untyped.begin(), untyped.end(), [](const auto& u) { return u; })) {
            Signature chosen = kernel.infer_number_types(args, untyped);
            std::string typed;
            for (std::size_t i = 0; i < n; ++i) {
                if (!untyped[i]) continue;
                const DType t = chosen.params[i].dtype;
                args[i] = make_scalar(*by_param[i], t, label(i));
                typed += (typed.empty() ? "" : ", ") + by_param[i]->name + "=" +
                         by_param[i]->number + " as " + std::string(dtype_name(t));
            }
            err << "dpk run: note: kernel '" << request.kernel << "' runs as " << chosen.pretty()
                << " (" << typed << ", from its uses; write NAME=VALUE:DTYPE to choose)\n";
        }

        // The arguments must fit -s (or the declared parameter types) before anything is
        // compiled; a scalar given with its dtype (NUMBER:DTYPE) must have the parameter's.
        for (std::size_t i = 0; i < n; ++i) {
            std::optional<ParamType> w = wanted(i);
            if (!w) continue;
            // A device the signature names is where that parameter's array must live.
            const runtime::Device on =
                w->device.empty() ? device : runtime::select_device(w->device);
            if (runtime::ParamCheck(*w).fits(args[i], on, runtime::ScalarFit::SameDtype)) continue;
            const ArgValue& v = *by_param[i];
            runtime::throw_argument_mismatch(
                kernel_name, i, params[i].name, *w, args[i], on,
                v.name + "=" + v.text + "; " +
                    (declared_sig ? "signature " + declared_sig->pretty() : "as declared"));
        }

        // The specialization the launch uses, made now: for -s, else for the argument types
        // (declared parameters keep their types), as a launch would make it.
        const CompiledKernel compiled = declared_sig ? kernel.specialize(*declared_sig, device)
                                                     : kernel.definition_for(args, device);
        runtime::Range global = to_range(request.global);
        std::vector<std::size_t> local = request.local;
        // A kernel with @local_size launches without a local range: the runtime gives it its own.
        if (local.empty() && !compiled.loaded().image().abi.requires_local_size()) {
            const KernelAttributes attributes = compiled.attributes();
            local = choose_local_size(request.global, attributes, device.info());
            err << "dpk run: note: local size " << range_text(local) << " for global size "
                << range_text(request.global) << " (chosen: the largest divisor within "
                << std::min<std::uint64_t>(kLocalBudget, attributes.max_work_group_size
                                                             ? attributes.max_work_group_size
                                                             : kLocalBudget)
                << " work items, a multiple of the kernel's preferred "
                << attributes.preferred_work_group_size_multiple
                << " where one divides it; --local sets another)\n";
        }
        std::optional<runtime::Range> local_range;
        if (!local.empty()) local_range = to_range(local);
        auto launch_once = [&] {
            return local_range ? kernel.launch(queue, global, *local_range, args)
                               : kernel.launch(queue, global, args);
        };
        // Each timed launch starts from the arrays as given: their first contents are kept on the
        // device and copied back before every launch (copies are not timed).
        std::vector<std::pair<runtime::UsmArray, runtime::UsmArray>> pristine;
        if (request.repeat > 0 && request.restore)
            for (runtime::UsmArray& a : arrays)
                if (a) {
                    runtime::UsmArray copy =
                        runtime::UsmArray::empty(queue, a.dtype(), a.shape(), a.usm_type(),
                                                 a.layout() == Layout::F ? Layout::F : Layout::C);
                    copy.copy_from(a).wait();
                    pristine.emplace_back(a, std::move(copy));
                }
        auto restore = [&] {
            for (auto& [a, copy] : pristine) a.copy_from(copy).wait();
        };
        if (request.repeat > 0) {
            // Untimed launches first: a driver that compiles on first launch (PoCL, per local
            // size) does it there, not in a timed run.
            for (int r = 0; r < request.warmup; ++r) {
                restore();
                launch_once().wait();
            }
            std::vector<double> us;
            for (int r = 0; r < request.repeat; ++r) {
                restore();
                runtime::Event e = launch_once();
                us.push_back(static_cast<double>(e.duration_ns()) / 1000.0);
            }
            std::vector<double> sorted = us;
            std::sort(sorted.begin(), sorted.end());
            std::size_t m = sorted.size();
            double median = m % 2 ? sorted[m / 2] : (sorted[m / 2 - 1] + sorted[m / 2]) / 2;
            out << std::fixed << std::setprecision(3) << "kernel_time_us median=" << median
                << " min=" << sorted.front() << " max=" << sorted.back() << " runs=" << m
                << " warmup=" << request.warmup << "\n";
        } else {
            launch_once().wait();
        }

        for (const auto& [name, path] : request.outputs) {
            auto it = std::find_if(params.begin(), params.end(),
                                   [&](const KernelParameter& p) { return p.name == name; });
            auto idx = static_cast<std::size_t>(it - params.begin());
            if (it == params.end() || !arrays[idx])
                throw InvalidArgumentError("--out " + name + "=" + path + ": '" + name +
                                           "' is not an array argument");
            write_npy(path, to_npy(arrays[idx]));
        }
        return 0;
    } catch (const error& e) {
        err << "dpk run: error: " << e.what() << "\n";
        return 1;
    }
}

}  // namespace dpk::tools
