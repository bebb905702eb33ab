// OpenCL.std extended instructions. Those with an exact PTX equivalent are inlined: sqrt
// (sqrt.rn), f32 rsqrt (rsqrt.approx: 2 ulp, as OpenCL allows), fma and mad (fma.rn), fabs,
// fmin/fmax (PTX min/max return the non-NaN operand, as OpenCL requires), fclamp,
// floor/ceil/trunc/rint (cvt.rmi/rpi/rzi/rni), round (half away from zero), copysign, sign, mix
// (x + (y - x) * a, each step rounded), and the integer s_abs, s_min, s_max, u_min, u_max,
// s_clamp, u_clamp, clz (clz) and ctz (brev, then clz). Every other float function calls dpk's
// PTX math library (backends/cuda/math/): `__dpk_<name>_f32` /
// `_f64`; f16 calls go through the f32 function (argument widened exactly, the result rounded to
// nearest). A function the library lacks is a PtxTranslationError. A library function that calls
// nothing and has no local depot (exp, log, erf, ...) is inlined: its body, unchanged but for
// renamed registers and labels, is pasted at the call site in a block of its own (ptxas never
// inlines a .func, and a call costs CALL/RET, BSSY/BSYNC and registers kept across it); the
// instructions are the library's (all explicitly rounded: -fmad=false), so the results are the
// same bits. The others (sin/cos/tan, pow, ...) stay calls with nvcc's .func ABI.
#include <spirv/unified1/OpenCL.std.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <mutex>
#include <optional>
#include <set>

#include "backends/cuda/math/ptx_math_library.h"
#include "backends/cuda/ptx/function_translator.h"
#include "backends/cuda/ptx/spirv_names.h"
#include "backends/cuda/ptx/translation_error.h"

