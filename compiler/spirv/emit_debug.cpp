// FunctionEmitter: print(...) as OpenCL.std printf, and assert(cond, message), which writes the
// kernel's bounds record (dpk/core/kernel_abi.h) when `cond` is false.
#include <algorithm>

#include "compiler/sema/print_format.h"
#include "compiler/spirv/function_emitter.h"

namespace dpk::compiler::spirv {

namespace {

/// `text` for printf: every '%' doubled.
std::string printf_text(std::string_view text) {
    std::string out;
    for (char c : text) {
        out += c;
        if (c == '%') out += '%';
    }
    return out;
}

/// The source text of `r` (its lines joined by one space when it spans several).
std::string source_text(const source::SourceFile* file, source::SourceRange r) {
    if (!file) return "...";
    std::string out;
    for (std::uint32_t line = r.begin.line; line <= r.end.line; ++line) {
        std::string_view text = file->line(line);
        const std::size_t from = line == r.begin.line ? r.begin.column - 1 : 0;
        const std::size_t to = line == r.end.line ? r.end.column - 1 : text.size();
        if (from > text.size() || to > text.size() || to < from) return "...";
        std::string_view part = text.substr(from, to - from);
        if (line != r.begin.line) {
            while (!part.empty() && (part.front() == ' ' || part.front() == '\t'))
                part.remove_prefix(1);
            out += ' ';
        }
        out += part;
    }
    return out;
}

}  // namespace

void FunctionEmitter::emit_print(const ast::Call& e) {
    const auto& literal = static_cast<const ast::StringLit&>(*e.args.at(0));
    std::string problem;
    const auto format = sema::parse_print_format(literal.value, problem);
    if (!format || format->placeholders() + 1 != e.args.size()) {
        error("internal: print's format was not checked");
        return;
    }
    // One printf conversion per value, in the type printf's variable arguments take: integers
    // below 32 bits widened to 32 (as C promotes them), floats as f64 where the target has it.
    const bool has_fp64 = m_.b.target().has(DeviceFeature::Fp64);
    std::string text = printf_text(format->text[0]);
    std::vector<Id> values;
    for (std::size_t i = 1; i < e.args.size(); ++i) {
        const types::Type* t = fn_.info(*e.args[i]).result();
        Id v = emit_value(*e.args[i]);
        switch (t->dtype) {
            case DType::Bool: {
                const Id pointer = m_.pointer(spv::StorageClass::UniformConstant, m_.b.type_int(8));
                v = inst(spv::Op::OpSelect, pointer,
                         {v, string_pointer("true"), string_pointer("false")});
                text += "%s";
                break;
            }
            case DType::I8:
            case DType::I16: v = convert(v, t->dtype, DType::I32); [[fallthrough]];
            case DType::I32: text += "%d"; break;
            case DType::U8:
            case DType::U16: v = convert(v, t->dtype, DType::U32); [[fallthrough]];
            case DType::U32: text += "%u"; break;
            case DType::I64: text += "%ld"; break;
            case DType::U64: text += "%lu"; break;
            case DType::F16:
            case DType::BF16:
            case DType::F32:
                if (has_fp64) {
                    m_.b.require(spv::Capability::Float64,
                                 "print of an f32, f16 or bf16 value (printf takes floats as f64)");
                    v = convert(v, t->dtype, DType::F64);
                } else if (t->dtype != DType::F32) {
                    v = convert(v, t->dtype, DType::F32);
                }
                text += "%g";
                break;
            case DType::F64: text += "%g"; break;
        }
        values.push_back(v);
        text += printf_text(format->text[i]);
    }
    text += '\n';
    std::vector<Id> operands{m_.opencl_std(), static_cast<Id>(OpenCLLIB::Printf),
                             string_pointer(text)};
    operands.insert(operands.end(), values.begin(), values.end());
    inst(spv::Op::OpExtInst, m_.i32(), operands);
    m_.prints = true;
}

Id FunctionEmitter::string_pointer(std::string_view text) {
    m_.b.require(spv::Capability::Int8, "print's format string (an i8 array)");
    const Id variable = m_.b.string_constant(text);
    m_.use_global(variable);
    const Id zero = m_.const_i64(0);
    return inst(spv::Op::OpInBoundsPtrAccessChain,
                m_.pointer(spv::StorageClass::UniformConstant, m_.b.type_int(8)),
                {variable, zero, zero});
}

void FunctionEmitter::emit_assert(const ast::Call& e) {
    if (!m_.takes_record) return;  // compiled out (EmitOptions::asserts)
    const Id holds = emit_value(*e.args.at(0));
    BoundsSite site;
    site.access = BoundsSite::Access::Assert;
    site.function = fn_.decl->name;
    site.location = (fn_.decl->file ? fn_.decl->file->name() : std::string("<source>")) + ":" +
                    std::to_string(e.range.begin.line) + ":" + std::to_string(e.range.begin.column);
    site.condition = source_text(fn_.decl->file, e.args[0]->range);
    site.message = static_cast<const ast::StringLit&>(*e.args.at(1)).value;
    // One site per assert in the source: a generic function's instances and the kernel's
    // variants share it.
    auto same = std::find(m_.bounds_sites.begin(), m_.bounds_sites.end(), site);
    if (same == m_.bounds_sites.end()) same = m_.bounds_sites.insert(same, std::move(site));
    const auto number = static_cast<std::int64_t>(same - m_.bounds_sites.begin());

    const Id failed = m_.b.next_id();
    const Id done = m_.b.next_id();
    inst_void(spv::Op::OpSelectionMerge, {done, operand(spv::SelectionControlMask::MaskNone)});
    branch_conditional(holds, done, failed);
    begin_block(failed);
    const Id zero = m_.const_i64(0);
    record_out_of_bounds(m_.const_i64(number), zero, zero, zero);
    branch(done);
    begin_block(done);
}

}  // namespace dpk::compiler::spirv
