#include "tools/dpk/run_command.h"

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <iomanip>
#include <sstream>

#include "runtime/error.h"
#include "runtime/launch.h"
#include "runtime/npy.h"

namespace dpk::tools {

namespace {

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

runtime::Scalar make_scalar(const ArgValue& v, DType type, const std::string& label) {
    const char* begin = v.number.c_str();
    char* end = nullptr;
    runtime::Scalar s;
    if (is_float(type)) {
        double d = std::strtod(begin, &end);
        s = runtime::Scalar::from_double(type, d);
    } else if (type == DType::U64) {
        s = runtime::Scalar::from_uint(type, std::strtoull(begin, &end, 0));
    } else {
        if (looks_float(v.number))
            throw InvalidArgumentError(label + ": '" + v.number +
                                       "' is not an integer, the parameter is " +
                                       std::string(dtype_name(type)));
        s = runtime::Scalar::from_int(type, std::strtoll(begin, &end, 0));
    }
    if (end == begin || *end != '\0')
        throw InvalidArgumentError(label + ": '" + v.number + "' is not a number");
    return s;
}

/// Checks one argument against the type its parameter must have (from -s or the declaration)
/// before anything is compiled; throws SignatureMismatchError naming the parameter, the expected
/// type and the actual one.
void check_argument(const ArgValue& v, const runtime::UsmArray& array, const ParamType& wanted,
                    const std::string& label, const std::string& where) {
    std::string actual;
    switch (v.kind) {
        case ArgValue::Kind::Npy:
        case ArgValue::Kind::Zeros: {
            bool layout_ok = wanted.layout == Layout::Any ||
                             (wanted.layout == Layout::C && array.is_c_contiguous()) ||
                             (wanted.layout == Layout::F && array.is_f_contiguous());
            bool device_ok = wanted.device.empty();
            if (!device_ok)
                for (const runtime::Device& d : runtime::select_devices(wanted.device))
                    device_ok = device_ok || d == array.device();
            if (wanted.is_array() && wanted.dtype == array.dtype() &&
                wanted.ndim == array.ndim() && layout_ok && wanted.usm_type == array.usm_type() &&
                device_ok)
                return;
            ParamType a = array.param_type();
            if (device_ok) a.device.clear();
            actual = "the array " + a.pretty() + " of shape (";
            for (std::size_t d = 0; d < array.shape().size(); ++d)
                actual += (d ? ", " : "") + std::to_string(array.shape()[d]);
            actual += array.ndim() == 1 ? ",)" : ")";
            break;
        }
        case ArgValue::Kind::Local:
            if (wanted.is_local_array() && wanted.dtype == *v.dtype) return;
            actual = "local memory of " + std::string(dtype_name(*v.dtype));
            break;
        case ArgValue::Kind::Number:
            if (wanted.is_scalar() && (!v.dtype || *v.dtype == wanted.dtype)) return;
            actual = "the scalar " + v.number +
                     (v.dtype ? " of type " + std::string(dtype_name(*v.dtype)) : std::string());
            break;
    }
    throw SignatureMismatchError(label + ": expected " + wanted.pretty() + ", got " + actual +
                                 " (" + v.name + "=" + v.text + ")" + where);
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
        else if (w == "--device")
            r.device = need(i, w);
        else if (w == "--no-fp-contract")
            r.compile.fp_contract = false;
        else if (w == "--repeat")
            r.repeat = static_cast<int>(parse_count(need(i, w), "--repeat"));
        else if (w == "--out") {
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
    if (r.kernel.empty()) throw InvalidArgumentError("dpk run: no kernel given (-k KERNEL)");
    if (r.global.empty())
        throw InvalidArgumentError("dpk run: no global range given (--global G0[,G1[,G2]])");
    if (!r.local.empty() && r.local.size() != r.global.size())
        throw InvalidArgumentError("dpk run: --local has " + std::to_string(r.local.size()) +
                                   " sizes, --global has " + std::to_string(r.global.size()));
    return r;
}

int run_command(const RunRequest& request, const KernelResolver& resolve, std::ostream& out,
                std::ostream& err) {
    try {
        KernelSource source = resolve(request.file, request.kernel, request.compile);
        const std::size_t n = source.param_names.size();
        auto label = [&](std::size_t i) {
            return "parameter " + std::to_string(i) + " '" + source.param_names[i] + "'";
        };
        std::vector<const ArgValue*> by_param(n, nullptr);
        for (const ArgValue& a : request.args) {
            auto it = std::find(source.param_names.begin(), source.param_names.end(), a.name);
            if (it == source.param_names.end()) {
                std::string names;
                for (const auto& p : source.param_names) names += (names.empty() ? "" : ", ") + p;
                throw InvalidArgumentError("kernel '" + request.kernel + "' has no parameter '" +
                                           a.name + "' (parameters: " + names + ")");
            }
            auto idx = static_cast<std::size_t>(it - source.param_names.begin());
            if (by_param[idx]) throw InvalidArgumentError(label(idx) + " is given twice");
            by_param[idx] = &a;
        }
        for (std::size_t i = 0; i < n; ++i)
            if (!by_param[i])
                throw InvalidArgumentError(label(i) + " has no value (" + source.param_names[i] +
                                           "=VALUE)");

        runtime::Device device = request.device.empty() ? runtime::default_device()
                                                        : runtime::select_device(request.device);
        runtime::Queue queue(device, runtime::QueueOptions{request.repeat > 0});
        std::optional<Signature> declared_sig;
        if (request.signature) {
            declared_sig = source.parse_signature(*request.signature);
            if (declared_sig->params.size() != n)
                throw SignatureMismatchError("signature " + declared_sig->pretty() + " has " +
                                             std::to_string(declared_sig->params.size()) +
                                             " parameters, kernel '" + request.kernel + "' has " +
                                             std::to_string(n));
        }
        auto wanted = [&](std::size_t i) -> std::optional<ParamType> {
            if (declared_sig) return declared_sig->params[i];
            if (i < source.declared.size()) return source.declared[i];
            return std::nullopt;
        };

        std::vector<runtime::UsmArray> arrays(n);
        std::vector<runtime::KernelArg> args;
        args.reserve(n);
        Signature derived;
        for (std::size_t i = 0; i < n; ++i) {
            const ArgValue& v = *by_param[i];
            std::optional<ParamType> w = wanted(i);
            UsmType usm = w && w->is_array() ? w->usm_type : UsmType::Device;
            switch (v.kind) {
                case ArgValue::Kind::Npy:
                    arrays[i] = runtime::to_usm_array(queue, runtime::read_npy(v.path), usm);
                    break;
                case ArgValue::Kind::Zeros:
                    arrays[i] = runtime::UsmArray::zeros(queue, *v.dtype, v.shape, usm);
                    break;
                case ArgValue::Kind::Local: break;
                case ArgValue::Kind::Number: break;
            }
            switch (v.kind) {
                case ArgValue::Kind::Npy:
                case ArgValue::Kind::Zeros: {
                    const runtime::UsmArray& a = arrays[i];
                    args.emplace_back(a);
                    derived.params.push_back(
                        w ? *w : ParamType::array(a.dtype(), a.ndim(), a.layout(), a.usm_type()));
                    break;
                }
                case ArgValue::Kind::Local:
                    args.emplace_back(
                        runtime::LocalMemory{*v.dtype, static_cast<std::size_t>(v.shape[0])});
                    derived.params.push_back(w ? *w : ParamType::local_array(*v.dtype));
                    break;
                case ArgValue::Kind::Number: {
                    DType t = v.dtype                 ? *v.dtype
                              : (w && w->is_scalar()) ? w->dtype
                              : looks_float(v.number) ? DType::F64
                                                      : DType::I64;
                    args.emplace_back(make_scalar(v, t, label(i)));
                    derived.params.push_back(w ? *w : ParamType::scalar(t));
                    break;
                }
            }
        }

        // The arguments must match -s (or the declared parameter types) before anything is
        // compiled.
        for (std::size_t i = 0; i < n; ++i)
            if (std::optional<ParamType> w = wanted(i))
                check_argument(*by_param[i], arrays[i], *w, label(i),
                               declared_sig ? " (signature " + declared_sig->pretty() + ")"
                                            : std::string(" (as declared)"));

        Signature sig = declared_sig ? *declared_sig : derived;
        KernelImage image = source.specialize(sig, device);
        if (image.param_names.empty()) image.param_names = source.param_names;
        runtime::LoadedKernel kernel(device, std::move(image));

        runtime::Range global = to_range(request.global);
        auto launch_once = [&] {
            return request.local.empty()
                       ? runtime::launch(queue, kernel, global, args)
                       : runtime::launch(queue, kernel, global, to_range(request.local), args);
        };
        if (request.repeat > 0) {
            std::vector<double> us;
            for (int r = 0; r < request.repeat; ++r) {
                runtime::Event e = launch_once();
                us.push_back(static_cast<double>(e.duration_ns()) / 1000.0);
            }
            std::vector<double> sorted = us;
            std::sort(sorted.begin(), sorted.end());
            std::size_t m = sorted.size();
            double median = m % 2 ? sorted[m / 2] : (sorted[m / 2 - 1] + sorted[m / 2]) / 2;
            out << std::fixed << std::setprecision(3) << "kernel_time_us median=" << median
                << " min=" << sorted.front() << " max=" << sorted.back() << " runs=" << m << "\n";
        } else {
            launch_once().wait();
        }

        for (const auto& [name, path] : request.outputs) {
            auto it = std::find(source.param_names.begin(), source.param_names.end(), name);
            auto idx = static_cast<std::size_t>(it - source.param_names.begin());
            if (it == source.param_names.end() || !arrays[idx])
                throw InvalidArgumentError("--out " + name + "=" + path + ": '" + name +
                                           "' is not an array argument");
            runtime::write_npy(path, runtime::to_npy(arrays[idx]));
        }
        return 0;
    } catch (const error& e) {
        err << "dpk run: error: " << e.what() << "\n";
        return 1;
    }
}

}  // namespace dpk::tools