namespace dpk::backends::cuda {

namespace {

constexpr std::uint32_t kHalfBits = 16;
constexpr std::uint32_t kWordBits = 32;

/// Sign bit, the other bits, 0.5 and 1.0 of a 32/64-bit float.
struct FloatBits {
    const char* sign;
    const char* magnitude;
    const char* half;
    const char* one;
};

FloatBits float_bits(std::uint32_t bits) {
    if (bits == kWordBits) return {"0x80000000", "0x7FFFFFFF", "0f3F000000", "0x3F800000"};
    return {"0x8000000000000000", "0x7FFFFFFFFFFFFFFF", "0d3FE0000000000000", "0x3FF0000000000000"};
}

// Small matchers for the library's PTX lines, in the shapes nvcc prints them (no std::regex:
// it ran at every call site of every translation, and GCC 12 warns falsely inside it under
// the sanitizers).
bool is_name(char c) {
    return std::isalpha(static_cast<unsigned char>(c)) || c == '_';
}
bool is_digit(char c) {
    return std::isdigit(static_cast<unsigned char>(c));
}
bool is_space(char c) {
    return std::isspace(static_cast<unsigned char>(c));
}

/// Reads a run of characters for which `pred` holds from `at`; its length (0: none).
template <typename Pred>
std::size_t run(std::string_view l, std::size_t at, Pred pred) {
    std::size_t i = at;
    while (i < l.size() && pred(l[i])) ++i;
    return i - at;
}

/// `PREFIX\w+\s+` at the start of `l`: where what follows begins, or npos.
std::size_t after_typed(std::string_view l, std::string_view prefix) {
    if (!l.starts_with(prefix)) return std::string_view::npos;
    std::size_t i = prefix.size();
    const std::size_t w = run(l, i, is_identifier_char);
    if (w == 0) return std::string_view::npos;
    i += w;
    const std::size_t sp = run(l, i, is_space);
    return sp == 0 ? std::string_view::npos : i + sp;
}

/// `%NAME` then at least one digit at `at` (NAME of letters and '_'): its length, or 0.
std::size_t numbered_register(std::string_view l, std::size_t at) {
    if (at >= l.size() || l[at] != '%') return 0;
    const std::size_t n = run(l, at + 1, is_name);
    if (n == 0) return 0;
    const std::size_t d = run(l, at + 1 + n, is_digit);
    return d == 0 ? 0 : 1 + n + d;
}

/// `.reg .TYPE %NAME<N>;` -> NAME.
std::optional<std::string> register_declaration(std::string_view l) {
    std::size_t i = after_typed(l, ".reg .");
    if (i == std::string_view::npos || i >= l.size() || l[i] != '%') return std::nullopt;
    const std::size_t n = run(l, ++i, is_name);
    if (n == 0) return std::nullopt;
    const std::string name(l.substr(i, n));
    i += n;
    if (i >= l.size() || l[i] != '<') return std::nullopt;
    const std::size_t d = run(l, ++i, is_digit);
    if (d == 0 || l.substr(i + d) != ">;") return std::nullopt;
    return name;
}

/// `ld.param.TYPE %REG, [NAME_param_K];` (or `[..+0]`) -> {"%REG", K}.
std::optional<std::pair<std::string, std::size_t>> parameter_load(std::string_view l) {
    std::size_t i = after_typed(l, "ld.param.");
    if (i == std::string_view::npos) return std::nullopt;
    const std::size_t r = numbered_register(l, i);
    if (r == 0 || l.substr(i + r, 3) != ", [" || !l.ends_with("];")) return std::nullopt;
    const std::string reg(l.substr(i, r));
    std::string_view inner = l.substr(i + r + 3, l.size() - (i + r + 3) - 2);
    if (inner.ends_with("+0")) inner.remove_suffix(2);
    constexpr std::string_view kParam = "_param_";
    const std::size_t at = inner.rfind(kParam);
    if (at == std::string_view::npos || at == 0) return std::nullopt;
    const std::string_view digits = inner.substr(at + kParam.size());
    if (run(inner, 0, is_identifier_char) != inner.size() || digits.empty() ||
        run(digits, 0, is_digit) != digits.size())
        return std::nullopt;
    return std::pair{reg, static_cast<std::size_t>(std::stoul(std::string(digits)))};
}

/// `st.param.TYPE [func_retval0], VALUE;` (or `[func_retval0+0]`) -> VALUE.
std::optional<std::string> return_store(std::string_view l) {
    std::size_t i = after_typed(l, "st.param.");
    if (i == std::string_view::npos) return std::nullopt;
    std::string_view rest = l.substr(i);
    if (!rest.starts_with("[func_retval0")) return std::nullopt;
    rest.remove_prefix(13);
    if (rest.starts_with("+0")) rest.remove_prefix(2);
    if (!rest.starts_with("], ") || !rest.ends_with(";")) return std::nullopt;
    const std::string_view value = rest.substr(3, rest.size() - 4);
    if (value.empty() || value.find_first_of("; \t\n\r\f\v") != std::string_view::npos)
        return std::nullopt;
    return std::string(value);
}

/// `@%PRED ret;` or `@!%PRED ret;` -> "@%PRED" / "@!%PRED".
std::optional<std::string> predicated_return(std::string_view l) {
    if (!l.starts_with("@")) return std::nullopt;
    std::size_t i = l.starts_with("@!") ? 2 : 1;
    const std::size_t r = numbered_register(l, i);
    if (r == 0) return std::nullopt;
    i += r;
    const std::size_t sp = run(l, i, is_space);
    if (sp == 0 || l.substr(i + sp) != "ret;") return std::nullopt;
    return std::string(l.substr(0, i));
}

/// The body of math library function `def` as lines for a call site: registers renamed
/// `%<tag>_<name>`, labels `$L__<tag>_...`, parameter loads become moves from `args`, the return
/// value store a move to `result`, returns branches to the end. nullopt where the definition is
/// not a leaf this understands (a call, a local depot, a register it does not declare, ...).
std::optional<std::vector<std::string>> inline_math_body(std::string_view def,
                                                         const std::string& tag, unsigned bits,
                                                         const std::vector<std::string>& args,
                                                         const std::string& result) {
    const std::size_t open = def.find("\n{");
    const std::size_t close = def.rfind('}');
    if (open == std::string_view::npos || close == std::string_view::npos || close < open)
        return std::nullopt;
    std::vector<std::string> lines;
    {
        std::string_view body = def.substr(open + 2, close - open - 2);
        while (!body.empty()) {
            const std::size_t nl = body.find('\n');
            std::string line(body.substr(0, nl));
            body = nl == std::string_view::npos ? std::string_view{} : body.substr(nl + 1);
            const std::size_t b = line.find_first_not_of(" \t");
            if (b == std::string::npos) continue;
            line = line.substr(b);
            const std::size_t e = line.find_last_not_of(" \t\r");
            lines.push_back(line.substr(0, e + 1));
        }
    }
    std::set<std::string> declared;
    for (const auto& l : lines)
        if (auto name = register_declaration(l)) declared.insert(*name);
    std::size_t last = lines.size();  // the last instruction
    while (last > 0 && lines[last - 1].empty()) --last;
    const std::string b = ".b" + std::to_string(bits);
    const std::string end = "$L__" + tag + "_end";
    bool need_end = false, ok = true;
    // Registers `%NAME...` become `%<tag>_NAME...`; labels `$L__...` become `$L__<tag>_...`.
    auto rename = [&](const std::string& text) {
        std::string out;
        for (std::size_t i = 0; i < text.size();) {
            const std::size_t n = text[i] == '%' ? run(text, i + 1, is_name) : 0;
            if (n > 0) {
                const std::string name = text.substr(i + 1, n);
                if (!declared.count(name)) ok = false;
                out += "%" + tag + "_" + name;
                i += 1 + n;
            } else if (text.compare(i, 4, "$L__") == 0) {
                out += "$L__" + tag + "_";
                i += 4;
            } else {
                out += text[i++];
            }
        }
        return out;
    };
    std::vector<std::string> out{"{"};
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const std::string& l = lines[i];
        if (l.find("call") != std::string::npos || l.find(".local") != std::string::npos ||
            l.find(".param") == 0 || l.find("%SP") != std::string::npos ||
            l.find('{') != std::string::npos || l.find('}') != std::string::npos)
            return std::nullopt;
        if (auto load = parameter_load(l)) {
            if (load->second >= args.size()) return std::nullopt;
            out.push_back("mov" + b + " \t" + rename(load->first) + ", " + args[load->second] +
                          ";");
        } else if (auto value = return_store(l)) {
            out.push_back("mov" + b + " \t" + result + ", " + rename(*value) + ";");
        } else if (l == "ret;") {
            if (i + 1 != last) {
                out.push_back("bra.uni \t" + end + ";");
                need_end = true;
            }
        } else if (auto predicate = predicated_return(l)) {
            out.push_back(rename(*predicate) + " bra \t" + end + ";");
            need_end = true;
        } else if (l.find("param") != std::string::npos || l.find("ret") == 0) {
            return std::nullopt;
        } else {
            out.push_back(rename(l));
        }
        if (!ok) return std::nullopt;
    }
    out.emplace_back("}");
    if (need_end) out.push_back(end + ":");
    return out;
}

}  // namespace

namespace {

// An inlinable math function's body, made once per process: inline_math_body with placeholders
// for the copy's tag, its arguments and its result, as items. A call site instantiates it by
// substituting them, without reading PTX text again.
constexpr char kTagMark = '\x01';       // the copy's tag in register and label names
constexpr char kArgumentMark = '\x02';  // followed by the argument's index ('0', '1')
constexpr char kResultMark = '\x03';    // the result register
constexpr std::string_view kMarks = "\x01\x02\x03";

struct InlineTemplate {
    bool ok = false;  // a leaf inline_math_body understands
    PtxItems items;
};

const InlineTemplate& inline_template(std::string_view symbol) {
    static std::mutex mu;
    static std::map<std::string, InlineTemplate, std::less<>> known;
    const std::lock_guard<std::mutex> lock(mu);
    if (auto it = known.find(symbol); it != known.end()) return it->second;
    const unsigned bits = symbol.size() > 3 && symbol.substr(symbol.size() - 3) == "f64" ? 64 : 32;
    const std::string tag(1, kTagMark);
    const std::vector<std::string> args = {std::string{kArgumentMark, '0'},
                                           std::string{kArgumentMark, '1'}};
    InlineTemplate t;
    if (auto lines = inline_math_body(ptx_math_definition(symbol), tag, bits, args,
                                      std::string(1, kResultMark))) {
        t.ok = true;
        for (const auto& l : *lines)
            t.items.push_back(parse_line((l.back() == ':' ? "" : "\t") + l));
    }
    return known.emplace(std::string(symbol), std::move(t)).first->second;
}

/// `text` with the template's marks replaced by this copy's tag, arguments and result.
void substitute(std::string& text, const std::string& tag, const std::vector<std::string>& args,
                const std::string& result) {
    if (text.find_first_of(kMarks) == std::string::npos) return;
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == kTagMark) {
            out += tag;
        } else if (text[i] == kArgumentMark && i + 1 < text.size()) {
            const auto k = static_cast<std::size_t>(text[++i] - '0');
            if (k >= args.size())
                fail("cannot translate to PTX: a math library body reads a missing argument");
            out += args[k];
        } else if (text[i] == kResultMark) {
            out += result;
        } else {
            out += text[i];
        }
    }
    text = std::move(out);
}

}  // namespace

bool math_inlined(std::string_view symbol) {
    return inline_template(symbol).ok;
}

const PtxItems* ptx_math_items(std::string_view symbol) {
    static std::mutex mu;
    static std::map<std::string, PtxItems, std::less<>> parsed;
    const std::lock_guard<std::mutex> lock(mu);
    if (auto it = parsed.find(symbol); it != parsed.end()) return &it->second;
    const std::string_view def = ptx_math_definition(symbol);
    if (def.empty()) return nullptr;
    return &parsed.emplace(std::string(symbol), parse_lines(def)).first->second;
}

void FunctionTranslator::round_half_away(const Scalar& s, const std::string& d,
                                         const std::string& x) {
    // trunc(x) + copysign(1, x) when |x - trunc(x)| >= 0.5 (the difference is exact), so
    // 0.49999997f rounds to 0 and -0.5 to -1; NaN and infinities pass through.
    const FloatBits fb = float_bits(s.bits);
    const std::string ft = float_type(s);
    const std::string bits = std::string("b").append(std::to_string(s.bits));
    const RegClass rc = reg_class(s);
    const RegClass ic = s.bits == kWordBits ? RegClass::B32 : RegClass::B64;
    const std::string t = new_reg(rc), diff = new_reg(rc), mag = new_reg(rc);
    const std::string xb = new_reg(ic), ob = new_reg(ic), one = new_reg(rc);
    const std::string up = new_reg(rc);
    const std::string far = new_reg(RegClass::Pred);
    emit("cvt.rzi" + ft + ft, {t, x});
    emit("sub.rn" + ft, {diff, x, t});
    emit("abs" + ft, {mag, diff});
    emit("setp.ge" + ft, {far, mag, fb.half});
    emit("mov." + bits, {xb, x});
    emit("and." + bits, {xb, xb, fb.sign});
    emit("or." + bits, {ob, xb, fb.one});
    emit("mov." + bits, {one, ob});
    emit("add.rn" + ft, {up, t, one});
    emit("selp" + ft, {d, up, t, far});
}

void FunctionTranslator::sign(const Scalar& s, const std::string& d, const std::string& x) {
    const bool word = s.bits == kWordBits;
    const std::string ft = float_type(s);
    const std::string above = new_reg(RegClass::Pred), below = new_reg(RegClass::Pred);
    const std::string nan = new_reg(RegClass::Pred);
    const std::string t = new_reg(reg_class(s)), u = new_reg(reg_class(s));
    emit("setp.gt" + ft, {above, x, word ? "0f00000000" : "0d0000000000000000"});
    emit("setp.lt" + ft, {below, x, word ? "0f00000000" : "0d0000000000000000"});
    emit("setp.nan" + ft, {nan, x, x});
    emit("selp" + ft, {t, word ? "0f3F800000" : "0d3FF0000000000000", x, above});
    emit("selp" + ft, {u, word ? "0fBF800000" : "0dBFF0000000000000", t, below});
    emit("selp" + ft, {d, word ? "0f00000000" : "0d0000000000000000", u, nan});
}

void FunctionTranslator::call_math(const SpirvInstruction& inst, std::string_view name,
                                   const Scalar& s, const std::string& result,
                                   const std::vector<std::string>& args) {
    if (s.bits == kHalfBits) {  // through f32: exact widening, one rounding back
        const Scalar f32{Scalar::Kind::Float, kWordBits};
        std::vector<std::string> wide;
        for (const auto& a : args) {
            wide.push_back(new_reg(RegClass::F32));
            emit("cvt.f32.f16", {wide.back(), a});
        }
        const std::string r = new_reg(RegClass::F32);
        call_math(inst, name, f32, r, wide);
        emit("cvt.rn.f16.f32", {result, r});
        return;
    }
    auto symbol = ptx_math_symbol(name, s.bits);
    if (!symbol)
        unsupported(inst, "OpenCL.std " + std::string(name) + " for f" + std::to_string(s.bits) +
                              " is not implemented on CUDA yet (the PTX math library has no "
                              "definition for it)");
    const std::string sym(*symbol);
    if (std::find(state_.math_symbols.begin(), state_.math_symbols.end(), sym) ==
        state_.math_symbols.end())
        state_.math_symbols.push_back(sym);
    if (math_inlined(sym)) {
        const std::string tag = "m" + std::to_string(++math_inlined_);
        for (PtxItem item : inline_template(sym).items) {
            substitute(item.text, tag, args, result);
            substitute(item.inst.guard, tag, args, result);
            for (PtxOperand& o : item.inst.operands)
                if (auto* text = std::get_if<std::string>(&o.value))
                    substitute(*text, tag, args, result);
            body_.push_back(std::move(item));
        }
        return;
    }
    const std::string ptype = s.bits == kWordBits ? ".b32" : ".b64";
    const std::string stype = float_type(s);
    emit_verbatim("\t{");
    std::string list;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string param = "param" + std::to_string(i);
        emit_verbatim("\t.param " + ptype + " " + param + ";");
        emit("st.param" + stype, {"[" + param + "]", args[i]});
        list += (i ? ", " : "") + param;
    }
    emit_verbatim("\t.param " + ptype + " retval0;");
    emit_verbatim("\tcall (retval0), " + sym + ", (" + list + ");");
    emit("ld.param" + stype, {result, "[retval0]"});
    emit_verbatim("\t}");
}

bool FunctionTranslator::select_ext_inst(const SpirvInstruction& inst) {
    if (inst.opcode != spv::Op::OpExtInst) return false;
    auto set = module_.ext_inst_imports.find(inst.operand(0));
    if (set == module_.ext_inst_imports.end() || set->second != "OpenCL.std")
        unsupported(inst, "only OpenCL.std extended instructions are supported");
    const std::uint32_t number = inst.operand(1);
    if (number == OpenCLLIB::Printf) {
        select_printf(inst);
        return true;
    }
    const auto name = opencl_std_name(number);
    const std::string text = "OpenCL.std " + std::string(name ? *name : std::to_string(number));
    const Scalar s = scalar(inst.result_type, inst);
    std::vector<std::string> args;
    for (std::size_t i = 2; i < inst.operands.size(); ++i) {
        if (!(value_scalar(inst.operands[i], inst).kind == s.kind))
            unsupported(inst, text + " with mixed operand types is not supported");
        args.push_back(use(inst.operands[i]));
    }
    auto need = [&](std::size_t n) {
        if (args.size() != n) unsupported(inst, text + " takes " + std::to_string(n) + " operands");
    };
    const std::string d = def(inst);
    const RegClass rc = reg_class(s);

    if (s.is_int()) {
        const std::string it = std::to_string(kWordBits);
        auto ext = [&](std::size_t i, bool is_signed) {
            return extended(inst.operands[i + 2], is_signed, inst);
        };
        switch (number) {
            case OpenCLLIB::SAbs:
                need(1);
                emit("abs" + int_type(s, true), {d, ext(0, true)});
                return true;
            case OpenCLLIB::SMin:
                need(2);
                emit("min" + int_type(s, true), {d, ext(0, true), ext(1, true)});
                return true;
            case OpenCLLIB::SMax:
                need(2);
                emit("max" + int_type(s, true), {d, ext(0, true), ext(1, true)});
                return true;
            case OpenCLLIB::UMin:
                need(2);
                emit("min" + int_type(s, false), {d, ext(0, false), ext(1, false)});
                return true;
            case OpenCLLIB::UMax:
                need(2);
                emit("max" + int_type(s, false), {d, ext(0, false), ext(1, false)});
                return true;
            case OpenCLLIB::SClamp:
            case OpenCLLIB::UClamp: {  // min(max(x, lo), hi)
                need(3);
                const bool is_signed = number == OpenCLLIB::SClamp;
                const std::string t = new_reg(rc);
                emit("max" + int_type(s, is_signed), {t, ext(0, is_signed), ext(1, is_signed)});
                emit("min" + int_type(s, is_signed), {d, t, ext(2, is_signed)});
                return true;
            }
            case OpenCLLIB::Clz:
            case OpenCLLIB::Ctz: {  // PTX counts into a .u32 whatever the operand's width
                need(1);
                if (s.bits != kWordBits && s.bits != 2 * kWordBits)
                    unsupported(inst, text + " needs a 32- or 64-bit integer");
                const std::string bits = bit_type(s);
                std::string x = args[0];
                if (number == OpenCLLIB::Ctz) {  // ctz(x) = clz(bit-reversed x)
                    x = new_reg(rc);
                    emit("brev" + bits, {x, args[0]});
                }
                if (s.bits == kWordBits) {
                    emit("clz" + bits, {d, x});
                    return true;
                }
                const std::string n = new_reg(RegClass::B32);
                emit("clz" + bits, {n, x});
                emit("cvt.u64.u32", {d, n});
                return true;
            }
            default: unsupported(inst, text + " on integers is not supported on CUDA");
        }
    }
    if (!s.is_float()) unsupported(inst, text + " needs scalar float operands");
    const std::string ft = float_type(s);
    const bool half = s.bits == kHalfBits;
    switch (number) {
        case OpenCLLIB::Fma:
        case OpenCLLIB::Mad:
            need(3);
            emit("fma.rn" + ft, {d, args[0], args[1], args[2]});
            return true;
        case OpenCLLIB::Fabs:
            need(1);
            emit("abs" + ft, {d, args[0]});
            return true;
        case OpenCLLIB::Fmin:
            need(2);
            emit("min" + ft, {d, args[0], args[1]});
            return true;
        case OpenCLLIB::Fmax:
            need(2);
            emit("max" + ft, {d, args[0], args[1]});
            return true;
        case OpenCLLIB::FClamp: {
            need(3);
            const std::string t = new_reg(rc);
            emit("max" + ft, {t, args[0], args[1]});
            emit("min" + ft, {d, t, args[2]});
            return true;
        }
        case OpenCLLIB::Floor:
            need(1);
            emit("cvt.rmi" + ft + ft, {d, args[0]});
            return true;
        case OpenCLLIB::Ceil:
            need(1);
            emit("cvt.rpi" + ft + ft, {d, args[0]});
            return true;
        case OpenCLLIB::Trunc:
            need(1);
            emit("cvt.rzi" + ft + ft, {d, args[0]});
            return true;
        case OpenCLLIB::Rint:
            need(1);
            emit("cvt.rni" + ft + ft, {d, args[0]});
            return true;
        case OpenCLLIB::Rsqrt:
            if (s.bits != kWordBits) break;  // f64 (and f16 through it): the math library
            // MUFU.RSQ: at most 2 ulp over the whole range, subnormals and special values
            // included (CUDA's rsqrtf is this instruction), within OpenCL's 2 ulp.
            need(1);
            emit("rsqrt.approx.f32", {d, args[0]});
            return true;
        case OpenCLLIB::Sqrt:
            need(1);
            if (half) {  // exact through f32 (see select_float.cpp)
                const std::string w = new_reg(RegClass::F32), r = new_reg(RegClass::F32);
                emit("cvt.f32.f16", {w, args[0]});
                emit("sqrt.rn.f32", {r, w});
                emit("cvt.rn.f16.f32", {d, r});
                return true;
            }
            emit("sqrt.rn" + ft, {d, args[0]});
            return true;
        case OpenCLLIB::Copysign: {
            need(2);
            const std::string bits = std::string("b").append(std::to_string(s.bits));
            const RegClass ic = half                  ? RegClass::B16
                                : s.bits == kWordBits ? RegClass::B32
                                                      : RegClass::B64;
            const std::string x = new_reg(ic), y = new_reg(ic), r = new_reg(ic);
            emit("mov." + bits, {x, args[0]});
            emit("mov." + bits, {y, args[1]});
            const std::string sign = half ? "0x8000" : float_bits(s.bits).sign;
            const std::string magnitude = half ? "0x7FFF" : float_bits(s.bits).magnitude;
            emit("and." + bits, {x, x, magnitude});
            emit("and." + bits, {y, y, sign});
            emit("or." + bits, {r, x, y});
            emit("mov." + bits, {d, r});
            return true;
        }
        case OpenCLLIB::Mix: {  // x + (y - x) * a, as OpenCL defines it
            need(3);
            const std::string diff = new_reg(rc), scaled = new_reg(rc);
            emit("sub.rn" + ft, {diff, args[1], args[0]});
            emit("mul.rn" + ft, {scaled, diff, args[2]});
            emit("add.rn" + ft, {d, args[0], scaled});
            return true;
        }
        case OpenCLLIB::Sign: {  // 1.0 above 0, -1.0 below, x itself for +-0, 0.0 for NaN
            need(1);
            if (half) {  // through f32: exact both ways
                const std::string w = new_reg(RegClass::F32), r = new_reg(RegClass::F32);
                emit("cvt.f32.f16", {w, args[0]});
                sign(Scalar{Scalar::Kind::Float, kWordBits}, r, w);
                emit("cvt.rn.f16.f32", {d, r});
                return true;
            }
            sign(s, d, args[0]);
            return true;
        }
        case OpenCLLIB::Round: {
            need(1);
            if (!half) {
                round_half_away(s, d, args[0]);
                return true;
            }
            const std::string w = new_reg(RegClass::F32), r = new_reg(RegClass::F32);
            emit("cvt.f32.f16", {w, args[0]});
            round_half_away(Scalar{Scalar::Kind::Float, kWordBits}, r, w);
            emit("cvt.rn.f16.f32", {d, r});  // exact: an integer of f16's range
            return true;
        }
        default: break;
    }
    if (!name) unsupported(inst, text + " is not a known OpenCL.std instruction");
    call_math(inst, *name, s, d, args);
    return true;
}

}  // namespace dpk::backends::cuda
